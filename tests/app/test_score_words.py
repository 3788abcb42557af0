"""How scores read: the distance to the target at zero, an unfinished match's line on the start screen, and
winners and scores joined in the user's language."""

from __future__ import annotations

import pytest

from .test_state import new_match_state, run, shown


@pytest.mark.parametrize(
    ("lang", "variant", "words"),
    [
        ("en", "horse-race", "61 to go"),
        ("en", "exact-61", "exactly 61 to go"),
        ("uk", "horse-race", "ще 61"),
        ("uk", "exact-61", "ще рівно 61"),
        ("ko", "horse-race", "61 남음"),
        ("ko", "exact-61", "정확히 61 남음"),
    ],
)
def test_the_distance_at_zero_reads_naturally(state, lang, variant, words):
    """Newcomer 7: at 0 points the card said "61 to 61" / "exactly 61 to 61"."""
    state.shell.lang = lang
    new_match_state(state, variant, ["Ann", "Bo"])
    assert shown(state)["distance-0"] == words


def test_an_unfinished_match_on_the_start_screen_says_when_it_started_and_keeps_each_score_whole(state):
    """Newcomer 12: no date or time, and "(14" / ": 0)" wrapped apart."""
    from datetime import datetime

    from scorekeeper.app.navigation import Screen
    from scorekeeper.app.screens import home

    from .hooks import hooks, text

    new_match_state(state, "horse-race", ["Ann", "Bo"])
    run(state.table.start_round(0))
    state.entry.pick_tile((5, 5))
    run(state.entry.play())  # 10: 2 points for Ann
    run(state.go(Screen.HOME))
    row = text(hooks(home.view(state))["resume-0"])
    started = state.home.unfinished[0].started.astimezone()
    assert abs((datetime.now().astimezone() - started).total_seconds()) < 120
    assert row == f"{started:%Y-%m-%d %H:%M} · Horse Race Ann\u00a02  ·  Bo\u00a00"  # no space inside a score
    state.shell.lang = "ko"
    assert text(hooks(home.view(state))["resume-0"]).startswith(f"{started:%Y-%m-%d %H:%M} · 경마 ")


def test_winners_and_scores_are_joined_in_the_users_language():
    """Review 10: " & " and ", " were written in four places and never translated."""
    from scorekeeper.explain import scores_words, winners_words
    from scorekeeper.i18n import Translator

    sides, points = ("Ann", "Bo", "Cy"), (61, 12, 61)
    assert winners_words(Translator("en"), sides, [0, 2]) == "Winner: Ann & Cy"
    assert winners_words(Translator("uk"), sides, [0, 2]) == "Переможець: Ann і Cy"
    assert winners_words(Translator("ko"), sides, [0, 2]) == "승자: Ann, Cy"
    assert scores_words(Translator("en"), sides, points) == "Ann\u00a061, Bo\u00a012, Cy\u00a061"
