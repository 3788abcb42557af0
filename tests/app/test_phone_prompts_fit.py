"""The phone's selection slot (two lines beside the drawn mark, fixed height) holds its fixed prompts whole
at 390 px in every language: none is cut with "…" (session 8, a tester's finding in uk)."""

from __future__ import annotations

import pytest

from scorekeeper.app.parts.fit import em_width, fits
from scorekeeper.app.parts.move_panel import CHECKBOX, SELECTION_SMALLEST
from scorekeeper.i18n import Translator

PHONE = 390  # px: the narrowest phone the fold tests use (390×844)


@pytest.mark.parametrize("lang", ["en", "uk", "ko"])
@pytest.mark.parametrize("key", ["ui.pick_tile_or_spot", "ui.pick_lead", "ui.must_pass"])
def test_the_prompts_fit_beside_the_drawn_mark_at_390(lang, key):
    t = Translator(lang)
    mark = t("ui.drawn_short")
    room = PHONE - 20 - (CHECKBOX + em_width(mark) * 14 + 4 + 6)  # as phone_move_panel lays it out
    assert fits(t(key), room, SELECTION_SMALLEST, lines=2), f"{lang}: {t(key)!r} in {room:.0f} px"
