"""Small building blocks shared by the screens: test hooks, buttons, text fields, tiles.

Every control a test or a user needs to find carries an
``ft.Semantics(identifier=...)`` hook (listed in ``docs/ui-ids.md``); it
appears in the browser as ``flt-semantics-identifier``.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from typing import Any, TypeVar

import flet as ft
from flet.components.hooks.use_ref import MutableRef
from flet.components.utils import _CURRENT_RENDERER  # semi-internal: Flet is pinned exactly

FELT = "#2E6B4A"
INK = "#1B1B1B"
END_MARK = "#E65100"
SPOT = "#FFFFFF"
SPOT_LEGAL = "#FFD54F"

Kept = TypeVar("Kept", bound=ft.Control | None)


def hook(
    identifier: str,
    control: ft.Control,
    *,
    button: bool = False,
    label: str | None = None,
    disabled: bool = False,
    selected: bool | None = None,
) -> ft.Control:
    """Wrap ``control`` with the test hook ``identifier``.

    The hook is also the control's ``key``: Flutter's web engine does not
    update a semantics node's identifier in the DOM when a reused control's
    identifier changes (a picker tile shifting into the place of a played
    one kept its old name), so a different hook must be a different control.
    """
    return ft.Semantics(
        key=identifier,
        identifier=identifier,
        container=True,
        button=button or None,
        label=label,
        disabled=disabled,
        selected=selected,
        content=control,
    )


def run(handler: Callable[..., Any], *args: Any) -> Callable[..., Any]:
    """An event handler that calls ``handler(*args)``, awaiting it when it is a coroutine function."""
    if asyncio.iscoroutinefunction(handler):

        async def on_event_async(_e: object = None) -> None:
            await handler(*args)

        return on_event_async

    def on_event(_e: object = None) -> None:
        handler(*args)

    return on_event


def memoized(fn: Callable[..., ft.Control]) -> Callable[..., ft.Control]:
    """``fn`` as a memoized Flet component: rendered again, and diffed, only when its arguments change.

    A tap re-renders the whole screen; a part whose inputs did not change
    (the scoreboard while a tile is picked, the tiles of the picture, the
    picker tiles not touched) then costs one comparison of its arguments
    instead of building and diffing its controls (``ft.memo``). Arguments are
    compared with ``==``: pass plain values (tuples, strings, numbers) and
    stable callables (bound methods of the state); a closure or list made
    anew on each render defeats it, and an observable argument (the state)
    re-renders it on every change. Outside a Flet render (in-process tests,
    scripts) it is a plain call that returns the controls.
    """
    component = ft.memo(ft.component(fn))

    @functools.wraps(fn)
    def build(*args, **kwargs):
        if _CURRENT_RENDERER.get() is None:
            kwargs.pop("key", None)
            return fn(*args, **kwargs)
        return component(*args, **kwargs)

    return build


def kept(build: Callable[..., Kept], *args: Any) -> Kept:
    """``build(*args)``, the same control object as the last render's while ``args`` are equal (``==``).

    For the many small parts of one memoized component (the tiles of a picker row): kept controls are
    skipped by Flet's diff like a memoized component, without a component object of their own to make,
    compare and mount each render. Call it the same number of times in every render of the component (a
    hook). Outside a Flet render (in-process tests, scripts) it is a plain call.
    """
    if _CURRENT_RENDERER.get() is None:
        return build(*args)
    return ft.use_memo(lambda: build(*args), list(args))


def text_entry(identifier: str, value: str, on_text: Callable[[str], object], **field: Any) -> ft.Control:
    """A text field (hook ``identifier``) that never sends the user's own typing back to the browser.

    ``value`` is the text the app wants the field to hold; ``on_text(text)``
    gets each change. The browser holds the text while the user types and
    the server learns it a key at a time, one message for the new text and
    one for the change event, so a render can fall between a key and its
    event: a field rendered with the app's text then sent the older text
    back, and the browser replaced what was typed meanwhile ("Cy" became
    "CCy"). So the field is given a text only when the app's ``value``
    differs from the last one the field is known to hold (what the app gave
    last, or what the user's last change said); otherwise it keeps its own
    (Flet carries a ``TextField``'s text over when it is rendered without
    one). ``field`` are the ``ft.TextField`` arguments (``label``,
    ``on_submit``…). Outside a Flet render (in-process tests) it is a plain field.
    """
    if _CURRENT_RENDERER.get() is None:
        return hook(identifier, ft.TextField(value=value, on_change=lambda e: on_text(e.control.value), **field))
    return _TextEntry(identifier, value, on_text, field, key=identifier)


@ft.component
def _TextEntry(
    identifier: str, value: str, on_text: Callable[[str], object], field: dict[str, Any], key: str | None = None
) -> ft.Control:  # ``key`` is taken by Flet (the component's identity)
    held: MutableRef[str | None] = ft.use_ref(None)  # the text the field is known to hold: the last
    # given, or the last change's

    def changed(e: ft.Event[ft.TextField]) -> None:
        held.current = e.control.value or ""
        on_text(held.current)

    given = None if held.current == value else value  # None: Flet keeps the field's own text
    if given is not None:
        held.current = given
    # value None: Flet carries the field's own text over (TextField._migrate_state)
    return hook(identifier, ft.TextField(value=given, on_change=changed, **field))  # type: ignore[arg-type]


def action_button(
    identifier: str,
    label: str,
    handler: Callable[..., Any],
    *args: Any,
    disabled: bool = False,
    icon: ft.IconData | None = None,
    filled: bool = False,
) -> ft.Control:
    """A button with a hook; ``handler(*args)`` runs on click (sync or async)."""
    cls = ft.FilledButton if filled else ft.OutlinedButton
    button = cls(label, icon=icon, on_click=run(handler, *args), disabled=disabled)
    return hook(identifier, button, button=True, label=label, disabled=disabled)


def quick_button(
    identifier: str,
    label: str,
    handler: Callable[..., Any],
    *args: Any,
    disabled: bool = False,
    icon: ft.IconData | None = None,
    filled: bool = False,
    width: float | None = None,
    share: bool = False,
) -> ft.Control:
    """A button drawn without Material's ink: same hook, label, look and handler as :func:`action_button`.

    A Material button animates its press (ripple, elevation) for a second
    while the tap travels to the server and back; where Flutter draws in
    software (a browser without a GPU) each of those frames costs as much
    CPU as the answer itself and slows it. Used for the moves entered all
    round long (Play, Draw, Pass, Undo); the result of the tap is the feedback.

    ``share``: the button takes an equal share of its row (``expand``) and its label stays on one line,
    centred with little padding: four such buttons fit a phone's row in every language (a row of
    buttons sized by their labels wrapped "Скасувати" onto a line of its own).
    """
    if disabled:
        fg, bg, border = (
            ft.Colors.with_opacity(0.38, ft.Colors.ON_SURFACE),
            (ft.Colors.with_opacity(0.12, ft.Colors.ON_SURFACE) if filled else None),
            (None if filled else ft.Border.all(1, ft.Colors.with_opacity(0.12, ft.Colors.ON_SURFACE))),
        )
    elif filled:
        fg, bg, border = ft.Colors.ON_PRIMARY, ft.Colors.PRIMARY, None
    else:
        fg, bg, border = ft.Colors.PRIMARY, None, ft.Border.all(1, ft.Colors.OUTLINE)
    text = ft.Text(
        label,
        color=fg,
        weight=ft.FontWeight.W_500,
        size=14,
        no_wrap=share,
        overflow=ft.TextOverflow.FADE if share else ft.TextOverflow.CLIP,
    )
    parts: list[ft.Control] = [ft.Icon(icon, color=fg, size=18), text] if icon else [text]
    # 36 px high, 16 px each side (12 before an icon); ``width`` fixes it (the draw counts: a grid of
    # equal keys); ``share``: an equal share of the row, 4 px each side
    padding = (
        ft.Padding.symmetric(horizontal=4)
        if share
        else ft.Padding.only(left=12 if icon else 16, right=16)
        if width is None
        else None
    )
    box = ft.Container(
        content=ft.Row(parts, spacing=6, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        height=36,
        width=width,
        bgcolor=bg,
        border=border,
        border_radius=18,
        alignment=ft.Alignment.CENTER if width or share else None,
        padding=padding,
        on_click=None if disabled else run(handler, *args),
    )
    if share:
        return ft.Container(expand=True, content=hook(identifier, box, button=True, label=label, disabled=disabled))
    return hook(identifier, box, button=True, label=label, disabled=disabled)


def tile_image(
    first: int,
    second: int,
    cell: float,
    *,
    horizontal: bool = True,
    look: str = "face",
    left: float | None = None,
    top: float | None = None,
) -> ft.Image:
    """A tile drawn ``cell`` pixels per half as one control (:func:`tile_picture_svg`); optionally positioned.

    One control per tile instead of a container, its border and a picture:
    a full table and the picker cost a third as much to build, compare,
    send and lay out on each tap. ``look``: ``face``, ``drawn`` (played
    straight from the stock), ``last`` (just placed) or ``pick`` (in the
    picker); the pictures are ``assets/tiles/<look>/`` (``scripts/make_tile_images.py``).
    """
    width, height = (2 * cell, cell) if horizontal else (cell, 2 * cell)
    return ft.Image(
        src=f"tiles/{look}/{'h' if horizontal else 'v'}-{first}-{second}.svg",
        left=left,
        top=top,
        width=width,
        height=height,
        fit=ft.BoxFit.FILL,
    )
