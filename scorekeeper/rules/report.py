"""The replay report (``scorekeeper-report/1``, match-format.md) of a match."""

from __future__ import annotations

from typing import Any

from .match import Match

REPORT_FORMAT = "scorekeeper-report/1"


def build_report(match: Match) -> dict[str, Any]:
    """The replay report: every scoring event in the order applied, each round's
    result, winners and next starter, the scores (display points) and the result."""
    rounds = []
    for r in match.rounds:
        rounds.append({
            "events": [event.report() for event in r.events],
            "result": r.result,
            "winners": list(r.winners),
            "next_starter": r.next_starter,
        })
    return {
        "format": REPORT_FORMAT,
        "variant": match.variant,
        "sides": match.side_names,
        "rounds": rounds,
        "scores": match.points,
        "winners": list(match.winners),
        "finished": match.finished,
    }
