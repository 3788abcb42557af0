"""The host's "Table" screen: the join codes (QR) of the open match, the devices joined, Disconnect, Renew keys.

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
from ..parts.messages import message_view
from ..parts.page import content_width, header, page_column
from ..parts.widgets import action_button, hook, run

QR_SIZE = 220  # px: a code a phone's camera reads from arm's length across a table
ROLE_WORDS = {Role.HOST: "ui.role_host", Role.SCORER: "ui.role_scorer", Role.VIEWER: "ui.role_viewer"}
JOIN_WORDS = {Role.SCORER: "ui.join_scorer", Role.VIEWER: "ui.join_viewer"}


def view(app: AppModel) -> ft.Control:
    """The Table screen of ``app``'s host tab."""
    t, phones = app.t, app.phones
    rows: list[ft.Control] = []
    if app.table.match is not None:
        rows.append(action_button("back-to-table", t("ui.back_to_table"), app.go, Screen.TABLE,
                                  icon=ft.Icons.ARROW_BACK))
    if phones.admission is None:
        rows.append(lan_help(t))
    else:
        rows.append(ft.Text(t("ui.phones_scan" if phones.match_id else "ui.phones_scan_table"), size=15))
        rows.append(ft.Row([code_card(t, code) for code in phones.codes], wrap=True, spacing=12, run_spacing=12))
        if phones.renewed:
            rows.append(hook("keys-renewed", ft.Text(t("ui.keys_renewed"), color=ft.Colors.GREEN_800)))
        rows.append(ft.Column([
            action_button("renew-keys", t("ui.renew_keys"), phones.renew, icon=ft.Icons.REFRESH),
            ft.Text(t("ui.renew_help"), size=12, color=ft.Colors.BLUE_GREY_700),
        ], spacing=2))
        rows.append(device_list(t, phones))
    message = message_view(app.shell)
    if message is not None:
        rows.append(message)
    return page_column(header(t, t("ui.phones"), app.go, width=app.shell.width), rows, content_width(app.shell.width))


def lan_help(t: Translator) -> ft.Control:
    """Why there are no codes, and the command that makes them."""
    return hook("phones-lan-help", ft.Column([
        ft.Text(t("ui.phones_local_only"), size=15),
        ft.Text(t("ui.phones_how")),
        ft.Container(padding=ft.Padding.symmetric(horizontal=10, vertical=6), border_radius=6,
                     bgcolor=ft.Colors.BLUE_GREY_50,
                     content=ft.Text("scorekeeper serve --lan", font_family="monospace", selectable=True)),
        ft.Text(t("ui.phones_how_after")),
    ], spacing=8))


def code_card(t: Translator, code: JoinCode) -> ft.Control:
    """One role's QR code with what it lets a phone do, and the join address to type or send."""
    title = t(JOIN_WORDS[code.role])
    return hook(f"join-{code.role}", ft.Container(
        padding=10, border_radius=10, border=ft.Border.all(1, ft.Colors.BLUE_GREY_200), width=QR_SIZE + 22,
        content=ft.Column([
            ft.Text(title, weight=ft.FontWeight.BOLD, size=15),
            ft.Image(src=code.png, width=QR_SIZE, height=QR_SIZE, filter_quality=ft.FilterQuality.NONE,
                     semantics_label=title),
            hook(f"join-url-{code.role}", ft.Text(code.url, size=11, selectable=True)),
        ], spacing=6, horizontal_alignment=ft.CrossAxisAlignment.CENTER)), label=title)


def device_list(t: Translator, phones: Phones) -> ft.Control:
    """The devices joined for this match or the whole table: role, what it is, since when; Disconnect."""
    rows: list[ft.Control] = [hook("devices-count", ft.Text(t("ui.devices_joined", count=len(phones.devices)),
                                                            size=16, weight=ft.FontWeight.BOLD))]
    rows += [device_row(t, phones, device) for device in phones.devices]
    return ft.Column(rows, spacing=6)


def device_row(t: Translator, phones: Phones, device: DeviceRow) -> ft.Control:
    since = (t("ui.device_since", time=device.since.strftime("%H:%M")) if device.since is not None
             else t("ui.device_away"))
    words = f"{t(ROLE_WORDS[device.role])} · {device.label} · {since}"
    if device.own:
        words += f" · {t('ui.device_this')}"
    controls: list[ft.Control] = [hook(f"device-{device.id}", ft.Text(words, expand=True))]
    if not device.own:
        controls.append(hook(f"disconnect-{device.id}", ft.OutlinedButton(
            t("ui.disconnect"), on_click=run(phones.disconnect, device.id)), button=True))
    return ft.Row(controls, spacing=8)
