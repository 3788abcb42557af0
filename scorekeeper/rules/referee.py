"""Referee checks of the hands revealed at the end of a round.

What the table implies is checked against what the players say they hold:
no tile twice or already on the table (S2), as many tiles as the record
says each player holds (deal H2/E2, draws and placements, S8), pip totals
that some set of unseen tiles can make, and no tile that proves an earlier
draw or pass was wrong (S8: a player who can play must play).

When the stock is empty (always after a block) every tile not on the table
is in some hand, so the hands must share out exactly the unseen tiles: in a
blocked round their pips add up to an even number, since every value still
held must be closed on the table.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from .errors import Clause, RuleViolation
from .tiles import ALL_TILES, Tile, fits, tile_text

_ALL_TILES = frozenset(ALL_TILES)

Claim = tuple[int, int, str]  # (0-based move index, open-value mask, "draw"/"pass"/"drawn"/"stop")

# A claim's mask bit for "held no double": a draw or pass at the lead of a round whose lead is a
# double (R10). Bits 0–6 are the open values; no tile half is 7, so fits() never sees this bit.
DOUBLES = 1 << 7


def claim_fits(tile: Tile, mask: int) -> bool:
    """Whether ``tile`` would have answered a claim with ``mask``: it fits an open value (bits 0–6),
    or it is a double and the claim was "no double" (:data:`DOUBLES`, R10)."""
    return fits(tile, mask) or (mask >= DOUBLES and tile[0] == tile[1])


@dataclass(frozen=True, slots=True)
class TableFacts:
    """What the record says at the end of a round.

    ``hand_sizes`` per seat (tiles), ``on_table`` the tiles placed,
    ``stock`` tiles left in the stock, ``claims[seat]`` the moves since that
    seat's last draw at which it said it could not play, with the open values
    then (bit mask), ``deal_rule`` ``"H2"``/``"E2"``, ``names`` per seat.
    """

    hand_sizes: list[int]
    on_table: AbstractSet[Tile]  # a set, or the layout's set-like view of its tiles
    stock: int
    claims: list[list[Claim]]
    deal_rule: str
    names: list[str]
    blocked: bool


def _values(mask: int) -> str:
    return ", ".join(str(v) for v in range(7) if mask >> v & 1)


def check_hands(hands: dict[int, list[Tile] | int], facts: TableFacts) -> list[int]:
    """Check the revealed hands against the table; return raw pips per seat.

    ``hands`` maps every seat to its tiles or its pip total. Raises
    :class:`RuleViolation` located at ``"hands"`` (S2 tile twice / on the
    table / impossible total, H2 or E2 wrong count) or at the draw or pass a
    revealed tile proves wrong (S8).
    """
    players = len(facts.hand_sizes)
    names = facts.names
    missing = [seat for seat in range(players) if seat not in hands]
    extra = [seat for seat in hands if not (isinstance(seat, int) and 0 <= seat < players)]
    if missing or extra:
        raise RuleViolation("S2", "hands_seats", missing=str(missing or "-"), extra=str(extra or "-"), last=players - 1)
    seen: dict[Tile, int] = {}
    pips = [0] * players
    for seat in range(players):
        hand = hands[seat]
        size = facts.hand_sizes[seat]
        if isinstance(hand, int):
            continue
        for tile in hand:
            if tile in facts.on_table:
                raise RuleViolation("S2", "hand_tile_on_table", seat=seat, tile=tile_text(tile), name=names[seat])
            if tile in seen:
                raise RuleViolation(
                    "S2",
                    "hand_tile_twice",
                    seat=seat,
                    other=seen[tile],
                    tile=tile_text(tile),
                    name=names[seen[tile]],
                    who=names[seat],
                )
            seen[tile] = seat
            pips[seat] += tile[0] + tile[1]
        if len(hand) != size:
            raise RuleViolation(
                facts.deal_rule, "hand_count", seat=seat, expected=size, shown=len(hand), name=names[seat]
            )
    pool: list[Tile] = []  # the unseen tiles, worked out only if some hand is a pip total
    groups: list[tuple[int, int]] = []  # (size, pip total) of each hand given as a total
    for seat in range(players):
        hand = hands[seat]
        if isinstance(hand, int):
            if not groups:
                pool = list(_ALL_TILES.difference(facts.on_table, seen))
            size = facts.hand_sizes[seat]
            if not _possible_alone(pool, size, hand):
                raise RuleViolation("S2", "impossible_total", seat=seat, total=hand, size=size, name=names[seat])
            pips[seat] = hand
            groups.append((size, hand))
    if groups:
        if facts.stock == 0:
            pool_pips = sum(a + b for a, b in pool)
            given = sum(total for _, total in groups)
            if given != pool_pips:
                odd = facts.blocked and sum(pips) % 2  # a blocked round's hands always add up to an even number
                raise RuleViolation(
                    "S2",
                    "totals_mismatch",
                    given=given,
                    expected=pool_pips,
                    parity=Clause("odd_block" if odd else "plain"),
                )
        if not _possible_together(pool, groups, facts.stock):
            raise RuleViolation("S2", "impossible_totals")
    _check_claims(hands, facts)
    return pips


def _check_claims(hands: dict[int, list[Tile] | int], facts: TableFacts) -> None:
    """S8: a revealed tile that fitted when its holder drew or passed (the first offence refused)."""
    offences = proven_offences(hands, facts)
    if offences:
        seat, move, kind, tile, mask = offences[0]
        raise proven_fit(facts.names[seat], seat, move, mask, kind, tile, "holds")


Offence = tuple[int, int, str, Tile, int]  # (seat, 0-based move index, claim kind, the fitting tile, open mask)


def proven_offences(hands: dict[int, list[Tile] | int], facts: TableFacts) -> list[Offence]:
    """S8 / R14: every draw or pass that a revealed hand proves was made while able to play.

    ``hands`` as :func:`check_hands` takes them (a pip total proves nothing). Returns one
    ``(seat, move, kind, tile, mask)`` per offending claim — the seat, its 0-based move index, the
    claim's kind (``"draw"``, ``"pass"``, ``"drawn"``, ``"stop"``), the first tile of the hand that
    fitted and the open values then (bit mask; :data:`DOUBLES` for a double-lead round) — in seat
    order, then move order. Under ``misplay: refuse`` the first is refused (:func:`proven_fit`);
    under ``penalty`` each is the proof of one offence. Raises nothing.
    """
    found: list[Offence] = []
    for seat, claims in enumerate(facts.claims):
        hand = hands.get(seat)
        if isinstance(hand, int) or not claims or not hand:
            continue
        every = 0  # all values open at any claim: usually no tile fits even one of them
        for _, mask, _ in claims:
            every |= mask
        if every < DOUBLES and not any(fits(tile, every) for tile in hand):
            continue
        for move, mask, kind in claims:
            for tile in hand:
                if claim_fits(tile, mask):
                    found.append((seat, move, kind, tile, mask))
                    break
    return found


def proven_fit(name: str, seat: int, move: int, mask: int, kind: str, tile: Tile, how: str) -> RuleViolation:
    """The S8 refusal for a draw or pass by a player proven to hold a fitting tile.

    ``how`` is the 1-based move (as text) at which the tile is played from
    hand, or ``"holds"`` when the revealed hand shows it. Located at the draw
    or pass (``move`` 0-based → reported 1-based). The text says what to do:
    a draw the table forgot to record (between the two) would explain the
    tile, so record it first; otherwise the draw or pass itself is wrong, so
    correct that move. Under house rules the refusal names theirs: R1 for the
    pass that ended a continuation (``kind`` ``"stop"``: the player could have
    gone on from hand), R10 for a draw or pass at a double lead (``mask``
    :data:`DOUBLES`: the player held a double, code ``held_double``).
    """
    verb = Clause("passed" if kind in ("pass", "stop") else "drew")
    then = Clause("held_at_end" if how == "holds" else "played_later")  # how the tile is known to be held
    if mask >= DOUBLES:
        err = RuleViolation(
            "R10",
            "held_double",
            seat=seat,
            tile=tile_text(tile),
            move=move + 1,
            name=name,
            kind=kind,
            later=how,
            verb=verb,
            then=then,
        )
    elif kind == "stop":
        err = RuleViolation(
            "R1",
            "held_fitting_tile_stop",
            seat=seat,
            tile=tile_text(tile),
            move=move + 1,
            name=name,
            values=_values(mask),
            later=how,
            then=then,
        )
    else:
        err = RuleViolation(
            "S8",
            "held_fitting_tile",
            seat=seat,
            tile=tile_text(tile),
            move=move + 1,
            name=name,
            kind=kind,
            values=_values(mask),
            later=how,
            verb=verb,
            then=then,
        )
    err.move_no = move + 1
    return err


def _possible_alone(pool: list[Tile], size: int, total: int) -> bool:
    """True if some ``size`` tiles of ``pool`` add up to ``total`` pips."""
    if total < 0 or size < 0 or size > len(pool):
        return False
    values = sorted(a + b for a, b in pool)
    if size <= 1:
        return total in values if size else total == 0
    if total < sum(values[:size]) or total > sum(values[-size:]):
        return False
    reach = [0] * (size + 1)  # reach[k]: bit t set if k tiles can make t pips
    reach[0] = 1
    for value in values:
        for k in range(size, 0, -1):
            reach[k] |= reach[k - 1] << value
    return bool(reach[size] >> total & 1)


def _possible_together(pool: list[Tile], groups: list[tuple[int, int]], stock: int) -> bool:
    """True if ``pool`` can be shared into the (size, total) groups plus ``stock`` other tiles.

    Called after each total was found possible alone (:func:`_possible_alone`)
    and, with the stock empty, after the totals were found to add up to the
    pool's pips. Since the record keeps ``len(pool) == sizes + stock``, one
    group is then already settled (the rest of the pool is the stock), and
    with the stock empty the last group is simply what the others leave.
    Two or more groups beyond that take a search (see :func:`_share`).
    """
    groups = [group for group in groups if group[0]]  # an empty hand holds 0, checked alone
    if len(pool) == sum(size for size, _ in groups) + stock:
        if stock == 0 and groups:
            stock, groups = groups[-1][0], groups[:-1]  # the last hand is what the others leave
        if len(groups) <= 1:
            return True
    return _share(sorted((a + b for a, b in pool), reverse=True), groups, stock)


def _share(values: list[int], groups: list[tuple[int, int]], stock: int) -> bool:
    """Depth-first search: give each value (largest first) to a group or to the stock.

    A state fails at once when some group's total is out of reach of its
    size in the values left (below the sum of its smallest, above the sum of
    its largest). Groups are kept sorted so equal hands are tried once;
    failures are memoised. Gives up after a fixed budget of steps, answering
    True (nothing was proven).
    """
    n = len(values)
    prefix = [0]
    for value in values:
        prefix.append(prefix[-1] + value)
    failed: set[tuple[int, tuple[tuple[int, int], ...], int]] = set()
    budget = [200_000]

    def search(i: int, groups: tuple[tuple[int, int], ...], rest: int) -> bool:
        if i == n:
            return rest == 0 and all(size == 0 and total == 0 for size, total in groups)
        key = (i, groups, rest)
        if key in failed:
            return False
        budget[0] -= 1
        if budget[0] < 0:
            return True
        for size, total in groups:  # the smallest / largest `size` values left bound the total
            if total < prefix[n] - prefix[n - size] or total > prefix[i + size] - prefix[i] or (size == 0 and total):
                failed.add(key)
                return False
        value = values[i]
        tried = set()
        for g, (size, total) in enumerate(groups):
            if size and total >= value and (size, total) not in tried:
                tried.add((size, total))
                given = tuple(sorted(groups[:g] + ((size - 1, total - value),) + groups[g + 1 :]))
                if search(i + 1, given, rest):
                    return True
        if rest and search(i + 1, groups, rest - 1):
            return True
        failed.add(key)
        return False

    if sum(size for size, _ in groups) + stock != n:
        return False
    return search(0, tuple(sorted(groups)), stock)
