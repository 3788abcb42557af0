"""Fixing a mistake several moves back, without undoing everything after it.

A *fix* is one or more edits of a match's record as it stands, each at a
position counted from 1 as refusals count (round ``R``, move ``M``):

- :class:`ReplaceMove` ``(R, M, move)``: the move at R/M becomes ``move``;
- :class:`DeleteMove` ``(R, M)``: the move is taken out;
- :class:`InsertMove` ``(R, M, move)``: ``move`` goes in before move M (the
  forgotten draw); ``M`` = the round's moves + 1 puts it after the last;
- :class:`ReplaceHands` ``(R, hands)``: round R's revealed hands, by seat;
  seats not given keep the hand recorded (one hand or all);
- :class:`ReplaceStarter` ``(R, seat)``: who led round R.

Every position names the record *before* the fix, so several edits of one
fix never shift each other. The corrected action list is then folded from
the start through the same engine that refereed the match: every later move,
in later rounds too, is checked again. Either the whole fix stands, or it is
refused with the engine's :class:`RuleViolation` for the first action that
no longer fits, and nothing changes (the fix returns a new match; the one
given is never touched).

:func:`preview_fix` says what a fix would do (the corrected match, each
side's score before and after, how many later moves were re-checked, or the
refusal and which later move it breaks) so a screen can show it before
saving; :meth:`FixPreview.result` gives the corrected match, optionally
keeping only the moves before the first one the fix makes illegal (so the
table can enter the rest again). The store keeps a fix as one ``correct``
event (docs/store.md); this module is pure and never writes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as dc_replace
from typing import TypeVar

from .errors import Clause, RuleViolation
from .match import Match, Round
from .moves import Action, Draw, Hand, Misplay, Move, Pass, Play, Reveal, StartRound

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class ReplaceMove:
    """The move at round ``round``, move ``move`` (both from 1) becomes ``new``."""

    round: int
    move: int
    new: Move


@dataclass(frozen=True, slots=True)
class DeleteMove:
    """The move at round ``round``, move ``move`` (both from 1) is taken out."""

    round: int
    move: int


@dataclass(frozen=True, slots=True)
class InsertMove:
    """``new`` goes in before move ``move`` of round ``round`` (both from 1); ``move`` may be
    the round's number of moves + 1 (after its last move)."""

    round: int
    move: int
    new: Move


@dataclass(frozen=True, slots=True)
class ReplaceStarter:
    """Round ``round`` (from 1) was led by seat ``starter`` (S3, S10)."""

    round: int
    starter: int


@dataclass(frozen=True, slots=True)
class ReplaceHands:
    """Round ``round``'s revealed hands: ``hands`` by seat (tiles or a pip total) replace those
    seats' hands; the other seats keep theirs. The round must have its hands recorded."""

    round: int
    hands: Mapping[int, Hand]


Edit = ReplaceMove | DeleteMove | InsertMove | ReplaceHands | ReplaceStarter
_EDITS = (ReplaceMove, DeleteMove, InsertMove, ReplaceHands, ReplaceStarter)


@dataclass(frozen=True, slots=True)
class Step:
    """One edit placed in the action list: ``op`` (``"replace"``, ``"delete"``, ``"insert"``),
    ``index`` in ``match.actions`` (for an insert: the action it goes before, ``len`` at the end),
    where the table sees it (``round``; ``move`` from 1, ``"hands"`` or ``0`` for the round's start)
    and the ``new`` action (``None`` for a delete)."""

    op: str
    index: int
    round: int
    move: int | str
    new: Action | None


@dataclass(frozen=True, slots=True)
class Plan:
    """A fix as changes of the action list (0-based indices into ``match.actions``).

    ``replace[i]`` takes the place of action ``i``; ``delete`` are taken out;
    ``insert[i]`` go in before action ``i`` (``len(actions)``: at the end), in order.
    """

    replace: Mapping[int, Action] = field(default_factory=dict)
    delete: frozenset[int] = frozenset()
    insert: Mapping[int, Sequence[Action]] = field(default_factory=dict)
    steps: tuple[Step, ...] = ()  # the same changes, one per edit, in the order given

    @property
    def first(self) -> int:
        """The smallest index the plan touches: every action before it stays as it was."""
        return min([*self.replace, *self.delete, *self.insert])


@dataclass(frozen=True, slots=True)
class ScoreChange:
    """One side's display points before and after a fix (``name`` as :attr:`Match.side_names`)."""

    side: int
    name: str
    before: int
    after: int

    @property
    def changed(self) -> bool:
        """Whether the fix changes this side's score."""
        return self.before != self.after

    def text(self) -> str:
        """``"Ann 10 → 12"``."""
        return f"{self.name} {self.before} → {self.after}"


@dataclass(frozen=True, slots=True)
class Broken:
    """The first action already recorded after the fix that the fix makes illegal.

    ``index``: its 0-based place in the corrected action list (the refusal's
    round and move count in the corrected record, as replaying the corrected
    document would say); ``old_index``: its place in the record as it stands,
    and ``round`` / ``move`` that place counted from 1 as the table sees it now
    (``move`` is ``"hands"`` for a reveal and ``0`` for the start of a round).
    """

    index: int
    old_index: int
    action: Action
    round: int
    move: int | str


@dataclass(frozen=True, slots=True)
class FixPreview:
    """What a fix does, worked out without changing anything (see :func:`preview_fix`).

    Attributes:
        before: the match as it stands (not changed).
        plan: the fix placed in ``before.actions`` (:class:`Plan`).
        actions: the corrected action list, whole (also when refused).
        origin: for each action of ``actions``, its index in ``before.actions``,
            or ``None`` for an action the fix brings (a replacement or an insert).
        start: the index in ``actions`` of the first action that differs from
            ``before.actions``: everything before it is as recorded.
        match: the corrected match, or ``None`` when the fix is refused.
        refusal: the engine's :class:`RuleViolation` for the first action that
            does not fit (located in the corrected record), or ``None``.
        broken: when the refusal is at an action recorded *after* the fix (not
            at the fix's own move or hands): that action (:class:`Broken`).
        kept: with ``broken``: the match folded from the corrected actions
            before it (the "keep the moves before it" choice), else ``None``.
        rechecked: moves recorded after the fix that were folded again and
            still fit (all of them when the fix stands).
    """

    before: Match
    plan: Plan
    actions: tuple[Action, ...]
    origin: tuple[int | None, ...]
    start: int
    match: Match | None
    refusal: RuleViolation | None
    broken: Broken | None
    kept: Match | None
    rechecked: int

    @property
    def ok(self) -> bool:
        """Whether the fix stands as it is."""
        return self.match is not None

    @property
    def changes(self) -> list[ScoreChange]:
        """Each side's points before and after the fix (``[]`` when it is refused)."""
        return score_changes(self.before, self.match) if self.match is not None else []

    @property
    def kept_changes(self) -> list[ScoreChange]:
        """Each side's points before and after keeping the moves before :attr:`broken` (``[]`` without)."""
        return score_changes(self.before, self.kept) if self.kept is not None else []

    @property
    def dropped(self) -> int:
        """Actions (moves, round starts, hands) that keeping the moves before :attr:`broken` leaves out."""
        return len(self.actions) - self.broken.index if self.broken is not None else 0

    @property
    def dropped_moves(self) -> int:
        """Moves (plays, draws, passes) among those :attr:`dropped`."""
        if self.broken is None:
            return 0
        return sum(1 for a in self.actions[self.broken.index :] if isinstance(a, (Play, Draw, Pass)))

    def result(self, keep_before_broken: bool = False) -> Match:
        """The corrected match; raises the :attr:`refusal` if the fix is refused.

        With ``keep_before_broken``, a fix refused only because it makes a later
        recorded action illegal gives the match of the corrected actions before
        that action (the table enters the rest again); a fix whose own move or
        hands are refused is still refused.
        """
        if self.match is not None:
            return self.match
        if keep_before_broken and self.kept is not None:
            return self.kept
        assert self.refusal is not None
        raise self.refusal


def score_changes(before: Match, after: Match) -> list[ScoreChange]:
    """Each side's display points in ``before`` and ``after`` (two folds of the same seating)."""
    return [
        ScoreChange(side, name, old, new)
        for side, (name, old, new) in enumerate(zip(before.side_names, before.points, after.points, strict=True))
    ]


def preview_fix(match: Match, edits: Edit | Sequence[Edit]) -> FixPreview:
    """Work out a fix of ``match`` without changing it.

    ``edits``: one :class:`Edit` or several, all at positions of the record as
    it stands. Returns a :class:`FixPreview` (refused or not). Raises
    :class:`RuleViolation` only for a fix that cannot even be placed: a round
    or move that does not exist (``no_such_round`` / ``no_such_move``), hands
    of a round that has none yet (``no_hands``), two edits of one move or of
    one round's hands (``fix_twice``), or something that is not a move.
    """
    plan = _without_unproven(match, plan_fix(match, edits))
    origin = rebuild(
        list(range(len(match.actions))),
        {i: -1 for i in plan.replace},
        plan.delete,
        {i: [-1] * len(new) for i, new in plan.insert.items()},
    )
    replaced = {i: _timed(new, match.actions[i]) for i, new in plan.replace.items()}
    actions = tuple(rebuild(match.actions, replaced, plan.delete, plan.insert))
    origins = tuple(None if i < 0 else i for i in origin)
    start = plan.first
    folded, failed, refusal = fold(match, actions)
    rechecked = sum(
        1
        for i in range(start, failed if failed is not None else len(actions))
        if origins[i] is not None and isinstance(actions[i], (Play, Draw, Pass))
    )
    if failed is None:
        return FixPreview(match, plan, actions, origins, start, folded, None, None, None, rechecked)
    broken = kept = None
    old = origins[failed]
    if old is not None:  # an action recorded after the fix no longer fits
        round_no, move_no = position(match, old)
        broken = Broken(failed, old, actions[failed], round_no, move_no)
        kept = folded  # the fold stopped just before it
    return FixPreview(match, plan, actions, origins, start, None, refusal, broken, kept, rechecked)


def _without_unproven(match: Match, plan: Plan) -> Plan:
    """R14: the plan with every recorded offence (:class:`Misplay`) after its first change that the
    corrected record no longer proves taken out (a delete step each): the penalty belongs to the
    draw or pass it names, so a correction that removes or changes that move removes the penalty."""
    while True:
        actions = rebuild(match.actions, plan.replace, plan.delete, plan.insert)
        origin = rebuild(
            list(range(len(match.actions))),
            {i: -1 for i in plan.replace},
            plan.delete,
            {i: [-1] * len(new) for i, new in plan.insert.items()},
        )
        _, failed, refusal = fold(match, actions)
        if failed is None or refusal is None or refusal.code != "misplay_unproven" or origin[failed] < 0:
            return plan
        old = origin[failed]
        round_no, move_no = position(match, old)
        step = Step("delete", old, round_no, move_no, None)
        plan = dc_replace(plan, delete=plan.delete | {old}, steps=(*plan.steps, step))


def apply_fix(match: Match, edits: Edit | Sequence[Edit], keep_before_broken: bool = False) -> Match:
    """The corrected match (a new :class:`Match`; ``match`` is not changed).

    Raises :class:`RuleViolation`: the first action that no longer fits, located
    in the corrected record (unless ``keep_before_broken`` and it is a later
    action: see :meth:`FixPreview.result`), or why the fix cannot be placed
    (see :func:`preview_fix`).
    """
    return preview_fix(match, edits).result(keep_before_broken)


def fold(like: Match, actions: Sequence[Action]) -> tuple[Match, int | None, RuleViolation | None]:
    """Fold ``actions`` into a new match with ``like``'s game, house rules, seating and ``explain``.

    Returns ``(match, None, None)`` when every action fits, else the match of
    the actions before the first that does not, that action's index and the
    engine's refusal.
    """
    folded = like.fresh()  # the same game, house rules, seating and explain setting
    for index, action in enumerate(actions):
        try:
            folded.apply(action)
        except RuleViolation as err:
            return folded, index, err
    return folded, None, None


def _timed(new: Action, old: Action) -> Action:
    """``new`` with the time of the action it replaces, when it has none of its own (R15: a corrected move
    was played when the move it corrects was recorded)."""
    return dc_replace(new, time=old.time) if new.time is None and old.time is not None else new


def rebuild(
    items: Sequence[T], replace: Mapping[int, T], delete: frozenset[int] | set[int], insert: Mapping[int, Sequence[T]]
) -> list[T]:
    """``items`` with ``replace[i]`` in place of item ``i``, the ``delete`` ones left out and
    ``insert[i]`` put before item ``i`` (``len(items)``: at the end). Indices are of ``items``."""
    out: list[T] = []
    for index, item in enumerate(items):
        out.extend(insert.get(index, ()))
        if index in replace:
            out.append(replace[index])
        elif index not in delete:
            out.append(item)
    out.extend(insert.get(len(items), ()))
    return out


def round_starts(match: Match) -> list[int]:
    """The index in ``match.actions`` of each round's :class:`StartRound`, in round order."""
    return [i for i, action in enumerate(match.actions) if type(action) is StartRound]


def move_index(match: Match, round_no: int, move_no: int, *, insert: bool = False) -> int:
    """The index in ``match.actions`` of move ``move_no`` of round ``round_no`` (both from 1).

    With ``insert``, ``move_no`` may also be the round's moves + 1: the index
    just after its last move. Raises :class:`RuleViolation` (``no_such_round``,
    ``no_such_move``) for a position the record does not have.
    """
    r = _round(match, round_no)
    last = len(r.moves) + (1 if insert else 0)
    if not (type(move_no) is int and 1 <= move_no <= last):
        raise RuleViolation("", "no_such_move", round=round_no, move=str(move_no), moves=len(r.moves)).at(
            round_no, None
        )
    moves = _move_indices(match, round_no)
    return moves[move_no - 1] if move_no <= len(moves) else moves[-1] + 1 if moves else _start(match, round_no) + 1


def _start(match: Match, round_no: int) -> int:
    return round_starts(match)[round_no - 1]


def _move_indices(match: Match, round_no: int) -> list[int]:
    """The indices in ``match.actions`` of round ``round_no``'s moves (R14: its :class:`Misplay`
    actions stand between them and are no moves)."""
    starts = round_starts(match)
    end = starts[round_no] if round_no < len(starts) else len(match.actions)
    return [i for i in range(starts[round_no - 1] + 1, end) if isinstance(match.actions[i], (Play, Draw, Pass))]


def hands_index(match: Match, round_no: int) -> int:
    """The index in ``match.actions`` of round ``round_no``'s :class:`Reveal`; raises
    :class:`RuleViolation` (``no_such_round``, ``no_hands``) if it has none."""
    r = _round(match, round_no)
    if r.hands is None:
        raise RuleViolation("", "no_hands", round=round_no).at(round_no, "hands")
    starts = round_starts(match)
    end = starts[round_no] if round_no < len(starts) else len(match.actions)
    return next(i for i in range(starts[round_no - 1], end) if type(match.actions[i]) is Reveal)


def position(match: Match, index: int) -> tuple[int, int | str]:
    """Where action ``index`` of ``match.actions`` stands, counted from 1: ``(round, move)``,
    ``move`` being ``"hands"`` for a reveal and ``0`` for a round's start."""
    starts = round_starts(match)
    round_no = sum(1 for s in starts if s <= index)
    action = match.actions[index]
    if type(action) is StartRound:
        return round_no, 0
    if type(action) is Reveal:
        return round_no, "hands"
    if type(action) is Misplay:  # R14: where the table sees it, at the draw or pass it names
        return round_no, action.move + 1
    return round_no, sum(1 for i in _move_indices(match, round_no) if i <= index)


def plan_fix(match: Match, edits: Edit | Sequence[Edit]) -> Plan:
    """The :class:`Plan` of a fix: its edits' positions found in ``match.actions``.

    Raises :class:`RuleViolation` as :func:`preview_fix` says, ``ValueError`` for no edit at all.
    """
    todo: Sequence[Edit] = (edits,) if isinstance(edits, _EDITS) else edits
    if not todo:
        raise ValueError("a fix needs at least one edit")
    replace: dict[int, Action] = {}
    delete: set[int] = set()
    insert: dict[int, list[Action]] = {}
    steps: list[Step] = []
    for edit in todo:
        new: Action
        where: int | str
        if isinstance(edit, ReplaceStarter):
            _round(match, edit.round)
            index, new, where = round_starts(match)[edit.round - 1], StartRound(edit.starter), 0
        elif isinstance(edit, ReplaceHands):
            index = hands_index(match, edit.round)
            old = match.actions[index]
            assert type(old) is Reveal
            new, where = Reveal({**old.hands, **edit.hands}), "hands"
        elif isinstance(edit, (ReplaceMove, DeleteMove, InsertMove)):
            index = move_index(match, edit.round, edit.move, insert=isinstance(edit, InsertMove))
            where = edit.move
            if isinstance(edit, DeleteMove):
                _once(index, replace, delete, edit.round, where)
                delete.add(index)
                steps.append(Step("delete", index, edit.round, where, None))
                continue
            new = _move(edit.new, edit.round, where)
            if isinstance(edit, InsertMove):
                insert.setdefault(index, []).append(new)
                steps.append(Step("insert", index, edit.round, where, new))
                continue
        else:
            raise RuleViolation("", "unknown_action")
        _once(index, replace, delete, edit.round, where)
        replace[index] = new
        steps.append(Step("replace", index, edit.round, where, new))
    return Plan(replace, frozenset(delete), insert, tuple(steps))


def _round(match: Match, round_no: int) -> Round:
    if not (type(round_no) is int and 1 <= round_no <= len(match.rounds)):
        count = len(match.rounds)
        raise RuleViolation("", "no_such_round", round=str(round_no), rounds=count)
    return match.rounds[round_no - 1]


def _once(index: int, replace: Mapping[int, Action], delete: set[int], round_no: int, where: int | str) -> None:
    if index in replace or index in delete:
        place = Clause("fix_hands" if where == "hands" else "fix_move")
        raise RuleViolation("", "fix_twice", round=round_no, move=str(where), place=place).at(round_no, where)


def _move(move: object, round_no: int, where: int | str) -> Move:
    if not isinstance(move, (Play, Draw, Pass)):
        raise RuleViolation("", "unknown_action").at(round_no, where)
    return move


__all__ = [
    "Broken",
    "DeleteMove",
    "Edit",
    "FixPreview",
    "InsertMove",
    "Plan",
    "ReplaceHands",
    "ReplaceMove",
    "ReplaceStarter",
    "ScoreChange",
    "Step",
    "apply_fix",
    "fold",
    "hands_index",
    "move_index",
    "plan_fix",
    "position",
    "preview_fix",
    "rebuild",
    "round_starts",
    "score_changes",
]
