"""R15 in the review: the step that called time says so, and the settlement after it says what the clock's end
did (docs/house-rules.md, R15). The match is ``tests/rules/test_clock.py``'s 20-minute one: time called at
round 1, move 9; Bo 19 - 3 ahead wins."""

from __future__ import annotations

from scorekeeper.app.models.review_steps import Review
from scorekeeper.app.screens.review import award_lines
from scorekeeper.i18n import Translator
from tests.rules.test_clock import THREE_ROUNDS, folded, timed


def test_the_review_shows_when_time_was_called():
    actions = timed(THREE_ROUNDS)[:14]
    seating = folded({"clock": 20}, actions)
    review = Review.of("20260612-150000-abcdef", seating, list(seating.actions))
    t = Translator("en")
    lines = {}
    for index in range(len(review.steps)):
        at = review.at(index)
        assert at.step is not None and at.match is not None
        lines[(at.step.kind, at.step.round_no, at.step.move_no)] = award_lines(t, at.match, at.step)
    assert lines[("move", 1, 9)][0] == "Time called (R15) at round 1, move 9"
    assert not any("Time called" in line for key, got in lines.items() if key != ("move", 1, 9) for line in got[:1])
    assert lines[("reveal", 1, None)][-1] == "Time called (R15): Bo is ahead and wins"
    uk = award_lines(Translator("uk"), review.at(len(review.steps) - 1).match, review.steps[-1])
    assert uk[-1] == "Час вийшов (R15): попереду Bo — перемога"
