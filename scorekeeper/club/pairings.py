"""One entry point for every format: ``pair_round(Format.SWISS, roster, rules, history, results)``."""

from __future__ import annotations

from collections.abc import Sequence

from .errors import PairingError
from .free import pair_free
from .groups import pair_groups
from .results import FixtureResult
from .roster import Roster, Unit
from .rotating import pair_rotating
from .round_robin import pair_round_robin
from .rounds import Format, Pairing
from .scheme import ClubRules
from .swiss import pair_swiss


def pair_round(
    format: Format,
    roster: Roster,
    rules: ClubRules,
    history: Sequence[Pairing],
    results: Sequence[FixtureResult],
    *,
    tables: Sequence[Sequence[Unit]] | None = None,
    byes: Sequence[Unit] = (),
    group_sizes: Sequence[int] = (4, 3),
) -> Pairing:
    """The next round of ``format`` for the present units of ``roster``.

    Args:
        history: the rounds paired so far, round 1 first.
        results: every fixture result so far (byes included, as :meth:`Pairing.bye_results` gives them).
        tables / byes: the organiser's tables (``free`` only; byes are refused there).
        group_sizes: the table sizes ``groups`` may use, preferred first.

    Raises:
        PairingError: ``tables_not_free`` (tables given for a format that pairs itself),
            ``tables_missing`` (``free`` without tables), and the format's own refusals.
    """
    if format is Format.FREE:
        if tables is None:
            raise PairingError("tables_missing", "a free round is the organiser's tables; give them")
        return pair_free(roster, history, results, tables, byes)
    if tables is not None or byes:
        raise PairingError(
            "tables_not_free",
            f"{format.value} pairs its own tables; choose free to form them by hand",
            format=format.value,
        )
    if format is Format.ROUND_ROBIN:
        return pair_round_robin(roster, history, results)
    if format is Format.SWISS:
        return pair_swiss(roster, rules, history, results)
    if format is Format.GROUPS:
        return pair_groups(roster, rules, history, results, sizes=group_sizes)
    return pair_rotating(roster, rules, history, results)
