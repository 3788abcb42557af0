"""Club night, the host's Event screen (issue 23 item 5): the club's events and players, a new event's form
(the game and house rules as the New match form offers them, the format, the fixture length, the points
scheme and tie-breaks), and an event open: its roster with check-in, late entries and withdrawals, the
rounds (the Round screen) and the standings. A scorer's or viewer's tab sees it all and no button that
writes (the store refuses those anyway: ``GuardedClub``)."""

from __future__ import annotations

import functools

import flet as ft

from ...club import Criterion, LengthKind, Status
from ...i18n import Translator
from ..models.app import AppModel
from ..models.event import FORMATS, GAME_COUNTS, LENGTHS, EventDesk
from ..models.setup import GAMES, MAX_NAME
from ..parts.messages import message_view, notice_view
from ..parts.page import choice, content_width, header, page_column
from ..parts.widgets import action_button, hook, run, text_entry
from .new_match import house_rules_section

POINTS = (0, 1, 2, 3)  # a point value a tap away
TIE_BREAKS = tuple(c for c in Criterion if c is not Criterion.POINTS)


def view(app: AppModel) -> ft.Control:
    """The Event screen: an event open, else the list of events, the form and the club's players."""
    t, desk = app.t, app.event
    rows: list[ft.Control] = []
    if desk.state is not None:
        title = desk.state.setup.name
        rows += event_rows(app, desk)
    else:
        title = t("ui.club.title")
        if desk.may_change and not desk.form_open:
            rows.append(
                action_button("club-new-event", t("ui.club.new_event"), desk.open_form, filled=True, icon=ft.Icons.ADD)
            )
        if desk.form_open:
            rows += form_rows(app, desk)
        rows += event_list(t, desk)
        if not desk.form_open:
            rows += player_rows(t, desk)
    notice = notice_view(t, app.shell.notice)
    if notice is not None:
        rows.append(notice)
    message = message_view(app.shell, app.open_rule)
    if message is not None:
        rows.insert(0, message)  # at the top: the form is long, a refusal under it would be out of sight
    return page_column(header(t, title, app.go, width=app.shell.width), rows, content_width(app.shell.width))


def section(text: str) -> ft.Control:
    return ft.Text(text, size=17, weight=ft.FontWeight.BOLD)


def event_list(t: Translator, desk: EventDesk) -> list[ft.Control]:
    """The club's events, newest first; a damaged one says so (hooks ``club-event-N``)."""
    rows: list[ft.Control] = [section(t("ui.club.events"))]
    if not desk.events:
        rows.append(hook("club-no-events", ft.Text(t("ui.club.no_events"))))
    for index, info in enumerate(desk.events):
        if info.problem is not None:
            rows.append(hook(f"club-event-{index}", ft.Text(info.problem, color=ft.Colors.RED_800)))
            continue
        subtitle = " · ".join(
            [
                info.day.isoformat() if info.day else "",
                t(f"ui.club.format.{info.format}"),
                t("ui.club.rounds_n", count=info.rounds),
            ]
        )
        rows.append(
            hook(
                f"club-event-{index}",
                ft.ListTile(
                    title=ft.Text(info.name, weight=ft.FontWeight.BOLD),
                    subtitle=ft.Text(subtitle),
                    leading=ft.Icon(ft.Icons.GROUPS),
                    on_click=run(desk.open_event, info.id),
                ),
                button=True,
            )
        )
    return rows


def player_rows(t: Translator, desk: EventDesk, *, picking: bool = False) -> list[ft.Control]:
    """The club's players: in the form, each a chip to enter (seed number shown); elsewhere a list with
    Rename; and a field to add one (hooks ``club-pick-<id>``, ``club-player-<id>``, ``club-new-player``)."""
    rows: list[ft.Control] = [section(t("ui.club.players_picked" if picking else "ui.club.players"))]
    if picking:
        chips = []
        for player in desk.players:
            seed = desk.picked.index(player.id) + 1 if player.id in desk.picked else None
            label = f"{seed}. {player.name}" if seed else player.name
            chips.append(
                hook(
                    f"club-pick-{player.id}",
                    ft.Chip(
                        label=ft.Text(label), selected=seed is not None, on_select=lambda e, p=player.id: desk.pick(p)
                    ),
                    button=True,
                    label=label,
                    selected=seed is not None,
                )
            )
        rows.append(ft.Row(chips, wrap=True, spacing=6, run_spacing=4))
        rows.append(hook("club-picked", ft.Text(t("ui.club.picked_n", count=len(desk.picked)), size=12)))
    else:
        for player in desk.players:
            rows.append(player_line(t, desk, player.id, player.name))
    if desk.may_change:
        rows.append(new_player_row(t, desk))
    return rows


def player_line(
    t: Translator, desk: EventDesk, player_id: str, name: str, extra: list[ft.Control] | None = None
) -> ft.Control:
    """A player's name (or its rename field) with the buttons given and Rename."""
    if desk.renaming == player_id:
        return ft.Row(
            [
                ft.Container(
                    text_entry(
                        "club-rename-field",
                        desk.rename_text(),
                        desk.set_rename,
                        dense=True,
                        max_length=MAX_NAME,
                        on_submit=run(desk.save_rename),
                    ),
                    expand=True,
                ),
                action_button("club-rename-save", t("ui.club.save"), desk.save_rename, filled=True),
                action_button("club-rename-cancel", t("ui.club.cancel"), desk.start_rename, None),
            ],
            spacing=6,
        )
    controls: list[ft.Control] = [ft.Container(hook(f"club-player-{player_id}", ft.Text(name, size=15)), expand=True)]
    controls += extra or []
    if desk.may_change:
        controls.append(
            hook(
                f"club-rename-{player_id}",
                ft.IconButton(ft.Icons.EDIT, tooltip=t("ui.club.rename"), on_click=run(desk.start_rename, player_id)),
                button=True,
                label=t("ui.club.rename"),
            )
        )
    return ft.Row(controls, spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def new_player_row(t: Translator, desk: EventDesk) -> ft.Control:
    return ft.Row(
        [
            ft.Container(
                text_entry(
                    "club-new-player",
                    "",
                    desk.set_new_player,
                    label=t("ui.club.new_player"),
                    dense=True,
                    max_length=MAX_NAME,
                    on_submit=run(desk.add_player),
                ),
                expand=True,
            ),
            action_button("club-add-player", t("ui.club.add"), desk.add_player, icon=ft.Icons.PERSON_ADD),
        ],
        spacing=6,
    )


def form_rows(app: AppModel, desk: EventDesk) -> list[ft.Control]:
    """The new event: name, date, game and house rules, pairs, format, fixture length, points, tie-breaks,
    players (hooks ``club-name``, ``club-date``, ``club-game-<game>``, ``club-format-<format>``,
    ``club-length-<kind>``, ``club-games-<n>``, ``club-<win|draw|loss|bye>-<n>``, ``club-tie-<criterion>``,
    ``club-create``)."""
    t, game = app.t, desk.game
    rows: list[ft.Control] = [
        section(t("ui.club.new_event")),
        text_entry(
            "club-name", desk.name_text(), desk.set_name, label=t("ui.club.event_name"), dense=True, max_length=200
        ),
        text_entry(
            "club-date", desk.day_text(), desk.set_day, label=t("ui.club.event_date"), dense=True, max_length=10
        ),
        *player_rows(t, desk, picking=True),  # first: a phone's screen shows them without scrolling
        ft.Text(t("ui.game")),
        wrap(
            [
                choice(
                    f"club-game-{v}", t("game." + v), lambda v: game.set_form(variant=v), v, selected=game.variant == v
                )
                for v in GAMES
            ]
        ),
        hook(
            "club-pairs",
            ft.Switch(
                label=t("ui.club.pairs"),
                value=game.partnerships,
                on_change=lambda e: game.set_form(
                    count=4 if e.control.value else 2, partnerships=bool(e.control.value)
                ),
            ),
        ),
    ]
    rows += house_rules_section(app, game)
    rows.append(ft.Text(t("ui.club.format")))
    rows.append(
        wrap(
            [
                choice(
                    f"club-format-{f.value}",
                    t(f"ui.club.format.{f.value}"),
                    functools.partial(desk.set_form, format=f),
                    selected=desk.format is f,
                )
                for f in FORMATS
            ]
        )
    )
    rows.append(ft.Text(t(f"ui.club.format_help.{desk.format.value}"), size=12))
    rows.append(ft.Text(t("ui.club.length")))
    rows.append(
        wrap(
            [
                choice(
                    f"club-length-{k.value}",
                    t(f"ui.club.length.{k.value}"),
                    functools.partial(desk.set_form, length=k),
                    selected=desk.length is k,
                )
                for k in LENGTHS
            ]
        )
    )
    if desk.length is not LengthKind.ONE_GAME:
        rows.append(
            wrap(
                [
                    choice(
                        f"club-games-{n}",
                        t("ui.club.games_n", count=n),
                        functools.partial(desk.set_form, games=n),
                        selected=desk.games == n,
                    )
                    for n in GAME_COUNTS[desk.length]
                ]
            )
        )
    rows.append(ft.Text(t("ui.club.points")))
    for name in ("win", "draw", "loss", "bye"):
        value = getattr(desk, name)
        rows.append(
            wrap(
                [ft.Container(ft.Text(t(f"ui.club.points.{name}")), width=110)]
                + [
                    choice(
                        f"club-{name}-{n}", str(n), functools.partial(desk.set_form, **{name: n}), selected=value == n
                    )
                    for n in POINTS
                ]
            )
        )
    rows.append(
        hook(
            "club-per-game",
            ft.Switch(
                label=t("ui.club.per_game"),
                value=desk.per_game,
                on_change=lambda e: desk.set_form(per_game=bool(e.control.value)),
            ),
        )
    )
    rows.append(
        hook(
            "club-loser-bonus",
            ft.Switch(
                label=t("ui.club.loser_bonus"),
                value=desk.loser_bonus,
                on_change=lambda e: desk.set_form(loser_bonus=bool(e.control.value)),
            ),
        )
    )
    rows.append(ft.Text(t("ui.club.tie_breaks")))
    tie = []
    for criterion in TIE_BREAKS:
        label = t(f"ui.club.criterion.{criterion.value}")
        if criterion in desk.tie_breaks:
            label = f"{desk.tie_breaks.index(criterion) + 1}. {label}"
        tie.append(
            choice(
                f"club-tie-{criterion.value}",
                label,
                desk.toggle_tie_break,
                criterion,
                selected=criterion in desk.tie_breaks,
            )
        )
    rows.append(wrap(tie))
    rows.append(
        ft.Row(
            [
                action_button("club-create", t("ui.club.create"), desk.create, filled=True, icon=ft.Icons.CHECK),
                action_button("club-cancel-form", t("ui.club.cancel"), desk.close_form),
            ],
            spacing=8,
            wrap=True,
        )
    )
    return rows


def wrap(controls: list[ft.Control]) -> ft.Control:
    return ft.Row(controls, wrap=True, spacing=6, run_spacing=4)


STATUS_WORDS = {
    Status.PRESENT: "ui.club.present",
    Status.ABSENT: "ui.club.absent",
    Status.WITHDRAWN: "ui.club.withdrawn",
}


def event_rows(app: AppModel, desk: EventDesk) -> list[ft.Control]:
    """An event open: what it is, the rounds, the roster with check-in, late entries, the standings."""
    t = app.t
    state = desk.state
    assert state is not None
    setup = state.setup
    length = setup.rules.length
    length_words = t(f"ui.club.length.{length.kind.value}")
    if length.kind is not LengthKind.ONE_GAME:
        length_words += " " + t("ui.club.games_n", count=length.games)
    about = " · ".join(
        [setup.day.isoformat(), t("game." + setup.variant), t(f"ui.club.format.{setup.format.value}"), length_words]
    )
    rows: list[ft.Control] = [
        action_button("club-events", t("ui.club.all_events"), desk.close_event, icon=ft.Icons.ARROW_BACK),
        hook("club-about", ft.Text(about)),
        action_button(
            "club-rounds",
            t("ui.club.rounds_button", count=len(state.rounds)),
            app.round.open,
            filled=True,
            icon=ft.Icons.TABLE_RESTAURANT,
        ),
    ]
    if app.projector.offered:  # a host: the wall's screen, and there its link for the wall and players' phones
        rows.append(
            action_button(
                "club-projector", t("ui.club.projector_button"), app.open_projector, state.id, icon=ft.Icons.TV
            )
        )
    rows += standings_rows(t, desk)  # once a round is paired: above the roster, what the room asks first
    rows.append(section(t("ui.club.roster")))
    if desk.may_change:
        rows.append(ft.Text(t("ui.club.roster_help"), size=12))
    for entry in state.roster.entries:
        pid = entry.player.id
        extra: list[ft.Control] = [
            hook(f"club-status-{pid}", ft.Text(t(STATUS_WORDS[entry.status]), size=12, color=ft.Colors.BLUE_GREY_700))
        ]
        if desk.may_change and entry.status is not Status.WITHDRAWN:
            extra.append(
                hook(
                    f"club-present-{pid}",
                    ft.Switch(
                        value=entry.status is Status.PRESENT,
                        on_change=run(desk.set_present, pid, entry.status is not Status.PRESENT),
                    ),
                    label=t("ui.club.present"),
                )
            )
            extra.append(
                hook(
                    f"club-withdraw-{pid}",
                    ft.IconButton(ft.Icons.LOGOUT, tooltip=t("ui.club.withdraw"), on_click=run(desk.withdraw, pid)),
                    button=True,
                    label=t("ui.club.withdraw"),
                )
            )
        rows.append(player_line(t, desk, pid, entry.player.name, extra))
    if desk.may_change:
        late = desk.not_entered()
        if late:
            rows.append(ft.Text(t("ui.club.late_entry")))
            rows.append(
                wrap(
                    [
                        hook(
                            f"club-enter-{p.id}",
                            ft.Chip(label=ft.Text(p.name), on_click=run(desk.enter_player, p.id)),
                            button=True,
                            label=p.name,
                        )
                        for p in late
                    ]
                )
            )
        rows.append(new_player_row(t, desk))
    return rows


def standings_rows(t: Translator, desk: EventDesk) -> list[ft.Control]:
    """The standings after the results so far (hooks ``club-standing-N``): place, name, points, W-D-L."""
    if desk.state is None or not desk.state.rounds:
        return []
    rows: list[ft.Control] = [section(t("ui.club.standings"))]
    for index, row in enumerate(desk.rows):
        place = f"{row.place}{'=' if row.shared else ''}"
        words = t(
            "ui.club.standing_row",
            place=place,
            name=desk.unit_words(row.unit),
            points=row.points,
            won=row.won,
            drawn=row.drawn,
            lost=row.lost,
        )
        rows.append(hook(f"club-standing-{index + 1}", ft.Text(words)))
    return rows
