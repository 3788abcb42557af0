"""Ratings across the club's history with openskill, shown only where the club turns them on.

**Model.** openskill's Weng–Lin Plackett–Luce model (``openskill.models.PlackettLuce``),
with openskill's defaults, fixed here so that a later openskill default cannot
move a club's ratings: every player starts at ``mu = 25``, ``sigma = 25/3``;
``beta = 25/6`` (the spread of one game's performance), ``tau = 25/300`` (added
to sigma before each update, so a long history stays movable), ``kappa =
0.0001`` (a floor on the variance shrink), no margin, no sigma limit. The
figure shown is openskill's ordinal ``mu − 3·sigma`` (a conservative
estimate: it starts at 0 and rises as the player proves themselves).

**What is rated.** A person, by player id (a rename keeps the rating; two
"Ann"s are two people). Each fixture at a table is one openskill match: every
side is a team of its players (one for singles, two for a partnership or a
side of rotating partners), two, three or four sides (cut-throat tables are
one match of three or four teams). The sides are ranked by games won in the
fixture (more is better), then by the side's points over its games (so a
cut-throat game of one still places second and third, and a 1–1 fixture of two
games goes to the side that scored more); sides level on both tie. A bye is no
match and changes nothing.

**Order.** The updates are applied one fixture at a time, in the order of the
events (date, then event id), then round, then table — so the ratings are a
pure function of the events, whatever order they arrive in.

**Flag.** ``SeasonRules.ratings`` (the club's choice): off, :func:`ratings`
returns ``None`` and nothing is computed or shown.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import SetupError
from .results import Decided
from .scheme import ClubRules
from .season import MAX_EVENTS, SeasonEvent, SeasonRules
from .standings import checked_results

if TYPE_CHECKING:  # openskill is imported when ratings are computed: the rest of the club engine runs without it
    from openskill.models import PlackettLuce, PlackettLuceRating

#: the model's parameters (openskill's defaults, written out: see the module doc)
MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
TAU = 25.0 / 300.0
KAPPA = 0.0001


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's rating after the history.

    Attributes:
        place: 1-based, by ``ordinal`` (equal ordinals share it).
        player: the player id.
        mu / sigma: the skill estimate's mean and standard deviation (openskill units, start 25 and 25/3).
        ordinal: ``mu − 3·sigma``, the figure shown (starts at 0).
        fixtures: fixtures rated (byes not counted).
    """

    place: int
    player: str
    mu: float
    sigma: float
    ordinal: float
    fixtures: int


def model() -> PlackettLuce:
    """The club's rating model, with the parameters of the module doc."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU, kappa=KAPPA)


def ratings(events: Iterable[SeasonEvent], rules: SeasonRules) -> tuple[Rating, ...] | None:
    """Every player's rating after ``events`` (best first; ties listed by id), or ``None`` when
    ``rules.ratings`` is off.

    Raises:
        SetupError: ``season_size``, ``event_twice`` (as :func:`~scorekeeper.club.season.season`).
        ResultError: whatever :func:`~scorekeeper.club.standings.checked_results` refuses in an event.
    """
    if not rules.ratings:
        return None
    ordered = sorted(events, key=lambda e: (e.date, e.event_id))
    if len(ordered) > MAX_EVENTS:
        raise SetupError(
            "season_size",
            f"a season view takes at most {MAX_EVENTS} events; split the {len(ordered)} into seasons",
            events=len(ordered),
            limit=MAX_EVENTS,
        )
    seen: set[str] = set()
    for event in ordered:
        if event.event_id in seen:
            raise SetupError(
                "event_twice", f"event {event.event_id!r} is in the season twice; keep it once", event=event.event_id
            )
        seen.add(event.event_id)
    rater = model()
    current: dict[str, PlackettLuceRating] = {}
    played: dict[str, int] = {}
    for event in ordered:
        event_rules = ClubRules(scheme=rules.scheme, length=event.rules.length, tie_breaks=())
        for result in checked_results(event.roster, event_rules, event.results):  # sorted (round, table, sides)
            if result.decided is Decided.BYE:
                continue
            teams = [[current.get(p) or rater.rating() for p in side] for side in result.sides]
            won = result.games_won()
            scored = [sum(game[s] for game in result.games) for s in range(len(result.sides))]
            order = sorted({(w, p) for w, p in zip(won, scored, strict=True)}, reverse=True)
            ranks = [float(order.index((w, p))) for w, p in zip(won, scored, strict=True)]
            rated = rater.rate(teams, ranks=ranks)
            for side, new in zip(result.sides, rated, strict=True):
                for pid, rating in zip(side, new, strict=True):
                    current[pid] = rating
                    played[pid] = played.get(pid, 0) + 1
    table = sorted(
        ((pid, r.mu, r.sigma, r.ordinal()) for pid, r in current.items()),
        key=lambda t: (-t[3], t[0]),
    )
    out: list[Rating] = []
    for i, (pid, mu, sigma, ordinal) in enumerate(table):
        place = out[-1].place if out and out[-1].ordinal == ordinal else i + 1
        out.append(Rating(place, pid, mu, sigma, ordinal, played[pid]))
    return tuple(out)
