"""The replay report (``scorekeeper-report/1``, match-format.md) of a match: the one place it is built,
for ``scorekeeper replay --json``, the tests and the acceptance cases alike."""

from __future__ import annotations

from typing import Any

from .match import Match

REPORT_FORMAT = "scorekeeper-report/1"


def build_report(match: Match) -> dict[str, Any]:
    """The replay report: every scoring event in the order applied, each round's result, winners and
    next starter, the scores (display points) and the result.

    After ``"variant"``, ``"house_rules"``: the house rules the match was refereed under (the house options, as
    the document's header has them, values equal to the game's own left out), e.g.
    ``{"continuation": "stop"}``; absent for the game's own rules, so the report of a match without
    house rules is what it was before house rules existed (match-format.md).

    R15: a round after whose settlement the match clock's end applied adds ``"clock"``:
    :attr:`Round.clock <scorekeeper.rules.match.Round>` with ``"called"`` ``{"round", "move"}`` (where time was
    called; ``move`` 0 for a round's start, ``"hands"`` for the revealed hands)."""
    rounds = []
    called = match.clock_called
    for r in match.rounds:
        entry: dict[str, Any] = {
            "events": [event.report() for event in r.events],
            "result": r.result,
            "winners": list(r.winners),
            "next_starter": r.next_starter,
        }
        if r.clock is not None and called is not None:  # R15: absent from every match without a clock's end
            entry["clock"] = {**r.clock, "called": {"round": called.round, "move": called.move}}
        rounds.append(entry)
    report: dict[str, Any] = {"format": REPORT_FORMAT, "variant": match.variant}
    if match.house_rules:
        report["house_rules"] = match.house_rules
    report.update(
        {
            "sides": match.side_names,
            "rounds": rounds,
            "scores": match.points,
            "winners": list(match.winners),
            "finished": match.finished,
        }
    )
    return report
