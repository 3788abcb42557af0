"""The host's "Table" screen: the join codes (QR) of the open match or of the whole table, the devices joined,
Disconnect, Renew (confirmed first: it says what it cuts).

Where no key is needed (the server listens on this computer only) there is nothing to scan: the screen
says how to start the server for phones (``scorekeeper serve --lan``).
"""

from __future__ import annotations

import flet as ft

from ...i18n import Translator
from ...server.roles import Role
from ..models.app import AppModel
from ..models.phones import DeviceRow, JoinCode, Phones
from ..navigation import Screen
from ..parts.messages import message_view, notice_view
from ..parts.page import choice, content_width, header, page_column
from ..parts.widgets import action_button, hook

QR_SIZE = 220  # px: a code a phone's camera reads from arm's length across a table
ROLE_WORDS = {Role.HOST: "ui.role_host", Role.SCORER: "ui.role_scorer", Role.VIEWER: "ui.role_viewer"}
JOIN_WORDS = {Role.SCORER: "ui.join_scorer", Role.VIEWER: "ui.join_viewer"}


def view(app: AppModel) -> ft.Control:
    """The Table screen of ``app``'s host tab."""
    t, phones = app.t, app.phones
    rows: list[ft.Control] = []
    if app.table.match is not None:
        rows.append(
            action_button("back-to-table", t("ui.back_to_table"), app.go, Screen.TABLE, icon=ft.Icons.ARROW_BACK)
        )
    if phones.admission is None:
        rows.append(lan_help(t))
    else:
        if phones.open_match is not None:  # this match's own codes, or the table's (the printed ones)
            rows.append(
                ft.Row(
                    [
                        ft.Text(t("ui.codes_for")),
                        choice(
                            "codes-match",
                            t("ui.codes_match"),
                            phones.show_codes,
                            phones.open_match,
                            selected=phones.match_id is not None,
                        ),
                        choice(
                            "codes-table",
                            t("ui.codes_table"),
                            phones.show_codes,
                            None,
                            selected=phones.match_id is None,
                        ),
                    ],
                    wrap=True,
                    spacing=8,
                    run_spacing=6,
                )
            )
        rows.append(ft.Text(t("ui.phones_scan" if phones.match_id else "ui.phones_scan_table"), size=15))
        rows.append(ft.Row([code_card(t, code) for code in phones.codes], wrap=True, spacing=12, run_spacing=12))
        notice = notice_view(t, app.shell.notice)
        if notice is not None:  # what the last Disconnect or Renew did
            rows.append(notice)
        rows.append(renew_panel(t, phones))
        rows.append(device_list(t, phones))
    message = message_view(app.shell)
    if message is not None:
        rows.append(message)
    return page_column(header(t, t("ui.phones"), app.go, width=app.shell.width), rows, content_width(app.shell.width))


def renew_panel(t: Translator, phones: Phones) -> ft.Control:
    """Renew the codes shown (this match's, or the table's), or, once asked, what that cuts and the choice
    (hooks ``renew-keys``; ``renew-confirm-words``, ``renew-confirm``, ``renew-cancel``)."""
    table = phones.match_id is None
    if not phones.confirming:
        return action_button(
            "renew-keys",
            t("ui.renew_table_keys" if table else "ui.renew_match_keys"),
            phones.ask_renew,
            icon=ft.Icons.REFRESH,
        )
    words = t("ui.renew_table_confirm" if table else "ui.renew_match_confirm", count=phones.cut)
    return hook(
        "renew-confirm-panel",
        ft.Container(
            padding=10,
            border_radius=8,
            bgcolor=ft.Colors.AMBER_50,
            border=ft.Border.all(1, ft.Colors.AMBER_700),
            content=ft.Column(
                [
                    hook("renew-confirm-words", ft.Text(words, color=ft.Colors.AMBER_900)),
                    ft.Row(
                        [
                            action_button(
                                "renew-confirm", t("ui.renew_confirm"), phones.renew, icon=ft.Icons.REFRESH, filled=True
                            ),
                            action_button("renew-cancel", t("ui.renew_cancel"), phones.cancel_renew),
                        ],
                        wrap=True,
                        spacing=8,
                        run_spacing=6,
                    ),
                ],
                spacing=8,
            ),
        ),
    )


def lan_help(t: Translator) -> ft.Control:
    """Why there are no codes, and the command that makes them."""
    return hook(
        "phones-lan-help",
        ft.Column(
            [
                ft.Text(t("ui.phones_local_only"), size=15),
                ft.Text(t("ui.phones_how")),
                ft.Container(
                    padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                    border_radius=6,
                    bgcolor=ft.Colors.BLUE_GREY_50,
                    content=ft.Text("scorekeeper serve --lan", font_family="monospace", selectable=True),
                ),
                ft.Text(t("ui.phones_how_after")),
            ],
            spacing=8,
        ),
    )


def code_card(t: Translator, code: JoinCode) -> ft.Control:
    """One role's QR code with what it lets a phone do, and the join address to type or send."""
    title = t(JOIN_WORDS[code.role])
    return hook(
        f"join-{code.role}",
        ft.Container(
            padding=10,
            border_radius=10,
            border=ft.Border.all(1, ft.Colors.BLUE_GREY_200),
            width=QR_SIZE + 22,
            content=ft.Column(
                [
                    ft.Text(title, weight=ft.FontWeight.BOLD, size=15),
                    ft.Image(
                        src=code.png,
                        width=QR_SIZE,
                        height=QR_SIZE,
                        filter_quality=ft.FilterQuality.NONE,
                        semantics_label=title,
                    ),
                    hook(f"join-url-{code.role}", ft.Text(code.url, size=11, selectable=True)),
                ],
                spacing=6,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ),
        label=title,
    )


def device_list(t: Translator, phones: Phones) -> ft.Control:
    """The devices joined for this match or the whole table: role, what it is, since when; Disconnect, and
    what Disconnect does."""
    rows: list[ft.Control] = [
        hook(
            "devices-count",
            ft.Text(t("ui.devices_joined", count=len(phones.devices)), size=16, weight=ft.FontWeight.BOLD),
        )
    ]
    rows += [device_row(t, phones, device) for device in phones.devices]
    if any(not device.own for device in phones.devices):
        rows.append(ft.Text(t("ui.disconnect_help"), size=12, color=ft.Colors.BLUE_GREY_700))
    return ft.Column(rows, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)  # rows as wide as the screen


def device_row(t: Translator, phones: Phones, device: DeviceRow) -> ft.Control:
    """One device: its words on their own lines (they wrap on a phone), Disconnect under them at its whole
    width (beside the words, a phone's width left it one letter: "D")."""
    since = (
        t("ui.device_since", time=device.since.strftime("%H:%M")) if device.since is not None else t("ui.device_away")
    )
    words = f"{t(ROLE_WORDS[device.role])} · {device.label} · {since}"
    if device.own:
        words += f" · {t('ui.device_this')}"
    controls: list[ft.Control] = [hook(f"device-{device.id}", ft.Text(words))]
    if not device.own:
        controls.append(
            action_button(
                f"disconnect-{device.id}", t("ui.disconnect"), phones.disconnect, device.id, icon=ft.Icons.LINK_OFF
            )
        )
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=10, vertical=8),
        border_radius=8,
        border=ft.Border.all(1, ft.Colors.BLUE_GREY_100),
        content=ft.Column(controls, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.START),
    )
