"""The message line (a refusal or error) and the notice (what an import or export did), on every screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ...explain import problem_words, violation_words
from ...i18n import Translator
from ...store import ReadOnlyStore
from ..models.shell import Notice, Shell
from .rule_links import linked_text
from .widgets import hook, run


def message_view(shell: Shell, open_rule: Callable[[str], Any] | None = None) -> ft.Control | None:
    """The shell's message (an engine refusal, a store error or the app's own problem) in the chosen
    language, never a traceback (hook ``message``); ``None`` when there is none. With ``open_rule``, the
    rule id it cites (``S8: …``) links to the rule (:func:`.rule_links.linked_text`)."""
    if shell.error is None:
        return None
    return hook(
        "message",
        ft.Container(
            padding=10,
            border_radius=8,
            bgcolor=ft.Colors.RED_50,
            border=ft.Border.all(1, ft.Colors.RED_300),
            content=linked_text(problem_words(shell.t, shell.error, sentence=True), open_rule, color=ft.Colors.RED_900),
        ),
    )


def notice_view(
    t: Translator,
    notice: Notice | None,
    open_rule: Callable[[str], Any] | None = None,
    undo: Callable[[str, int], Any] | None = None,
) -> ft.Control | None:
    """What the last import, export or abandon did (hook ``notice``): a refusal names the file, round, move
    and rule (a link to it, with ``open_rule``); a notice that can be taken back (``notice.undo``) has an
    Undo button (hook ``notice-undo``) calling ``undo(match_id, version)``, when given."""
    if notice is None:
        return None
    words = notice_words(t, notice)
    color, back = (ft.Colors.GREEN_900, ft.Colors.GREEN_50) if notice.ok else (ft.Colors.RED_900, ft.Colors.RED_50)
    content: ft.Control = linked_text(words, open_rule, color=color)
    if notice.undo is not None and undo is not None:
        content = ft.Row(
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[
                ft.Container(content=content, expand=True),
                hook(
                    "notice-undo",
                    ft.TextButton(t("ui.undo"), icon=ft.Icons.UNDO, on_click=run(undo, *notice.undo)),
                    button=True,
                ),
            ],
        )
    return hook(
        "notice",
        ft.Container(padding=10, border_radius=8, bgcolor=back, border=ft.Border.all(1, color), content=content),
    )


def notice_words(t: Translator, notice: Notice) -> str:
    """What the notice says: its words, and for a refusal where and which rule (``round 1, move 6: H4: …``)."""
    words = t(notice.key, **notice.params)
    if notice.error is not None:
        words += " " + " ".join(w for w in (notice.error.where(t), violation_words(t, notice.error)) if w)
    return words


def message_words(shell: Shell) -> str | None:
    """The shell's message as the message line words it, or ``None`` when there is none."""
    return None if shell.error is None else problem_words(shell.t, shell.error, sentence=True)


def read_only_banner(t: Translator, reason: ReadOnlyStore | None) -> ft.Control | None:
    """Above every screen while the data folder can be read but not written (hook ``read-only``): why, in
    the chosen language (``store_access.read_only_notice``); ``None`` on a store that can write."""
    if reason is None:
        return None
    return hook(
        "read-only",
        ft.Container(
            padding=8,
            border_radius=8,
            bgcolor=ft.Colors.AMBER_50,
            border=ft.Border.all(1, ft.Colors.AMBER_700),
            content=ft.Row(
                [
                    ft.Icon(ft.Icons.LOCK_OUTLINE, color=ft.Colors.AMBER_900, size=18),
                    ft.Text(problem_words(t, reason, sentence=True), color=ft.Colors.AMBER_900, size=13, expand=True),
                ],
                spacing=6,
            ),
        ),
    )
