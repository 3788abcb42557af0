"""R14 on the table: under ``misplay: penalty`` an S8 proof refusal asks "entered wrongly, or did it happen
at the table?" — fix the draw (the fix panel opens at it) or record the offence and play on; under
``refuse`` the refusal alone, as ever. Words in en/uk/ko."""

from __future__ import annotations

import asyncio

import pytest

from scorekeeper.app.navigation import Screen
from scorekeeper.app.screens import SCREENS

from .hooks import hooks, text


def run(coro):
    return asyncio.run(coro)


def shown(st) -> dict[str, str]:
    return {name: text(node) for name, node in hooks(SCREENS[st.screen](st)).items()}


def to_the_proof(state, misplay: str) -> None:
    """Exact 61 for two (tests/rules/test_misplay_match.py): Ann 0-1; Bo draws 1 and plays the drawn 1-3;
    Ann 0-4; Bo's 0-3 from hand proves he held it when he drew (it fitted the 0)."""
    run(state.go(Screen.NEW_MATCH))
    state.setup.set_form(variant="exact-61")
    run(state.setup.set_house("misplay", misplay))
    for seat, name in enumerate(("Ann", "Bo")):
        state.setup.set_name(seat, name)
    run(state.setup.create())
    assert state.screen == Screen.TABLE
    run(state.table.start_round(0))
    for tile in ((0, 1), "draw", (1, 3), (0, 4), (0, 3)):
        if tile == "draw":
            run(state.entry.draw(1))
        else:
            state.entry.pick_tile(tile)
            run(state.entry.play())
        if tile != (0, 3):
            assert state.shell.error is None, state.shell.error


def test_under_penalty_the_refusal_asks_and_it_happened_records_the_offence(state):
    to_the_proof(state, "penalty")
    err = state.shell.error
    assert (err.rule, err.code, err.move_no) == ("S8", "held_fitting_tile", 2)
    ids = shown(state)
    assert ids["misplay-fix"] == "Entered wrongly: fix move 2"
    assert ids["misplay-record"] == "It happened: penalise Bo, play on"
    assert "Bo drew at move 2 while holding 0-3" in ids["message"]
    run(state.table.play_on())
    assert state.shell.error is None and "misplay" not in shown(state)
    match = state.table.match
    assert len(match.rounds[0].moves) == 5 and match.rounds[0].misplays[0]["tile"] == "0-3"
    kinds = [e["kind"] for e in state.services.store.events(state.table.match_id)]
    assert kinds[-2:] == ["misplay", "move"]


def test_entered_wrongly_opens_the_fix_at_the_draw(state):
    to_the_proof(state, "penalty")
    state.correction.open_move(1, 2)  # what the misplay-fix button calls
    assert state.correction.open and "misplay" not in shown(state)


def test_under_refuse_the_refusal_alone(state):
    to_the_proof(state, "refuse")
    assert state.shell.error.code == "held_fitting_tile"
    assert "misplay" not in shown(state) and state.table.offence is None


@pytest.mark.parametrize(
    ("lang", "fix", "record"),
    [
        ("uk", "Помилка введення: виправити хід 2", "Так було: Bo — штраф, грати далі"),
        ("ko", "잘못 입력: 2번째 수 고치기", "실제로 그랬음: Bo 벌점, 계속"),
    ],
)
def test_the_question_in_each_language(state, lang, fix, record):
    to_the_proof(state, "penalty")
    run(state.set_language(lang))
    ids = shown(state)
    assert (ids["misplay-fix"], ids["misplay-record"]) == (fix, record)


def test_the_review_steps_count_moves_and_the_chart_puts_each_play_at_its_action(state):
    from scorekeeper.app.models.review_steps import Review, review_steps
    from scorekeeper.app.parts.progress import score_progress
    from scorekeeper.app.screens.review import step_title, step_words

    to_the_proof(state, "penalty")
    run(state.table.play_on())
    actions = [a for _, a in state.services.store.actions(state.table.match_id)]
    steps = review_steps(actions)
    assert [(s.kind, s.move_no) for s in steps] == [("start", None)] + [("move", n) for n in range(1, 5)] + [
        ("misplay", None),
        ("move", 5),
    ]
    review = Review.of(state.table.match_id, state.table.match, actions, index=5)
    assert step_title(state.t, review, review.step) == "Round 1 of 1: misplay recorded"
    assert step_words(state.t, review.match, review.step) == (
        "Misplay recorded: Bo drew or passed at move 2 holding 0-3 (R14)"
    )
    assert review.at(6).step.move_no == 5 and len(review.at(6).match.rounds[0].moves) == 5
    progress = score_progress(state.table.match)
    assert progress.steps == len(actions)


def test_the_review_chart_ends_at_the_score_after_a_penalty():
    """A fresh tester's review showed Ann 12 on the scoreboard but 6 in the chart's legend: the penalty's
    event, applied with the domino (H10), said the score before the domino plus the penalty. Cy: 1, then
    the domino +3 → 4, then the penalty +2 → 6 (tests/house_cases/hr-2p-misplay-penalty)."""
    import json

    from scorekeeper.app.parts.progress import points_at, score_progress
    from scorekeeper.rules.document import fold_recording_offences
    from tests.rules.test_house_rules import HOUSE_CASES

    doc = json.loads((HOUSE_CASES / "hr-2p-misplay-penalty.json").read_text(encoding="utf-8"))
    match, _ = fold_recording_offences(doc, explain=True)
    progress = score_progress(match)
    assert match.points == [6, 0]
    assert progress.series[0] == ((0, 0), (6, 1), (15, 4), (15, 6))
    assert [points_at(progress, side, progress.steps) for side in (0, 1)] == [6, 0]
