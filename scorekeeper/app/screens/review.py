"""The review screen: a recorded match round by round and move by move.

Each step shows the match after that action, re-folded by the engine
(:class:`~..models.review_steps.Review`): the scoreboard and the layout
picture at that moment (the table screen's own views, fed a read-only
:class:`~..models.position.StillPosition`), what was done, the award
explained, whose turn came next and why, and the chart of the scores with
the step marked. The step controls stay at the bottom, under the thumb.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ...explain import (
    called_words,
    hands_words,
    move_words,
    placement_words,
    settlement_lines,
    turn_words,
    winners_words,
)
from ...i18n import Translator
from ...rules import Match
from ..models.app import AppModel
from ..models.position import StillPosition
from ..models.review_steps import Review, Step
from ..navigation import Screen
from ..parts.chart import score_chart
from ..parts.house_line import with_house_rules_line
from ..parts.layout_view import table_picture
from ..parts.match_end import export_button
from ..parts.messages import message_view, notice_view
from ..parts.page import content_width, header
from ..parts.rule_links import words_text
from ..parts.scoreboard import scoreboard
from ..parts.widgets import hook, run


def step_title(t: Translator, review: Review, step: Step) -> str:
    """``Round 2 of 4 · move 5 of 10``, ``Round 2 of 4: start``, ``Round 2 of 4: hands and settlement``."""
    rounds = review.steps[-1].round_no
    if step.kind == "move":
        return t("ui.step_move", round=step.round_no, rounds=rounds, move=step.move_no, moves=step.moves)
    key = {"start": "ui.step_start", "misplay": "ui.step_misplay"}.get(step.kind, "ui.step_reveal")
    return t(key, round=step.round_no, rounds=rounds)


def step_words(t: Translator, match: Match, step: Step) -> str:
    """What was done at ``step``: the lead, a placement (and where), a draw, a pass, a round start or the hands."""
    r = match.rounds[step.round_no - 1]
    if step.kind == "start":
        return t("account.round", number=r.number, name=match.players[r.starter])
    if step.kind == "reveal":
        return hands_words(t, match, r)
    if step.kind == "misplay":  # R14: the offence as the log says it, in the screen's language
        offence = r.misplays[-1]
        name = match.players[int(str(offence["player"]))]
        return t("ui.misplay_step", name=name, move=int(str(offence["move"])) + 1, tile=offence["tile"])
    assert step.move_no is not None
    return move_words(t, match, r, step.move_no - 1)


def award_lines(t: Translator, match: Match, step: Step) -> list[str]:
    """Each award of ``step`` explained: the placement's ends and points, or the settlement step by step;
    first, at the step that called time (R15), that it did."""
    r = match.rounds[step.round_no - 1]
    called = match.clock_called
    at = step.move_no if step.kind == "move" else (0 if step.kind == "start" else "hands")
    lines = (
        [called_words(t, called)] if called is not None and (called.round, called.move) == (step.round_no, at) else []
    )
    if step.move_no is not None:
        info = r.placements.get(step.move_no - 1)
        return lines + ([placement_words(t, match, info)] if info is not None else [])
    if step.kind == "reveal":
        return lines + settlement_lines(t, match, r)  # 0-raw awards included
    return lines


def next_words(t: Translator, match: Match) -> str | None:
    """Whose turn came next and why, how the round ended, or who won."""
    if match.finished:
        return winners_words(t, match.side_names, match.winners)
    turn = match.turn
    r = match.round
    if turn is not None:
        return turn_words(t, match, turn)
    if r is not None and r.ended == "domino" and not r.settled and r.finisher is not None:
        return t("ui.domino", name=match.players[r.finisher])
    if r is not None and r.ended == "block" and not r.settled:
        return t("ui.blocked")
    return None


def nav_button(
    identifier: str, icon: ft.IconData, label: str, go: Callable[[int | None], Any], index: int | None
) -> ft.Control:
    """A step control: disabled where there is no such step (at the first or last)."""
    button = ft.IconButton(icon, tooltip=label, disabled=index is None, icon_size=30, on_click=run(go, index))
    return hook(identifier, button, button=True, label=label, disabled=index is None)


def controls(t: Translator, review: Review, go: Callable[[int | None], Any], *more: ft.Control) -> ft.Control:
    """Previous/next round and move, with the step's number between, then ``more`` (a phone's Export);
    ``go(index)`` shows a step."""
    return ft.Row(
        alignment=ft.MainAxisAlignment.CENTER,
        spacing=2,
        controls=[
            nav_button(
                "review-prev-round", ft.Icons.SKIP_PREVIOUS, t("ui.previous_round"), go, review.previous_round()
            ),
            nav_button("review-prev", ft.Icons.CHEVRON_LEFT, t("ui.previous_move"), go, review.previous_move()),
            # every action is a step (a round's start, each move, the hands): named, so "16 / 19" beside "move 15
            # of 17" (the round's moves) no longer reads as a second, contradicting move number
            hook(
                "review-count",
                ft.Text(
                    t("ui.step_count", n=review.index + 1, total=len(review.steps)),
                    size=12,
                    width=84,
                    text_align=ft.TextAlign.CENTER,
                    color=ft.Colors.GREY_700,
                ),
            ),
            nav_button("review-next", ft.Icons.CHEVRON_RIGHT, t("ui.next_move"), go, review.next_move()),
            nav_button("review-next-round", ft.Icons.SKIP_NEXT, t("ui.next_round"), go, review.next_round()),
            *more,
        ],
    )


def view(app: AppModel) -> ft.Control:
    """A stored match step by step (one action per step): under the header the house rules it plays (the
    table's line), the scoreboard, the layout, what was done and the award explained at the step shown,
    the chart with the step marked, and the step controls.
    Without a review open: the start screen."""
    t, shell = app.t, app.shell
    review = app.review.review
    if review is None:  # nothing opened for review (e.g. a stale screen name): the start screen
        from .home import view as home_view

        return home_view(app)
    match = review.match
    assert match is not None, "a review is folded when opened"
    width = content_width(shell.width)
    head: ft.Control = ft.Row(
        [
            hook(
                "back",
                ft.IconButton(ft.Icons.ARROW_BACK, tooltip=t("ui.history"), on_click=run(app.go, Screen.HISTORY)),
                button=True,
                label=t("ui.history"),
            ),
            ft.Container(
                content=header(
                    t, t("ui.review_of", sides=" — ".join(match.side_names)), app.go, width=shell.width, before=1
                ),
                expand=True,
            ),
        ],
        spacing=0,
    )
    head = with_house_rules_line(head, t, match.house_rules, app.open_rule)  # the line the table showed
    assert review.whole is not None
    if review.whole.clock_called is not None:  # R15: when time was called, whichever step is shown
        called = called_words(t, review.whole.clock_called)
        head = ft.Column([head, hook("review-clock", ft.Text(called, size=12, color=ft.Colors.RED_800))], spacing=0)
    if review.step is None:
        return ft.Column([head, ft.Text(t("ui.review_empty"))], spacing=10)
    step = review.step
    moment = StillPosition(match)  # the table's own views draw the step; nothing can be chosen on it
    wide = shell.wide
    picture_w = shell.width * 0.58 - 24 if wide else width
    side_w = shell.width - picture_w - 48 if wide else width
    picture = table_picture(t, moment, picture_w, 520 if wide else 300) if match.round is not None else None
    assert review.whole is not None
    chart = score_chart(t, review.whole, side_w - 4, 170 if wide else 150, marker=step.index + 1)
    extra = [
        c for c in (message_view(shell, app.open_rule), notice_view(t, shell.notice, app.open_rule)) if c is not None
    ]
    export = ft.Row(
        wrap=True,
        spacing=6,
        controls=[  # a wide window: at the end of the right column
            export_button(app, review.match_id),
        ],
    )
    lower: list[ft.Control] = [
        hook("review-step", ft.Text(step_title(t, review, step), size=13, color=ft.Colors.GREY_700)),
        hook("review-move", words_text(step_words(t, match, step), size=16, weight=ft.FontWeight.BOLD)),
    ]
    awards = award_lines(t, match, step)
    if awards:
        lower.append(
            hook(
                "review-explain",
                ft.Column([words_text(line, size=14, color=ft.Colors.BLUE_GREY_800) for line in awards], spacing=2),
            )
        )
    after = next_words(t, match)
    if after:
        lower.append(hook("review-turn", words_text(after, size=14)))
    if wide:  # the picture on the left; scores, the step and its controls, the chart on the right
        right = [
            scoreboard(t, moment),
            *lower,
            controls(t, review, app.review.go),
            ft.Divider(height=1),
            chart,
            *extra,
            export,
        ]
        columns = ft.Row(
            vertical_alignment=ft.CrossAxisAlignment.START,
            expand=True,
            spacing=16,
            controls=[
                ft.Column([picture] if picture else [], width=picture_w),
                ft.Column(right, spacing=8, expand=True, scroll=ft.ScrollMode.AUTO),
            ],
        )
        return ft.Column([head, columns], spacing=6, expand=True)
    # phone: what the table looked like scrolls above; the step, its controls, Export and what Export did
    # stay in the fixed part under the thumb (at the end of the scrolling part, Export was out of view on
    # a long step, and its notice pushed it further down)
    upper = [scoreboard(t, moment), *([picture] if picture else []), chart]
    share = app.services.device.can_share  # the phone app: the share sheet, else a download
    label = t("ui.share") if share else t("ui.export")
    export_icon = hook(
        "export",
        ft.IconButton(
            ft.Icons.SHARE if share else ft.Icons.DOWNLOAD,
            tooltip=label,
            icon_size=26,
            on_click=run(app.transfer.export_match, review.match_id),
        ),
        button=True,
        label=label,
    )
    body = ft.Column(
        [
            ft.Column(upper, spacing=8, scroll=ft.ScrollMode.AUTO, expand=True),
            ft.Divider(height=1),
            ft.Column([*extra, *lower, controls(t, review, app.review.go, export_icon)], spacing=4),
        ],
        spacing=6,
        expand=True,
        width=width,
    )
    return ft.Column(
        [head, ft.Container(content=body, alignment=ft.Alignment.TOP_CENTER, expand=True)], spacing=6, expand=True
    )
