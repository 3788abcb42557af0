"""The club's players and who is here tonight: stable ids, check-in, late entries, withdrawals.

A player is a person, not a name: ``Player.id`` never changes (a rename keeps
the history), and two players may share a display name. The roster lists the
evening's entries in seed order (the order they were entered, late entries
last); pairings and the last tie of the standings use that order, then the id.

A *unit* is what a pairing seats as one side and what the standings rank: a
single player ``("p1",)``, or a fixed partnership ``("p1", "p2")`` when the
roster has partnerships (a round-robin or Swiss of pairs). Every function here
returns a new roster; none changes one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from .errors import SetupError

Unit = tuple[str, ...]  # one side as pairings seat it: a player's id, or a partnership's ids in roster order


@dataclass(frozen=True, slots=True)
class Player:
    """One club player.

    Attributes:
        id: the stable id (any non-empty text; the store will mint them), never reused.
        name: the display name, which may change and need not be unique.
    """

    id: str
    name: str


class Status(Enum):
    """Where an entry stands tonight: only ``PRESENT`` players are paired."""

    PRESENT = "present"
    ABSENT = "absent"  # entered but not checked in (or checked out): may come back next round
    WITHDRAWN = "withdrawn"  # left the event: never paired again, results kept


@dataclass(frozen=True, slots=True)
class Entry:
    """A player in the roster with their status; the roster's order is the seed order."""

    player: Player
    status: Status


@dataclass(frozen=True, slots=True)
class Roster:
    """The evening's entries in seed order, and the fixed partnerships if the event is one of pairs.

    Attributes:
        entries: every player entered, seed 1 first (late entries appended).
        partnerships: the fixed pairs, each a tuple of player ids; ``()`` for an
            event of singles or of rotating partners.

    Raises:
        SetupError: ``duplicate_player`` (an id entered twice), ``unknown_player``
            (a partnership names an id not entered), ``player_in_two_partnerships``,
            ``partnership_size`` (a partnership of fewer than two players).
    """

    entries: tuple[Entry, ...] = ()
    partnerships: tuple[Unit, ...] = ()

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for entry in self.entries:
            if entry.player.id in seen:
                raise SetupError(
                    "duplicate_player",
                    f"player {entry.player.id!r} is entered twice; enter each "
                    "person once (two people of one name have two ids)",
                    player=entry.player.id,
                )
            seen.add(entry.player.id)
        partnered: set[str] = set()
        for team in self.partnerships:
            if len(team) < 2:
                raise SetupError(
                    "partnership_size",
                    f"partnership {team!r} has fewer than two players; name both partners",
                    partnership=team,
                )
            for pid in team:
                if pid not in seen:
                    raise SetupError(
                        "unknown_player",
                        f"partnership {team!r} names {pid!r}, who is not entered; enter the player first",
                        player=pid,
                    )
                if pid in partnered:
                    raise SetupError(
                        "player_in_two_partnerships",
                        f"{pid!r} is in two partnerships; a fixed partnership keeps its players",
                        player=pid,
                    )
                partnered.add(pid)

    @classmethod
    def of(cls, players: list[Player] | tuple[Player, ...], *, partnerships: tuple[Unit, ...] = ()) -> Roster:
        """A roster of ``players`` in seed order, all present."""
        return cls(tuple(Entry(p, Status.PRESENT) for p in players), partnerships)

    # --- reading ---------------------------------------------------------------------------------

    def ids(self) -> tuple[str, ...]:
        """Every entered player's id, in seed order."""
        return tuple(e.player.id for e in self.entries)

    def status(self, player_id: str) -> Status:
        """The status of ``player_id``. Raises SetupError ``unknown_player`` if not entered."""
        return self._entry(player_id).status

    def player(self, player_id: str) -> Player:
        """The player of ``player_id``. Raises SetupError ``unknown_player`` if not entered."""
        return self._entry(player_id).player

    def seed(self, player_id: str) -> int:
        """The 1-based seed of ``player_id`` (its place in the roster)."""
        return self.ids().index(self._entry(player_id).player.id) + 1

    def units(self) -> tuple[Unit, ...]:
        """Every unit, present or not, in seed order: the partnerships (ordered by their best seed)
        or, without partnerships, each player alone."""
        if not self.partnerships:
            return tuple((pid,) for pid in self.ids())
        return tuple(sorted(self.partnerships, key=lambda team: min(self.seed(p) for p in team)))

    def present_units(self) -> tuple[Unit, ...]:
        """The units that can be paired now: every player present (a pair with one partner away is away)."""
        return tuple(u for u in self.units() if all(self.status(p) is Status.PRESENT for p in u))

    def unit_seed(self, unit: Unit) -> int:
        """A unit's seed: its best player's seed."""
        return min(self.seed(p) for p in unit)

    # --- changes between rounds ------------------------------------------------------------------

    def enter(self, player: Player, *, present: bool = True) -> Roster:
        """A late entry: ``player`` appended (lowest seed). Raises SetupError ``duplicate_player``."""
        return replace(self, entries=(*self.entries, Entry(player, Status.PRESENT if present else Status.ABSENT)))

    def partner(self, *player_ids: str) -> Roster:
        """A new fixed partnership of entered players (a late pair in a pairs event)."""
        return replace(self, partnerships=(*self.partnerships, tuple(player_ids)))

    def check_in(self, player_id: str) -> Roster:
        """``player_id`` present. Raises SetupError ``withdrawn`` for a withdrawn player."""
        if self.status(player_id) is Status.WITHDRAWN:
            raise SetupError(
                "withdrawn",
                f"{player_id!r} has withdrawn from the event and cannot check in; enter "
                "them as a new player for a new event",
                player=player_id,
            )
        return self._with(player_id, Status.PRESENT)

    def check_out(self, player_id: str) -> Roster:
        """``player_id`` absent (sits out the next rounds until checked in again)."""
        if self.status(player_id) is Status.WITHDRAWN:
            return self
        return self._with(player_id, Status.ABSENT)

    def withdraw(self, player_id: str) -> Roster:
        """``player_id`` withdrawn: never paired again; the results played stay in the standings."""
        return self._with(player_id, Status.WITHDRAWN)

    def _with(self, player_id: str, status: Status) -> Roster:
        self._entry(player_id)
        return replace(
            self, entries=tuple(Entry(e.player, status) if e.player.id == player_id else e for e in self.entries)
        )

    def _entry(self, player_id: str) -> Entry:
        for entry in self.entries:
            if entry.player.id == player_id:
                return entry
        raise SetupError(
            "unknown_player",
            f"no player {player_id!r} is entered; enter the player first, or use the id the roster shows",
            player=player_id,
        )
