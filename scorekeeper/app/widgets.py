"""Small building blocks shared by the screens: test hooks, buttons, tiles with pips.

Every control a test or a user needs to find carries an
``ft.Semantics(identifier=...)`` hook (listed in ``docs/ui-ids.md``); it
appears in the browser as ``flt-semantics-identifier``.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable

import flet as ft
from flet.components.utils import _CURRENT_RENDERER  # semi-internal: Flet is pinned exactly

# Pip positions inside a 1 x 1 half, as fractions (x, y).
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.28, 0.22), (0.28, 0.5), (0.28, 0.78), (0.72, 0.22), (0.72, 0.5), (0.72, 0.78)),
}

FELT = "#2E6B4A"
TILE_FACE = "#FFFDF6"
TILE_DRAWN = "#DCEEFF"
TILE_LAST = "#FFF1B8"
INK = "#1B1B1B"
SPINNER = "#1565C0"
END_MARK = "#E65100"
SPOT = "#FFFFFF"
SPOT_LEGAL = "#FFD54F"


def hook(identifier: str, control: ft.Control, *, button: bool = False, label: str | None = None,
         disabled: bool = False) -> ft.Semantics:
    """Wrap ``control`` with the test hook ``identifier``.

    The hook is also the control's ``key``: Flutter's web engine does not
    update a semantics node's identifier in the DOM when a reused control's
    identifier changes (a picker tile shifting into the place of a played
    one kept its old name), so a different hook must be a different control.
    """
    return ft.Semantics(key=identifier, identifier=identifier, container=True, button=button or None,
                        label=label, disabled=disabled, content=control)


def run(handler: Callable, *args) -> Callable:
    """An event handler that calls ``handler(*args)``, awaiting it when it is a coroutine function."""
    if asyncio.iscoroutinefunction(handler):
        async def on_event(_e=None):
            await handler(*args)
    else:
        def on_event(_e=None):
            handler(*args)
    return on_event


def memoized(fn: Callable) -> Callable:
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


def text_entry(identifier: str, value: str, on_text: Callable[[str], object], **field: object) -> ft.Control:
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
def _TextEntry(identifier: str, value: str, on_text: Callable[[str], object], field: dict) -> ft.Control:
    held = ft.use_ref(None)  # the text the field is known to hold: the last given, or the last change's

    def changed(e: ft.Event[ft.TextField]) -> None:
        held.current = e.control.value or ""
        on_text(held.current)

    given = None if held.current == value else value  # None: Flet keeps the field's own text
    if given is not None:
        held.current = given
    return hook(identifier, ft.TextField(value=given, on_change=changed, **field))


def action_button(identifier: str, label: str, handler: Callable, *args, disabled: bool = False,
                  icon=None, filled: bool = False) -> ft.Semantics:
    """A button with a hook; ``handler(*args)`` runs on click (sync or async)."""
    cls = ft.FilledButton if filled else ft.OutlinedButton
    button = cls(label, icon=icon, on_click=run(handler, *args), disabled=disabled)
    return hook(identifier, button, button=True, label=label, disabled=disabled)


def quick_button(identifier: str, label: str, handler: Callable, *args, disabled: bool = False,
                 icon=None, filled: bool = False, width: float | None = None) -> ft.Semantics:
    """A button drawn without Material's ink: same hook, label, look and handler as :func:`action_button`.

    A Material button animates its press (ripple, elevation) for a second
    while the tap travels to the server and back; where Flutter draws in
    software (a browser without a GPU) each of those frames costs as much
    CPU as the answer itself and slows it. Used for the moves entered all
    round long (Play, Draw, Pass, Undo); the result of the tap is the feedback.
    """
    if disabled:
        fg, bg, border = ft.Colors.with_opacity(0.38, ft.Colors.ON_SURFACE), (
            ft.Colors.with_opacity(0.12, ft.Colors.ON_SURFACE) if filled else None), (
            None if filled else ft.Border.all(1, ft.Colors.with_opacity(0.12, ft.Colors.ON_SURFACE)))
    elif filled:
        fg, bg, border = ft.Colors.ON_PRIMARY, ft.Colors.PRIMARY, None
    else:
        fg, bg, border = ft.Colors.PRIMARY, None, ft.Border.all(1, ft.Colors.OUTLINE)
    text = ft.Text(label, color=fg, weight=ft.FontWeight.W_500, size=14)
    parts = [ft.Icon(icon, color=fg, size=18), text] if icon else [text]
    # 36 px high, 16 px each side (12 before an icon): Play, Draw, Pass and Undo fit one row on a phone;
    # ``width`` fixes it (the draw counts: a grid of equal keys)
    box = ft.Container(content=ft.Row(parts, spacing=6, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                       height=36, width=width, bgcolor=bg, border=border, border_radius=18,
                       alignment=ft.Alignment.CENTER if width else None,
                       padding=ft.Padding.only(left=12 if icon else 16, right=16) if width is None else None,
                       on_click=None if disabled else run(handler, *args))
    return hook(identifier, box, button=True, label=label, disabled=disabled)


def tile_svg(first: int, second: int, horizontal: bool = True) -> str:
    """The pips of a tile as an SVG picture (transparent face): ``first`` is the left (or top) half.

    One half is a 100 x 100 square; the face colour and outline are drawn by
    the container around the picture, so one file per tile and orientation
    serves every highlight. Files: ``assets/tiles/{h|v}-{first}-{second}.svg``
    (``scripts/make_tile_images.py``).
    """
    w, h = (200, 100) if horizontal else (100, 200)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">']
    if horizontal:
        parts.append('<line x1="100" y1="12" x2="100" y2="88" stroke="#1B1B1B" stroke-width="4"/>')
    else:
        parts.append('<line x1="12" y1="100" x2="88" y2="100" stroke="#1B1B1B" stroke-width="4"/>')
    for index, value in enumerate((first, second)):
        ox, oy = (100 * index, 0) if horizontal else (0, 100 * index)
        for fx, fy in PIPS[value]:
            if not horizontal:  # keep the 2, 3 and 6 patterns across the tile's short side
                fx, fy = fy, fx
            parts.append(f'<circle cx="{ox + fx * 100:g}" cy="{oy + fy * 100:g}" r="9" fill="#1B1B1B"/>')
    parts.append("</svg>")
    return "".join(parts)


# The looks of a whole tile drawn as one picture (face, outline and pips): ``(face, outline, stroke)``,
# the stroke in picture units (a half is 100 x 100), so it scales with the tile as a zoom does.
TILE_LOOKS = {
    "face": (TILE_FACE, INK, 5),        # on the table
    "drawn": (TILE_DRAWN, INK, 5),      # on the table, played straight from the stock
    "last": (TILE_LAST, INK, 5),        # on the table, the tile just placed
    "pick": (TILE_FACE, INK, 6),        # in the picker (a tile not offered now is veiled, not redrawn)
}
SPINNER_STROKE = 11  # a double on the table is outlined in blue (every double is a spinner, S5)


def tile_picture_svg(first: int, second: int, horizontal: bool = True, look: str = "face") -> str:
    """A whole tile as an SVG picture: face, rounded outline, dividing line and pips.

    ``look`` is a key of :data:`TILE_LOOKS`; on the table (``face``,
    ``drawn``, ``last``) a double gets the blue spinner outline. Files:
    ``assets/tiles/{look}/{h|v}-{first}-{second}.svg`` (``scripts/make_tile_images.py``).
    """
    face, outline, stroke = TILE_LOOKS[look]
    if first == second and look in ("face", "drawn", "last"):
        outline, stroke = SPINNER, SPINNER_STROKE
    w, h = (200, 100) if horizontal else (100, 200)
    inner = tile_svg(first, second, horizontal)
    body = inner[inner.index(">") + 1:inner.rindex("</svg>")]
    frame = (f'<rect x="{stroke / 2:g}" y="{stroke / 2:g}" width="{w - stroke:g}" height="{h - stroke:g}" '
             f'rx="14" fill="{face}" stroke="{outline}" stroke-width="{stroke:g}"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">'
            f"{frame}{body}</svg>")


def tile_image(first: int, second: int, cell: float, *, horizontal: bool = True, look: str = "face",
               left: float | None = None, top: float | None = None) -> ft.Image:
    """A tile drawn ``cell`` pixels per half as one control (:func:`tile_picture_svg`); optionally positioned.

    One control per tile instead of a container, its border and a picture:
    a full table and the picker cost a third as much to build, compare,
    send and lay out on each tap.
    """
    width, height = (2 * cell, cell) if horizontal else (cell, 2 * cell)
    return ft.Image(src=f"tiles/{look}/{'h' if horizontal else 'v'}-{first}-{second}.svg", left=left, top=top,
                    width=width, height=height, fit=ft.BoxFit.FILL)


WIDE = 900  # px: from here a screen uses two columns (the table, the history, the review)


def picker_cell_for(width: float) -> float:
    """Pixel size of a tile half in the pickers for a window ``width`` px wide: larger on a wide window."""
    return 24 if width >= WIDE else 19
