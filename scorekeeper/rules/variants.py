"""What differs between the two games: players, deal, continuation, target.

Horse Race: H1 (players), H2 (deal), H3/H6 (at least 61 wins at once),
H4/H5 (continuation). Exact 61 Five Up: E1 (players), E2 (deal), E3/E9
(exactly 61), E4 (one tile a turn).
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RuleViolation
from .scoring import to_points

HORSE_RACE = "horse-race"
EXACT_61 = "exact-61"


@dataclass(frozen=True, slots=True)
class Variant:
    """The fixed rules of one game.

    Attributes:
        name: ``"horse-race"`` or ``"exact-61"`` (as in the match format).
        deal_sizes: tiles dealt to each player by number of players (H2, E2).
        continuation: a double or scoring tile from hand lets the player go on (H4).
        exact: the target must be hit exactly; overshooting events are rejected (E3).
        players_rule: the rule id for who may play (``"H1"`` / ``"E1"``).
        deal_rule: the rule id of the deal table (``"H2"`` / ``"E2"``).
        target_raw: the target in raw points (305 = 61 points in both games,
            H3/E3): reached at or past it (H3), or only exactly (E3, ``exact``).

    The engine asks :meth:`reached` and :meth:`accepts` and never compares a
    score with the target itself, so the target has this one home.
    """

    name: str
    deal_sizes: dict[int, int]
    continuation: bool
    exact: bool
    players_rule: str
    target_raw: int
    deal_rule: str

    @property
    def target_points(self) -> int:
        """The target in display points (61, H3/E3)."""
        return to_points(self.target_raw)

    def reached(self, raw: int) -> bool:
        """Whether a side with ``raw`` points has reached the target: at least (H3) or exactly (E3)."""
        return raw == self.target_raw if self.exact else raw >= self.target_raw

    def accepts(self, raw: int) -> bool:
        """Whether a scoring event that would bring a side to ``raw`` raw points stands: always in
        Horse Race (H3), only up to the target in Exact 61 (E3: an event that passes 61 is rejected
        whole)."""
        return not self.exact or raw <= self.target_raw

    def points_to_target(self, raw: int) -> int:
        """Display points a side with ``raw`` raw points still needs to reach the target; 0 once
        :meth:`reached`. Exact 61 (E3): exactly the difference, more than 61 for a negative score."""
        if self.reached(raw):
            return 0
        return to_points(max(0, self.target_raw - raw))

    def deal_size(self, players: int) -> int:
        """Tiles each of ``players`` players is dealt (H2 / E2)."""
        return self.deal_sizes[players]

    def stock_size(self, players: int) -> int:
        """Tiles left in the stock after the deal (S2): 28 − players × deal."""
        return 28 - players * self.deal_sizes[players]

    def check_players(self, players: int, partnerships: bool) -> None:
        """Raise :class:`RuleViolation` (H1 / E1) for a seating the game does not allow.

        Horse Race: 2, 3 or 4 individuals, or 4 in two partnerships.
        Exact 61: 2 or 3 individuals, 4 always in partnerships.
        """
        if players not in (2, 3, 4):
            raise RuleViolation(
                self.players_rule, "player_count", players=players,
                text=f"{self.name} is played by 2 to 4 players, not {players}",
            )
        if partnerships and players != 4:
            raise RuleViolation(
                self.players_rule, "partnerships_need_four", players=players,
                text=f"partnerships need 4 players (seats 0+2 against 1+3), not {players}",
            )
        if self.exact and players == 4 and not partnerships:
            raise RuleViolation(
                "E1", "exact61_four_in_pairs", players=players,
                text="Exact 61 with 4 players is always played in partnerships (seats 0+2 against 1+3)",
            )


VARIANTS: dict[str, Variant] = {
    HORSE_RACE: Variant(HORSE_RACE, {2: 7, 3: 6, 4: 5}, continuation=True, exact=False, players_rule="H1",
                        target_raw=305, deal_rule="H2"),  # H3: at least 61 points
    EXACT_61: Variant(EXACT_61, {2: 5, 3: 5, 4: 5}, continuation=False, exact=True, players_rule="E1",
                      target_raw=305, deal_rule="E2"),  # E3: exactly 61 points
}


def get_variant(name: object) -> Variant:
    """The :class:`Variant` called ``name``; raises :class:`RuleViolation` for any other name."""
    variant = VARIANTS.get(name) if isinstance(name, str) else None
    if variant is None:
        raise RuleViolation(
            "", "unknown_variant", variant=str(name),
            text=f"unknown game {name!r}: use \"horse-race\" or \"exact-61\"",
        )
    return variant


def side_of_seats(players: int, partnerships: bool) -> list[int]:
    """Side index of each seat (S1): with partnerships seats 0+2 are side 0 and
    1+3 side 1; otherwise each seat is its own side."""
    if partnerships:
        return [seat % 2 for seat in range(players)]
    return list(range(players))
