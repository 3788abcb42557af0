"""The match state machine for both games: a fold over the actions.

A :class:`Match` starts empty; each action (:class:`StartRound`, :class:`Play`,
:class:`Draw`, :class:`Pass`, :class:`Reveal`) is validated and applied, or
refused with a :class:`RuleViolation` that names the rule and leaves the state
unchanged. Undo re-folds all actions but the last, so the state is always
exactly what the recorded actions imply.

Rules: seats and sides S1, deal S2/H2/E2, lead S3, placement S4–S7, draw and
pass S8, rounding S9, next starter S10; Horse Race continuation H4/H5,
instant win H6, settlement H7–H10; Exact 61 target E3/E5/E9, one tile a turn
E4, going out E6, blocked round E7/E8. The presets (All Fives' A rules,
Merry-Go-Round's M rules) and the house rules (the house options, docs/house-rules.md) are
the same machine with other values of the game's options (:class:`Variant`):
R1 a continuation that stops, R2 drawing while able, R3 tiles left undrawn,
R4–R6 and R8 the settlement, R7 the target, R9/R11 the layout, R10 a double lead,
R13 claims and Muggins, R14 a proven misplay penalised instead of refused (:class:`Misplay`).
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from .clock import SECONDS_PER_MINUTE, ClockCall
from .errors import Clause, RuleViolation
from .house import LEADER_WINS, LOWER_TARGET
from .layout import Layout, Spot
from .moves import (
    CONTINUE_DOUBLE,
    CONTINUE_SCORED,
    LEAD,
    NEXT,
    PASS_AFTER_DRAW,
    PLAY_DRAWN,
    Action,
    Draw,
    EndedBy,
    Hand,
    Misplay,
    Pass,
    PlacementInfo,
    Play,
    Reason,
    Reveal,
    ScoreEvent,
    StartRound,
    Turn,
)
from .names import check_readable_name
from .referee import DOUBLES, Claim, TableFacts, check_hands, claim_fits, proven_fit
from .scoring import FIVES_AND_THREES, RAW_PER_POINT, placement_raw, to_points
from .settlement import Award, block_awards, domino_award, go_award, misplay_penalty
from .tiles import ALL_TILES, Tile, fits, tile_text
from .variants import Variant, get_variant, side_of_seats

_NO_EVENTS: tuple[ScoreEvent, ...] = ()
_SPECIAL = frozenset({LEAD, PLAY_DRAWN, PASS_AFTER_DRAW})  # turns with extra S8 checks on a play
_CONTINUE = frozenset({CONTINUE_DOUBLE, CONTINUE_SCORED})  # H4: the same player goes on


MAX_CLAIM = 999  # R13: a claim in display points
PLACEMENT_KINDS = ("play", "muggins")  # score events of a placement (S7; R13), not of a settlement


class Result(StrEnum):
    """How a round ended (:attr:`Round.result` as in the replay report, match-format.md; also
    :attr:`Round.ended` for ``domino``, ``block`` and ``match-end``). Equal to its text."""

    IN_PROGRESS = "in-progress"
    DOMINO = "domino"  # a player went out (H7, E6)
    BLOCK = "block"  # everyone passed with the stock empty (S8; H7/H9, E7)
    DRAW = "draw"  # Exact 61 block with the lowest hands tied on different sides (E8)
    MATCH_END = "match-end"  # a placement ended the match (H6, E9)


class Status(StrEnum):
    """What a match waits for (:attr:`Match.status`). Equal to its text (``Status.MOVE == "move"``)."""

    START_ROUND = "start-round"  # a round to start (the first, or after a settled one)
    MOVE = "move"  # a move of the round in play
    REVEAL = "reveal"  # the round ended: the hands are needed to settle it
    FINISHED = "finished"  # the match is over


IN_PROGRESS, DOMINO, BLOCK, DRAW, MATCH_END = (
    Result.IN_PROGRESS,
    Result.DOMINO,
    Result.BLOCK,
    Result.DRAW,
    Result.MATCH_END,
)


class Round:
    """One round's state. Read by callers; changed only by :class:`Match`.

    Attributes:
        number: 1-based round number; ``starter`` the seat that leads.
        layout: the :class:`Layout` on the table.
        hand_sizes: tiles each seat holds (tracked: deal + draws − placements).
        stock: tiles left in the stock (boneyard).
        moves: the moves in order; ``events`` the score events in order.
        turn: whose move it is and why (:class:`Turn`), ``None`` once ended.
            Kept as two plain fields on the hot path (``to_move``: the seat
            or ``None``; ``reason``) and built into a :class:`Turn`, with
            the rest read from the last move, when asked.
        ended: ``None`` while in play, else ``"domino"``, ``"block"`` or
            ``"match-end"`` (a placement ended the match, H6/E9).
        settled: True once the hands are revealed and awards applied.
        result, winners, next_starter: as in the replay report.
        finisher: the seat that went out (domino).
        hands: revealed hands; ``pips`` raw pips per seat once revealed.
        placements: ``{move index: PlacementInfo}`` when the match explains.
        stops: the move indices of the passes that ended a continuation
            under house rule R1 ``stop`` with tiles left to draw (the turn
            simply ended): a screen says so instead of a plain pass.
        nil_awards: settlement awards worth 0 raw (e.g. an opponent holding
            only 1-1: 2 → 0). They change no score and are no score events
            (the replay report lists none), but a screen explains them.
        clock: R15, the match clock's end applied after this round's
            settlement, ``None`` otherwise: ``{"rule": "leader-wins",
            "winners": [side]}`` (``"winners": []`` with the sides level: one
            more round) or ``{"rule": "lower-target", "target": points,
            "reached": [sides at or past it], "winners": [the highest of
            them]}`` (``[]``: play goes on to the lowered target).
    """

    def __init__(
        self,
        number: int,
        starter: int,
        players: int,
        deal: int,
        stock: int,
        one_tile: bool = False,
        rules: Variant | None = None,
    ) -> None:
        self.number = number
        self.starter = starter
        variant = rules or get_variant("horse-race")
        options = variant.options
        self.layout = Layout(str(options["spinners"]), str(options["spinner_fill"]))  # S5; R9, R11
        # house rules a Turn tells a screen about: R3 tiles never drawn, R1 a continuation that stops
        # with a pass, R10 a double lead (drawn for, or passed on when none can be drawn), R2 a tile
        # from hand after drawing the stock out
        self.reserve = variant.reserve_tiles(players)
        self.stop = options["continuation"] == "stop"
        self.lead_double = options["lead"] == "double"
        self.draw_able = options["draw_when_able"] == "allowed"  # R2
        self.hand_sizes = [deal] * players
        self.drawn_tiles = [0] * players
        self.stock = stock
        self.moves: list[Play | Draw | Pass] = []
        self.events: list[ScoreEvent] = []
        self.to_move: int | None = starter  # the seat to move; None once the round ended
        self.reason: Reason = LEAD
        self.one_tile = one_tile  # Exact 61: every placement ends the turn (E4)
        self.ended: Result | None = None
        self.settled = False
        self.result: Result = IN_PROGRESS
        self.winners: list[int] = []
        self.next_starter: int | None = None
        self.finisher: int | None = None
        self.last_play_raw = 0
        self.claims: list[list[Claim]] = [[] for _ in range(players)]
        self.hands: dict[int, Hand] | None = None
        self.pips: list[int] | None = None
        self.placements: dict[int, PlacementInfo] = {}
        self.stops: set[int] = set()
        self.nil_awards: list[ScoreEvent] = []
        # R14: the offences the table recorded (a Misplay action each), in order: {"player", "move",
        # "tile", "open" (the values then, a list; [] for a double lead), "claim" (draw/pass/drawn/stop)}
        self.misplays: list[dict[str, object]] = []
        self.clock: dict[str, Any] | None = None

    @property
    def settlement(self) -> list[ScoreEvent]:
        """The round's settlement as a referee tells it: its score events (domino, settlement, block;
        rejected ones included) then the awards worth 0 raw; ``[]`` before the hands are settled."""
        return [event for event in self.events if event.kind not in PLACEMENT_KINDS] + self.nil_awards

    @property
    def passes_in_row(self) -> int:
        """How many passes end the record so far (all of them, with the stock empty: blocked, S8)."""
        count = 0
        for move in reversed(self.moves):
            if type(move) is not Pass:
                break
            count += 1
        return count

    @property
    def turn(self) -> Turn | None:
        """Whose move it is and why, or ``None`` once the round ended."""
        seat, reason = self.to_move, self.reason
        if seat is None:
            return None
        if reason == NEXT:  # the last move ended the previous turn
            last = self.moves[-1]
            if type(last) is Pass:
                ended_by = EndedBy.PASS
            elif self.one_tile:
                ended_by = EndedBy.ONE_TILE
            else:
                ended_by = EndedBy.DRAWN if type(last) is Play and last.drawn else EndedBy.NO_SCORE
            return Turn(seat, NEXT, None, last.player, ended_by, self.stock, self.max_draw(), self.reserve)
        if reason in _CONTINUE:
            played = self.moves[-1]  # the double or scoring tile that continues the turn (H4)
            tile = played.tile if type(played) is Play else None
            return Turn(
                seat,
                reason,
                tile,
                stock=self.stock,
                max_draw=self.max_draw(),
                reserve=self.reserve,
                may_stop=self.stop and self.stock > self.reserve,
            )
        return Turn(
            seat,
            reason,
            stock=self.stock,
            max_draw=self.max_draw(),
            reserve=self.reserve,
            lead_double=self.lead_double and reason == LEAD,
            may_play=self.draw_able and reason == PASS_AFTER_DRAW,
        )

    def max_draw(self) -> int:
        """The most tiles a draw may say did not fit now: ``min(drawable, misses)``, where drawable is
        the stock less R3's undrawn tiles and misses are the tiles off the table with no open end's
        value (S8; tiles are conserved), or no double before a double lead (R10)."""
        drawable = self.stock - self.reserve
        return min(drawable, self.misses(self.draw_mask())) if drawable > 0 else 0

    def draw_mask(self) -> int:
        """What a tile drawn now must be to fit: the open values (bit ``v`` for value ``v``), or
        :data:`~scorekeeper.rules.referee.DOUBLES` for the lead of a double-lead round (R10)."""
        return self.layout.open_mask if self.layout.on_table else DOUBLES

    def misses(self, open_mask: int) -> int:
        """Tiles off the table that ``open_mask`` does not take (the tiles a draw can find not fitting)."""
        on_table = self.layout.on_table
        if open_mask >= DOUBLES:  # R10: the tiles that are no double
            return sum(1 for tile in ALL_TILES if tile not in on_table and not claim_fits(tile, open_mask))
        return sum(1 for tile in ALL_TILES if tile not in on_table and not fits(tile, open_mask))


class Match:
    """A match of Horse Race, Exact 61 Five Up or a preset (All Fives, Merry-Go-Round), folded from
    its actions.

    Args:
        variant: ``"horse-race"``, ``"exact-61"``, ``"all-fives"`` or ``"merry-go-round"``.
        players: names in seat order, clockwise (2 to 4, H1/E1).
        partnerships: seats 0+2 against 1+3 (4 players only; required in Exact 61).
        explain: keep each placement's scoring ends (for screens and the
            replay account); off for bulk replay speed.
        house_rules: the table's house rules (a document's ``"house_rules"``
            object, e.g. ``{"continuation": "stop"}``; ``None`` or ``{}``: the
            game's own rules). :attr:`house_rules` holds those in effect.

    Scores are raw points per side (``scores``); ``points`` gives display
    points. Raises :class:`RuleViolation` (H1/E1) for a seating the game does
    not allow, for house rules it does not take (the option's rule id, see
    :func:`scorekeeper.rules.house.check_house_rules`), or (no rule) for a
    name that is not one line of text (see :func:`~.names.check_readable_name`: the engine reads
    any name a match was ever stored with; entry points clean names first, :mod:`.names`).
    """

    def __init__(
        self,
        variant: str,
        players: list[str],
        partnerships: bool = False,
        explain: bool = False,
        house_rules: object = None,
    ) -> None:
        self.rules: Variant = get_variant(variant, house_rules)
        self.rules.check_players(len(players), partnerships)
        for name in players:
            check_readable_name(name)
        self.variant = self.rules.name
        self.players = list(players)
        self.partnerships = bool(partnerships)
        self.explain = explain
        self.n = len(players)
        self.side_of = side_of_seats(self.n, self.partnerships)
        self.sides = [[s for s in range(self.n) if self.side_of[s] == side] for side in range(max(self.side_of) + 1)]
        self.scores = [0] * len(self.sides)
        self.rounds: list[Round] = []
        self.finished = False
        self.winners: list[int] = []
        self.actions: list[Action] = []
        # The rules the hot path asks, as plain fields (each fact's home is self.rules)
        rules, options = self.rules, self.rules.options
        self._exact = rules.exact  # E3 / R7: events that pass the target are rejected; one at a time
        self._one_tile = not rules.continuation  # E4: every placement ends the turn
        self._joins = rules.joins_settlement  # E5: with an exact target the last tile joins the settlement
        self._stop = options["continuation"] == "stop"  # R1
        self._draw_able = options["draw_when_able"] == "allowed"  # R2: draws claim nothing
        self._reserve = rules.reserve_tiles(self.n)  # R3 (the whole stock with "all")
        self._scoring = str(options["scoring"])  # R12: what an end sum scores
        self._lead_double = options["lead"] == "double"  # R10
        self._muggins = options["claims"] == "muggins"  # R13: players call their points
        self._penalty = options["misplay"] == "penalty"  # R14: a proven S8 offence is penalised, not refused
        self._in_play: Round | None = None  # the round that takes moves now, if any
        self._pending: list[Award] = []  # R14: penalties waiting for the round's settlement
        self._clock_limit = int(options["clock"]) * SECONDS_PER_MINUTE  # R15, seconds (0: no clock)
        self._started_rules = self.rules  # R15 lower-target replaces self.rules' target; fresh() starts over
        # R15: the first tile's time (the clock starts), and where time was called (docs/house-rules.md)
        self.clock_start: float | None = None
        self.clock_called: ClockCall | None = None
        self._clock_lowered = False

    @property
    def house_rules(self) -> dict[str, str | int]:
        """The house rules in effect (``{"continuation": "stop"}``; ``{}`` for the game's own rules)."""
        return dict(self._started_rules.house_rules)

    def fresh(self, explain: bool | None = None) -> Match:
        """A new match with no action: this match's game, house rules, seating and (unless given)
        ``explain`` setting. Used to fold a record again (undo, fixes, the store)."""
        return Match(
            self.variant,
            self.players,
            self.partnerships,
            self.explain if explain is None else explain,
            self.house_rules,
        )  # R15: the game's own target again, a lowered one comes back with the fold

    # ---------------------------------------------------------------- queries
    @property
    def side_names(self) -> list[str]:
        """One name per side: the player's, or ``"Ann & Cy"`` for a partnership."""
        return [" & ".join(self.players[s] for s in seats) for seats in self.sides]

    @property
    def points(self) -> list[int]:
        """Display points per side (raw / 5, :func:`~scorekeeper.rules.scoring.to_points`)."""
        return [to_points(raw) for raw in self.scores]

    def points_to_target(self, side: int) -> int:
        """Display points ``side`` still needs to reach the target (61, H3/E3), 0 once reached
        (see :meth:`Variant.points_to_target`)."""
        return self.rules.points_to_target(self.scores[side])

    @property
    def round(self) -> Round | None:
        """The current (last) round, or ``None`` before the first."""
        return self.rounds[-1] if self.rounds else None

    @property
    def status(self) -> Status:
        """What the match waits for (a :class:`Status`, equal to its text): ``"start-round"``,
        ``"move"``, ``"reveal"`` (the round ended; the hands are needed) or ``"finished"``."""
        if self.finished:
            return Status.FINISHED
        r = self.round
        if r is None or r.settled:
            return Status.START_ROUND
        return Status.REVEAL if r.ended else Status.MOVE

    @property
    def required_starter(self) -> int | None:
        """The seat that must lead the next round (S10: the one who went out), or
        ``None`` when any seat may (first round or after a block: neutral lot)."""
        r = self.round
        if r is not None and r.result == DOMINO:
            return r.finisher
        return None

    @property
    def turn(self) -> Turn | None:
        """Whose move it is and why, or ``None`` when no move is expected."""
        r = self.round
        return r.turn if r is not None and not self.finished else None

    # ---------------------------------------------------------------- actions
    def apply(self, action: Action) -> tuple[ScoreEvent, ...]:
        """Validate and apply one action; return the score events it produced.

        Raises :class:`RuleViolation` located at (round, move) counted from 1,
        or ``"hands"``; the state is then unchanged.
        """
        called = self.clock_called
        if self._clock_limit and called is None:
            self.clock_called = self._clock_call(action)  # R15: the settlement this action makes reads it
        try:
            if isinstance(action, Play):
                events = self._play(action)
            elif isinstance(action, Draw):
                events = self._draw(action)
            elif isinstance(action, Pass):
                events = self._pass(action)
            elif isinstance(action, StartRound):
                events = self._start_round(action.starter)
            elif isinstance(action, Reveal):
                events = self._reveal(action.hands)
            elif isinstance(action, Misplay):
                events = self._misplay(action)
            else:
                raise RuleViolation("", "unknown_action")
        except RuleViolation as err:
            self.clock_called = called
            self._locate(err, action)
            raise
        except BaseException:
            self.clock_called = called
            raise
        if self.clock_start is None and type(action) is Play:
            self.clock_start = action.time  # R15: the clock starts with the first tile played
        self.actions.append(action)
        return events

    def _clock_call(self, action: Action) -> ClockCall | None:
        """R15: where ``action`` calls time (the first action recorded at or after the limit), else ``None``."""
        start, at = self.clock_start, action.time
        if isinstance(action, Misplay):  # R14's record of an offence is no move: a document keeps no time for it
            return None
        if start is None or at is None or self.finished or at < start + self._clock_limit:
            return None
        r = self.round
        if isinstance(action, StartRound) or r is None:
            return ClockCall(len(self.rounds) + 1, 0, at)
        return ClockCall(r.number, "hands" if isinstance(action, Reveal) else len(r.moves) + 1, at)

    def _clock_end(self, r: Round) -> None:
        """R15: after the settlement of a round at or after the one where time was called, ``clock_end``
        applies (docs/house-rules.md): ``leader-wins`` — the side ahead wins, level: one more round;
        ``lower-target`` — the target becomes ``clock_target``; a side at or past it wins (the highest;
        level at the top: they share the win), else play goes on to it."""
        options = self.rules.options
        if options["clock_end"] == LEADER_WINS:
            best = max(self.scores)
            leaders = [side for side, raw in enumerate(self.scores) if raw == best]
            winners = leaders if len(leaders) == 1 else []
            r.clock = {"rule": LEADER_WINS, "winners": winners}
        else:
            self._clock_lowered = True  # from here on the lowered target is the match's (H6, H10)
            target = int(options["clock_target"])
            if int(options["target"]) != target:
                self.rules = replace(self.rules, options=MappingProxyType({**options, "target": target}))
            reached = [side for side, raw in enumerate(self.scores) if self.rules.reached(raw)]
            top = max((self.scores[side] for side in reached), default=0)
            winners = [side for side in reached if self.scores[side] == top]
            r.clock = {"rule": LOWER_TARGET, "target": target, "reached": reached, "winners": winners}
        if winners:
            self.finished, self.winners = True, winners

    def undo(self) -> Action | None:
        """Take back the last action (refolds the rest); return it, or ``None`` if none."""
        if not self.actions:
            return None
        last = self.actions[-1]
        fresh = self.fresh()
        for action in self.actions[:-1]:
            fresh.apply(action)
        self.__dict__.update(fresh.__dict__)
        return last

    @classmethod
    def replay(
        cls,
        variant: str,
        players: list[str],
        partnerships: bool,
        actions: list[Action],
        explain: bool = False,
        house_rules: object = None,
    ) -> Match:
        """A match folded from ``actions`` (with ``house_rules``, see :class:`Match`); raises
        :class:`RuleViolation` on the first bad one."""
        match = cls(variant, players, partnerships, explain=explain, house_rules=house_rules)
        for action in actions:
            match.apply(action)
        return match

    # -------------------------------------------------------------- internals
    def _locate(self, err: RuleViolation, action: Action) -> None:
        r = self.round
        if isinstance(action, StartRound):
            round_no = len(self.rounds) + (0 if err.code == "previous_round_open" else 1)
            move_no: int | str = "hands" if err.code == "previous_round_open" else 1
        elif r is None:
            round_no, move_no = 1, 1
        else:
            round_no = r.number
            if isinstance(action, Misplay):
                move_no = action.move + 1 if type(action.move) is int and 0 <= action.move < len(r.moves) else "hands"
            else:
                move_no = "hands" if isinstance(action, Reveal) else len(r.moves) + 1
        if err.round_no is None:
            err.round_no = round_no
        if err.move_no is None:
            err.move_no = move_no

    def _over(self) -> RuleViolation:
        ended_by_clock = bool(self.rounds) and self.rounds[-1].clock is not None  # R15: the clock's end won it
        rule = "R15" if ended_by_clock else self.rules.rule("over")  # H6 / E9 / R7
        who = ", ".join(self.side_names[s] for s in self.winners)
        return RuleViolation(rule, "match_over", winners=who)

    def _start_round(self, starter: int) -> tuple[ScoreEvent, ...]:
        if self.finished:
            raise self._over()
        r = self.round
        if r is not None and not r.settled:
            if r.ended:
                rule = self.rules.rule("domino" if r.ended == DOMINO else "block")  # H8/E6, H7/E7
                raise RuleViolation(rule, "previous_round_open")
            raise RuleViolation("S10", "round_not_over", number=r.number)
        if not (isinstance(starter, int) and 0 <= starter < self.n) or isinstance(starter, bool):
            raise RuleViolation("S3", "bad_starter", last=self.n - 1, starter=str(starter))
        required = self.required_starter
        if required is not None and starter != required:
            raise RuleViolation(
                "S10",
                "wrong_starter",
                seat=starter,
                expected=required,
                name=self.players[required],
                who=self.players[starter],
            )
        deal = self.rules.deal_size(self.n)
        r = Round(
            len(self.rounds) + 1, starter, self.n, deal, self.rules.stock_size(self.n), self._one_tile, self.rules
        )
        self.rounds.append(r)
        self._in_play = r
        return _NO_EVENTS

    def _wrong_player(self, r: Round, player: int) -> RuleViolation:
        turn = r.turn  # a refusal: building the Turn here costs nothing on the hot path
        assert turn is not None  # called only while the round takes moves
        name, who = self.players[turn.seat], self.players[player]
        if turn.reason in _CONTINUE and turn.tile is not None:
            after = Clause("after_double" if turn.reason == CONTINUE_DOUBLE else "after_scoring")
            if turn.may_stop:  # R1 stop: the turn ends with a pass, not by the next player's move
                return RuleViolation(
                    "R1",
                    "skipped_continuation_stop",
                    seat=player,
                    expected=turn.seat,
                    name=name,
                    who=who,
                    tile=tile_text(turn.tile),
                    double=turn.reason == CONTINUE_DOUBLE,
                    after=after,
                )
            return RuleViolation(
                "H4",
                "skipped_continuation",
                seat=player,
                expected=turn.seat,
                name=name,
                who=who,
                tile=tile_text(turn.tile),
                double=turn.reason == CONTINUE_DOUBLE,
                after=after,
            )
        if turn.reason in (PLAY_DRAWN, PASS_AFTER_DRAW):
            return RuleViolation(
                "S8",
                "after_draw",
                seat=player,
                expected=turn.seat,
                name=name,
                who=who,
                must=("play" if turn.reason == PLAY_DRAWN else "pass"),
                then=Clause("must_play_drawn" if turn.reason == PLAY_DRAWN else "must_pass"),
            )
        if turn.reason == LEAD:
            return RuleViolation("S3", "wrong_leader", seat=player, expected=turn.seat, name=name, who=who)
        return RuleViolation("S3", "wrong_player", seat=player, expected=turn.seat, name=name, who=who)

    def _out_of_turn(self, move: Play | Draw | Pass) -> RuleViolation:
        """The refusal for a move when no round takes moves or another seat is to move."""
        if self.finished:
            return self._over()
        r = self.round
        if r is None or r.settled:
            return RuleViolation("S3", "no_round")
        if r.ended:
            return self._round_over(r)
        player = move.player
        if not (isinstance(player, int) and 0 <= player < self.n):
            return RuleViolation("S1", "bad_seat", last=self.n - 1, player=str(player))
        return self._wrong_player(r, player)

    def _round_over(self, r: Round) -> RuleViolation:
        if r.ended == DOMINO and r.finisher is not None:
            rule = self.rules.rule("went_out")  # H7 / E6
            name = self.players[r.finisher]
            return RuleViolation(rule, "round_over", name=name)
        return RuleViolation("S8", "round_blocked")

    def _play(self, move: Play) -> tuple[ScoreEvent, ...]:
        r = self._in_play
        if r is None or move.player != r.to_move:
            raise self._out_of_turn(move)
        player, tile, spot, drawn = move.player, move.tile, move.spot, move.drawn
        # The lead, a play after a draw and a drawn tile have extra S8 checks.
        mask = self._check_special_play(r, move, r.reason) if drawn or r.reason in _SPECIAL else 0
        layout = r.layout
        index = len(r.moves)
        claims = r.claims[player]
        if claims and not drawn:
            # The placement first: a tile that cannot be placed here (already on the table,
            # wrong spot) proves nothing about what the player held earlier.
            layout.check(tile, spot)
            a, b = tile
            for claim_move, open_mask, kind in claims:  # claim_fits, inlined: the hot path
                if open_mask & ((1 << a) | (1 << b)) or (open_mask >= DOUBLES and a == b):
                    raise proven_fit(self.players[player], player, claim_move, open_mask, kind, tile, str(index + 1))
        if move.claim is not None or move.muggins is not None:  # R13: checked before anything changes
            self._check_claim(r, move)
        end_sum = layout.place(tile, spot)  # validates the placement (S4, S5) before changing anything
        # From here on the move is legal: update the state.
        if drawn:
            r.stock -= 1
            if mask:
                claims.append((index, mask, "drawn"))
        else:
            r.hand_sizes[player] -= 1
        r.moves.append(move)
        raw = placement_raw(end_sum, self._scoring)  # S7; R12
        called: ScoreEvent | None = None  # R13: a Muggins call's award
        joins = self._joins and not r.hand_sizes[player]
        if joins:  # E5: the last tile joins the settlement
            r.last_play_raw, event = raw, None
        elif move.claim is not None and raw:  # R13: an under-claim (or an exact one) stands
            claimed = move.claim * RAW_PER_POINT
            event = self._score_play(r, player, claimed, index, end_sum) if claimed else None
            if event is not None:
                event.detail.update(claimed=claimed, ends=raw)
            if move.muggins is not None and r.ended is None:  # the caller takes the missed points
                called = self._score_muggins(r, move, raw - claimed, index, end_sum)
        else:
            event = self._score_play(r, player, raw, index, end_sum) if raw else None
        if r.ended is None:  # the round goes on: whose move next
            if not r.hand_sizes[player]:
                r.ended, r.finisher, r.to_move = DOMINO, player, None  # went out (H7, E6)
                self._in_play = None
            elif self._one_tile or drawn or not (tile[0] == tile[1] or raw):  # E4; H5; H4 no score
                r.to_move, r.reason = (player + 1) % self.n, NEXT
            else:  # H4: a double or a scoring tile from hand, the same player goes on
                r.reason = CONTINUE_DOUBLE if tile[0] == tile[1] else CONTINUE_SCORED
        if self.explain:
            claim_raw = None if move.claim is None else move.claim * RAW_PER_POINT
            ends = tuple(layout.scoring_ends())
            r.placements[index] = PlacementInfo(index, tile, ends, end_sum, raw, event, joins, claim_raw, called)
        if called is not None:
            return (event, called) if event is not None else (called,)
        return (event,) if event is not None else _NO_EVENTS

    def _check_claim(self, r: Round, move: Play) -> None:
        """R13: a claim and a Muggins call on ``move``, checked on a copy of the layout.

        Raises RuleViolation R13 ``claims_automatic`` (not a muggins match), ``claim_bad``
        (not a whole number 0 to 999, or on a last tile that joins the settlement, E5),
        ``claim_over`` (more than the ends make: ``ends``, display points), ``muggins_none``
        (a call with nothing missed, by a seat that is not an opponent, or not a seat).
        """
        name = self.players[move.player]
        if not self._muggins:
            raise RuleViolation("R13", "claims_automatic", name=name)
        claim = move.claim
        if claim is not None and (type(claim) is not int or not 0 <= claim <= MAX_CLAIM):
            raise RuleViolation("R13", "claim_bad", name=name, claim=str(claim)[:20], most=MAX_CLAIM)
        trial = copy.deepcopy(r.layout)
        raw = placement_raw(trial.place(move.tile, move.spot), self._scoring)
        ends = to_points(raw)
        if self._joins and not move.drawn and r.hand_sizes[move.player] == 1:  # E5: joins the settlement
            raise RuleViolation("R13", "claim_bad", name=name, claim=str(claim), most=MAX_CLAIM)
        if claim is not None and claim > ends:
            raise RuleViolation("R13", "claim_over", name=name, claimed=claim, ends=ends)
        caller = move.muggins
        if caller is None:
            return
        if (
            claim is None
            or claim >= ends
            or type(caller) is not int
            or not 0 <= caller < self.n
            or self.side_of[caller] == self.side_of[move.player]
        ):
            who = self.players[caller] if type(caller) is int and 0 <= caller < self.n else str(caller)[:20]
            raise RuleViolation("R13", "muggins_none", name=name, who=who)

    def _score_muggins(self, r: Round, move: Play, missed: int, index: int, end_sum: int) -> ScoreEvent:
        """R13: the missed points of an under-claim, to the caller's side (as a play's points:
        E3 rejects them whole if they would pass an exact target; reaching it ends the match)."""
        assert move.muggins is not None
        side = self.side_of[move.muggins]
        before = self.scores[side]
        accepted = self.rules.accepts(before + missed)
        event = ScoreEvent(
            "muggins",
            side,
            missed,
            accepted,
            index,
            end_sum,
            None,
            None,
            before,
            {"caller": move.muggins, "player": move.player},
        )
        r.events.append(event)
        if accepted:
            self.scores[side] = before + missed
            if self.rules.reached(before + missed):
                self._end_by_placement(r, side)
        return event

    def call_muggins(self, caller: int) -> tuple[ScoreEvent, ...]:
        """R13: seat ``caller`` calls "Muggins!" on the last move, an under-claimed play.

        Replaces that play by the same play with ``muggins=caller`` (refolded, as
        :meth:`undo`); returns its score events. Raises RuleViolation R13
        ``muggins_too_late`` when the last action is not a play with a claim (the next
        tile, draw or pass came first), or the refusals of :meth:`_check_claim`.
        """
        last = self.actions[-1] if self.actions else None
        if not self._muggins:
            raise RuleViolation("R13", "claims_automatic", name=self._seat_name(caller))
        if not isinstance(last, Play) or last.claim is None or last.muggins is not None:
            raise RuleViolation("R13", "muggins_too_late", who=self._seat_name(caller))
        called = Play(last.player, last.tile, last.spot, last.drawn, last.claim, caller)
        fresh = self.fresh()
        for action in self.actions[:-1]:
            fresh.apply(action)
        events = fresh.apply(called)
        self.__dict__.update(fresh.__dict__)
        return events

    def placement_points(self, tile: Tile, spot: Spot | None) -> int:
        """The display points the ends would make if ``tile`` went at ``spot`` now (S7; R12), for a
        screen's claim buttons (R13); 0 when it scores nothing. Changes nothing; raises the placement's
        RuleViolation (S4, S5) for a spot it does not fit."""
        r = self.round
        if r is None:
            return 0
        trial = copy.deepcopy(r.layout)
        return to_points(placement_raw(trial.place(tile, spot), self._scoring))

    @property
    def muggins_callers(self) -> list[int]:
        """R13: the seats that may call Muggins now (the opponents of an under-claimed last play), in seat
        order; ``[]`` when no call is open (no muggins, no claim, a call made, or another move came since)."""
        last = self.actions[-1] if self.actions and self._muggins else None
        r = self.round
        if not isinstance(last, Play) or last.claim is None or last.muggins is not None or r is None:
            return []
        events = [e for e in r.events if e.kind == "play" and e.move == len(r.moves) - 1]
        ends = events[0].detail.get("ends", 0) if events else None
        if ends is None:  # a claim of 0: the ends' value is the placement's (kept when the match explains)
            info = r.placements.get(len(r.moves) - 1)
            ends = info.raw if info is not None else 0
        if last.claim * RAW_PER_POINT >= ends:
            return []
        side = self.side_of[last.player]
        return [seat for seat in range(self.n) if self.side_of[seat] != side]

    def _seat_name(self, seat: object) -> str:
        return self.players[seat] if type(seat) is int and 0 <= seat < self.n else str(seat)[:20]

    def _score_play(self, r: Round, player: int, raw: int, index: int, end_sum: int) -> ScoreEvent:
        """The placement's points (S7) as an event: Horse Race scores it at once and 61 or more
        ends the match (H3, H6); Exact 61 rejects it whole if it would pass 61 and ends the match
        at exactly 61 (E3, E9)."""
        side = self.side_of[player]
        before = self.scores[side]
        accepted = self.rules.accepts(before + raw)  # E3
        event = ScoreEvent("play", side, raw, accepted, index, end_sum, None, None, before)
        r.events.append(event)
        if accepted:
            self.scores[side] = before + raw
            if self.rules.reached(before + raw):  # H6 / E9
                self._end_by_placement(r, side)
        return event

    def _check_special_play(self, r: Round, move: Play, reason: Reason) -> int:
        """S8 checks of a play that is a lead, follows a draw, or is a drawn tile (R3 tiles never
        drawn; R10 a double lead, which may be drawn for).

        Returns the mask to remember when a first drawn tile fits (the hand then held no fitting
        tile: the open values, or :data:`DOUBLES` for a double lead), else 0 (also with R2: a
        draw then proves nothing).
        """
        name = self.players[move.player]
        tile = move.tile
        leading = self._lead_double and not r.layout.on_table  # R10: the round's lead, a double
        if reason == LEAD and move.drawn and not self._lead_double:
            raise RuleViolation("S8", "drawn_lead", name=name)
        if leading and tile[0] != tile[1]:
            raise RuleViolation("R10", "lead_not_double", tile=tile_text(tile), name=name)
        if reason == PLAY_DRAWN and not move.drawn:
            raise RuleViolation("S8", "hand_tile_after_draw", tile=tile_text(tile), name=name)
        if reason == PASS_AFTER_DRAW:
            if move.drawn:
                raise self._nothing_to_draw()
            if self._draw_able:  # R2: drew while able and found no fit; a tile from hand may still go
                return 0
            raise RuleViolation("S8", "last_draw_then_hand_tile", tile=tile_text(tile), name=name)
        if move.drawn:
            if r.stock <= self._reserve:
                raise self._nothing_to_draw()
            if reason != PLAY_DRAWN and not self._draw_able:  # a first drawn tile that fits: the hand had none
                return DOUBLES if leading else r.layout.open_mask
        return 0

    def _nothing_to_draw(self) -> RuleViolation:
        """The refusal of a draw from an empty stock (S8), or from one down to R3's undrawn tiles."""
        if self._reserve:
            return RuleViolation("R3", "draw_reserve", reserve=self._reserve)
        return RuleViolation("S8", "draw_empty_stock")

    def _end_by_placement(self, r: Round, side: int) -> None:
        r.ended, r.to_move = MATCH_END, None
        self._in_play = None
        r.result, r.winners = MATCH_END, [side]
        self.finished, self.winners = True, [side]

    def _draw(self, move: Draw) -> tuple[ScoreEvent, ...]:
        r = self._in_play
        if r is None or move.player != r.to_move:
            raise self._out_of_turn(move)
        name = self.players[move.player]
        count = move.count
        if r.reason == LEAD and not self._lead_double:
            raise RuleViolation("S8", "draw_on_lead", name=name)
        if r.reason == PLAY_DRAWN:
            raise RuleViolation("S8", "draw_after_draw", name=name)
        if self._stop and r.reason in _CONTINUE:
            raise RuleViolation("R1", "continuation_no_draw", name=name)
        drawable = r.stock - self._reserve
        if drawable <= 0:
            if self._reserve:
                raise self._nothing_to_draw()
            raise RuleViolation("S8", "draw_empty_stock")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise RuleViolation("S8", "draw_count", count=str(count))
        if count > drawable:
            if self._reserve:
                raise RuleViolation(
                    "R3", "draw_past_reserve", name=name, count=count, stock=drawable, reserve=self._reserve
                )
            raise RuleViolation("S8", "draw_too_many", name=name, count=count, stock=r.stock)
        mask = r.draw_mask()
        # every tile drawn that did not fit is off the table and misses every open end (tiles conserved)
        misses = r.misses(mask)
        if count > misses:
            ends = ", ".join(str(v) for v in range(7) if mask >> v & 1)
            raise RuleViolation("S8", "draw_impossible", name=name, count=count, misses=misses, ends=ends)
        index = len(r.moves)
        # new tiles: older claims unknown; with R2 a draw claims nothing either
        r.claims[move.player] = [] if self._draw_able else [(index, mask, "draw")]
        r.stock -= count
        r.hand_sizes[move.player] += count
        r.drawn_tiles[move.player] += count
        r.moves.append(move)
        r.reason = PLAY_DRAWN if r.stock > self._reserve else PASS_AFTER_DRAW
        return _NO_EVENTS

    def _pass(self, move: Pass) -> tuple[ScoreEvent, ...]:
        r = self._in_play
        if r is None or move.player != r.to_move:
            raise self._out_of_turn(move)
        name = self.players[move.player]
        drawable = r.stock - self._reserve
        if r.reason == LEAD and not self._lead_double:
            raise RuleViolation("S8", "pass_on_lead", name=name)
        if r.reason == LEAD and drawable > 0:  # R10: no double yet, and tiles to draw for one
            raise RuleViolation("R10", "pass_on_double_lead", name=name)
        stop = self._stop and r.reason in _CONTINUE and drawable > 0  # R1: the turn ends
        if drawable > 0 and not stop:
            if self._reserve:
                raise RuleViolation("R3", "pass_with_drawable", stock=drawable, reserve=self._reserve, name=name)
            raise RuleViolation("S8", "pass_with_stock", stock=r.stock, name=name)
        index = len(r.moves)
        r.claims[move.player].append((index, r.draw_mask(), "stop" if stop else "pass"))
        if stop:
            r.stops.add(index)
        r.moves.append(move)
        if r.passes_in_row == self.n and drawable <= 0:  # everyone passed with the stock empty: blocked (S8)
            r.ended, r.to_move = BLOCK, None
            self._in_play = None
        else:  # the next seat: a move, or the lead of a double-lead round no one could lead yet (R10)
            r.to_move, r.reason = (move.player + 1) % self.n, (NEXT if r.layout.on_table else LEAD)
        return _NO_EVENTS

    def _reveal(self, hands: dict[int, Hand]) -> tuple[ScoreEvent, ...]:
        r = self.round
        if r is None or r.hands is not None:
            raise RuleViolation("S2", "hands_again")
        if not r.ended:
            rule = self.rules.rule("went_out")  # H7 / E6
            raise RuleViolation(rule, "hands_before_end")
        facts = TableFacts(
            r.hand_sizes, r.layout.on_table, r.stock, r.claims, self.rules.deal_rule, self.players, r.ended == BLOCK
        )
        pips = check_hands(hands, facts)
        r.hands, r.pips = dict(hands), pips
        if r.ended == MATCH_END:  # the match is over: nothing more is scored (R14: a penalty neither)
            r.settled = True
            return _NO_EVENTS
        self._pending = self._penalties(r)
        events = self._settle(r, pips)
        if self._pending:  # a settlement that scores nothing (R12 block): the penalties alone
            events = events + self._apply_awards(r, "misplay", [])
        r.settled = True
        called = self.clock_called
        if called is not None and not self.finished and r.number >= called.round and not self._clock_lowered:
            self._clock_end(r)  # R15: time was called in this round or before it (a target is lowered once)
        return tuple(events)

    def _misplay(self, move: Misplay) -> tuple[ScoreEvent, ...]:
        """R14: record that ``move.player``'s draw or pass at ``move.move`` was made holding ``move.tile``.

        Checks: the house rule is ``penalty`` (else R14 ``misplay_refused``); the round is not yet settled
        (S10 ``misplay_settled``); the seat and move name one of that seat's draws or passes of this round
        whose claim still stands (a later draw of the same seat brings new tiles: the older claims prove
        nothing), the tile fits the open ends then and is not on the table (R14 ``misplay_unproven``).
        The claim is then consumed (its proof is accepted) and the offence kept in
        :attr:`Round.misplays`; its penalty is applied with the round's settlement (:meth:`_penalties`).
        Returns no events.
        """
        r = self.round
        player, index, tile = move.player, move.move, move.tile
        who = self._seat_name(player)
        if not self._penalty:
            raise RuleViolation("R14", "misplay_refused", name=who)
        if r is None or r.settled:
            raise RuleViolation("S10", "misplay_settled", name=who)
        claims = r.claims[player] if type(player) is int and 0 <= player < self.n else []
        found = [claim for claim in claims if claim[0] == index] if type(index) is int else []
        text = tile_text(tile) if isinstance(tile, tuple) else str(tile)[:20]
        if not found or tile in r.layout.on_table or not claim_fits(tile, found[0][1]):
            shown = index + 1 if type(index) is int else str(index)[:20]
            raise RuleViolation("R14", "misplay_unproven", name=who, move=shown, tile=text)
        claim_move, mask, kind = found[0]
        claims.remove(found[0])
        values = [] if mask >= DOUBLES else [v for v in range(7) if mask >> v & 1]
        r.misplays.append({"player": player, "move": claim_move, "tile": text, "open": values, "claim": kind})
        return _NO_EVENTS

    def _penalties(self, r: Round) -> list[Award]:
        """R14: the penalty awards of ``r``'s recorded offences, one offence each, in order (raw points;
        ``detail`` as :func:`~scorekeeper.rules.settlement.misplay_penalty` plus ``move``, ``tile``,
        ``open`` and ``claim``). ``offender-loses`` never takes a side below 0 over all of them."""
        options = self.rules.options
        kind, amount = str(options["misplay_kind"]), int(options["misplay_amount"])
        awards: list[Award] = []
        scores = list(self.scores)
        for offence in r.misplays:
            seat = int(str(offence["player"]))
            side = self.side_of[seat]
            proof = {key: offence[key] for key in ("move", "tile", "open", "claim")}
            for award in misplay_penalty(seat, self.side_of, kind, amount, self.rules.target_points, scores[side]):
                scores[award.side] += award.raw
                awards.append(dataclasses.replace(award, detail={**(award.detail or {}), **proof}))
        return awards

    def _settle(self, r: Round, pips: list[int]) -> list[ScoreEvent]:
        """The round's awards from the revealed pips: a domino (H8; E6 as one event with the last
        tile, E5) or a block (H7/H9; E7/E8), as the game's options say (R4–R6, R8); under R12
        ``fives-and-threes`` the go (1 point, joined to the last tile with an exact target) or, for a
        block, nothing (a ``draw``: the hands are checked, not counted)."""
        options = self.rules.options
        per_hand = options["rounding"] == "per-hand"  # R6
        threes = options["scoring"] == FIVES_AND_THREES  # R12: the go is 1 point, a block scores nothing
        if r.ended == DOMINO and r.finisher is not None:
            r.result, r.next_starter = DOMINO, r.finisher
            if threes:
                award = go_award(r.finisher, self.side_of, play_raw=r.last_play_raw, joins=self._joins)
                r.winners = [award.side]
                return self._apply_awards(r, "settlement" if self._joins else "domino", [award])
            award = domino_award(
                r.finisher,
                pips,
                self.side_of,
                play_raw=r.last_play_raw,
                joins=self._joins,
                partner_subtracted=options["partner_pips"] == "subtracted",
                per_hand=per_hand,
            )
            r.winners = [award.side]
            return self._apply_awards(r, "settlement" if self._joins else "domino", [award])
        if threes:  # R12: nobody scores the go, and the hands left are not counted
            r.result, r.winners = DRAW, []
            return []
        result, winners, awards = block_awards(
            pips,
            self.side_of,
            r.starter,
            str(options["block_award"]),
            str(options["block_ties"]),
            per_hand,
            in_turn=self._exact,
        )
        r.result, r.winners = (BLOCK if result == "block" else DRAW), winners
        return self._apply_awards(r, "block", awards)

    def _apply_awards(self, r: Round, kind: str, awards: list[Award]) -> list[ScoreEvent]:
        """Apply a settlement's awards: with an "at least" target all together, every side at or
        past it sharing the win (H10); with an exact one each in turn, an event that would pass it
        rejected whole and the first exact hit ending the match (E3, E7, E9). Awards of 0 raw are
        no events (:attr:`Round.nil_awards`)."""
        events: list[ScoreEvent] = []
        pairs = [(kind, award) for award in awards] + [("misplay", award) for award in self._pending]
        self._pending = []  # R14: a round's penalties join its settlement, once
        if self._exact:
            for kind, award in pairs:
                if not award.raw:
                    r.nil_awards.append(self._nil_award(r, kind, award))
                    continue
                events.append(self._exact_event(r, kind, award))
                if self.finished:  # the first exact hit ends the match at once
                    break
            return events
        before = list(self.scores)
        for kind, award in pairs:
            if award.raw:
                events.append(
                    ScoreEvent(
                        kind,
                        award.side,
                        award.raw,
                        hand=award.hand,
                        parts=award.parts,
                        score_before=before[award.side],
                        detail=award.detail or {},
                    )
                )
                # a side's second award (R14's penalty after its domino) starts where its first ended, so
                # each event's points_after is the running score (the review's chart read the first's)
                before[award.side] += award.raw
            else:
                r.nil_awards.append(self._nil_award(r, kind, award))
        for event in events:  # H10: applied together
            r.events.append(event)
            self.scores[event.side] += event.raw
        self._at_least_winners()
        return events

    def _at_least_winners(self) -> None:
        """H10: every side at or past the target after a settlement shares the win."""
        winners = [side for side, raw in enumerate(self.scores) if self.rules.reached(raw)]
        if winners:
            self.finished, self.winners = True, winners

    def _nil_award(self, r: Round, kind: str, award: Award) -> ScoreEvent:
        """An award of 0 raw as an event-shaped explanation (not applied, not in ``r.events``)."""
        return ScoreEvent(
            kind,
            award.side,
            0,
            hand=award.hand,
            parts=award.parts,
            score_before=self.scores[award.side],
            detail=award.detail or {},
        )

    def _exact_event(self, r: Round, kind: str, award: Award) -> ScoreEvent:
        before = self.scores[award.side]
        accepted = self.rules.accepts(before + award.raw)  # E3: rejected whole if it passes the target
        event = ScoreEvent(
            kind,
            award.side,
            award.raw,
            accepted,
            hand=award.hand,
            parts=award.parts,
            score_before=before,
            detail=award.detail or {},
        )
        r.events.append(event)
        if accepted:
            self.scores[award.side] = before + award.raw
            if self.rules.reached(before + award.raw):  # E9
                self.finished, self.winners = True, [award.side]
        return event


__all__ = ["Match", "Result", "Round", "Status", "placement_raw", "IN_PROGRESS", "DOMINO", "BLOCK", "DRAW", "MATCH_END"]
