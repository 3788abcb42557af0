"""The match store's facade: writes (a durable, append-only event log per match) and reads (the
matches, the history). Two parts work behind it: :mod:`~scorekeeper.store.repair` (the index made to
agree with the match files, damage set aside) and :mod:`~scorekeeper.store.transfer` (export and
import); every public method is here, takes the store's lock and calls them.

Every call blocks (file I/O and fsync): the app calls it through
``asyncio.to_thread``. One :class:`MatchStore` per data folder per process
(:func:`open_store`), one lock per store, one TinyDB instance per file.

Recording a move: the engine validates it on the match held in memory
(nothing is written if it raises), then the event is appended to the match's
own file with an atomic, fsync'd write, and only then does :meth:`record`
return. The index is touched only when the history entry changes in a way
that matters (creation, round start and settlement, finish, undo,
correction); other moves leave it stale by design and it is refreshed on
:meth:`close` or, after a crash, from the match files at the next open.

Everything read from disk is checked before it is used (the checksum of each
file, every value of every event and index entry): a match whose file fails
is *damaged*, moved aside and listed as such; nothing else is affected.

A folder that cannot be written (a read-only disk, no permission, or another
Scorekeeper process holding it) is opened for reading only:
:attr:`MatchStore.read_only` says why, every read works, and every change
raises :class:`ReadOnlyStore` naming the cause.
"""

from __future__ import annotations

import atexit
import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from dataclasses import replace as dc_replace
from datetime import date, datetime
from pathlib import Path
from typing import Any

from ..rules import Draw, Match, Pass, Play, Reveal, RuleViolation, ScoreEvent
from ..rules.fix import Edit, FixPreview, InsertMove, ReplaceHands, ReplaceMove, ScoreChange, preview_fix, rebuild
from ..rules.moves import Action
from ..rules.names import check_distinct, clean_name, clean_names
from .atomic import DamagedFile, write_and_confirm
from .errors import (
    BUSY,
    REQUESTED,
    ImportRefusal,
    ImportRefused,
    MatchDamaged,
    MatchNotFound,
    NothingToRedo,
    NothingToUndo,
    ReadOnlyReason,
    ReadOnlyStore,
    StaleView,
    StoreBusy,
    StoreClosed,
    StoreError,
    os_cause,
)
from .events import (
    KINDS,
    Change,
    Event,
    LogError,
    LogState,
    action_from_json,
    action_to_json,
    check_event,
    clocked,
    create_event,
    fold_log,
    now,
    parse_time,
    time_text,
)
from .folderlock import lock_folder, unlock_folder
from .index import Index
from .intake import documents_of_files
from .matchfile import MatchLog, Unreadable, read_log
from .paths import DataFolder, is_match_id, new_match_id, resolve_data_dir
from .repair import Repair, damage_reason, id_time, listing
from .summary import (
    DAMAGED,
    FINISHED,
    IN_PROGRESS,
    MatchSummary,
    PlayerStats,
    RuleSetStats,
    abandoned_at,
    damaged_summary,
    played_at,
    player_stats,
    rule_set_stats,
    summarize,
)
from .transfer import ExportReport, ImportReport, Prepared, Transfer, prepare_import

log = logging.getLogger(__name__)

MAX_OPEN_MATCHES = 32  # folded matches kept in memory (least recently used are dropped)


@dataclass(frozen=True, slots=True)
class RecordResult:
    """What :meth:`MatchStore.record` did.

    Attributes:
        match: the store's live :class:`Match` (explain=True) after the action;
            read it, do not apply actions to it (it changes with the next call).
        events: the :class:`ScoreEvent` s the action produced (may be empty).
        seq: the sequence number of the stored event.

    ``version`` (``seq + 1``) is the match's version after it, to pass as
    ``expected_version`` with the next change (see :meth:`MatchStore.version`).
    """

    match: Match
    events: tuple[ScoreEvent, ...]
    seq: int

    @property
    def version(self) -> int:
        return self.seq + 1


@dataclass(frozen=True, slots=True)
class FixResult:
    """What :meth:`MatchStore.fix` did.

    Attributes:
        match: the store's live :class:`Match` after the fix (read it only).
        preview: the engine's :class:`~scorekeeper.rules.fix.FixPreview` of the
            fix as it was made: ``changes`` (each side's points before and
            after), ``rechecked``, and, if the moves before the first broken
            one were kept, ``broken``, ``dropped`` and ``kept_changes``.
        seq: the sequence number of the ``correct`` event.
        kept: True when the fix was refused at a later action and the moves
            before it were kept (``keep_before_broken``); the rest was dropped.
    """

    match: Match
    preview: FixPreview
    seq: int
    kept: bool = False

    @property
    def version(self) -> int:
        """The match's version after the fix (``seq + 1``)."""
        return self.seq + 1

    @property
    def changes(self) -> list[ScoreChange]:
        """Each side's points before and after, as made (:class:`~scorekeeper.rules.fix.ScoreChange`)."""
        return self.preview.kept_changes if self.kept else self.preview.changes


class _OpenMatch:
    """A match held in memory: its log file, create event, what is in effect and the fold."""

    __slots__ = ("id", "log", "head", "state", "match", "next_seq", "last_time")

    def __init__(
        self,
        match_id: str,
        log_file: MatchLog,
        head: dict[str, Any],
        state: LogState,
        match: Match,
        next_seq: int,
        last_time: datetime,
    ) -> None:
        self.id = match_id
        self.log = log_file
        self.head = head
        self.state = state  # the actions in effect ([(seq, action)]), what undo and redo would do
        self.match = match
        self.next_seq = next_seq
        self.last_time = last_time

    @property
    def actions(self) -> list[tuple[int, Action]]:
        """The actions in effect as ``(seq of the event that recorded it, action)``."""
        return self.state.actions


_REGISTRY: dict[Path, MatchStore] = {}
_REGISTRY_LOCK = threading.Lock()


@atexit.register
def _close_all() -> None:
    """At interpreter exit, close every open store (index brought up to date, clean-close mark)."""
    for store in list(_REGISTRY.values()):
        try:
            store.close()
        except Exception as err:  # noqa: BLE001 - exiting anyway; the next open repairs from the logs
            log.warning("could not close the store of %s: %s", store.root, err)


def open_store(data_dir: str | os.PathLike[str] | None = None, read_only: bool | None = None) -> MatchStore:
    """The process-wide store of a data folder (opened on first use; closed at exit).

    ``data_dir`` defaults to ``$SCOREKEEPER_DATA``, else the per-user data
    folder (platformdirs). Opening creates the folder, takes its lock,
    sweeps temp files left by a crash, loads the index and repairs it from
    the match files (see :class:`MatchStore`).

    ``read_only``: ``None`` (the default) opens for writing if the folder
    allows it, else for reading only (:attr:`MatchStore.read_only` says why:
    a read-only disk, no permission, another Scorekeeper holding the folder);
    ``True`` opens for reading only, writing nothing at all; ``False``
    refuses to fall back: :class:`StoreBusy` if another process has the
    folder, :class:`StoreError` if it cannot be written. Raises
    :class:`StoreError` when the folder does not exist and cannot be created.
    A store already open in this process is returned as it is.
    """
    root = resolve_data_dir(data_dir)
    with _REGISTRY_LOCK:
        store = _REGISTRY.get(root)
        if store is None or store.closed:
            store = MatchStore(root, read_only)
            _REGISTRY[root] = store
        return store


def is_open(data_dir: str | os.PathLike[str] | None = None) -> bool:
    """True if this process has the store of that folder open."""
    store = _REGISTRY.get(resolve_data_dir(data_dir))
    return store is not None and not store.closed


class MatchStore:
    """All matches of one data folder. Use :func:`open_store`; every method is thread-safe.

    ``problems`` lists user-readable messages about damage found and repaired
    (a match file or index shard moved aside, the index rebuilt); the app
    should show them once.
    """

    def __init__(self, root: Path, read_only: bool | None = None) -> None:
        self.root = root
        self.layout = DataFolder(root)
        self.problems: list[str] = []
        self.closed = False
        self.read_only: ReadOnlyReason | None = None
        self._lock = threading.RLock()
        self._lock_fd: int | None = None
        if os.path.lexists(self.layout.matches) and not self.layout.matches.is_dir():
            # matches/ is the truth: no stand-in folder may hide it, so the stray file must go first
            raise StoreError(
                f"a file named 'matches' stands in the data folder {root} where the folder of every match must be:"
                " rename or move that file (e.g. to matches.old), then start again; nothing was changed",
                "matches_blocked",
                folder=str(root),
            )
        if read_only:
            if not root.is_dir():
                raise StoreError(f"there is no data folder {root}")
            self.read_only = ReadOnlyReason(REQUESTED, root)
        else:
            self._open_for_writing(read_only is False)
        self._repair = Repair(self.layout, self.read_only, self.problems)
        self._transfer = Transfer(self)
        self._repair.note_obstacles()  # a stray file stops nothing, and is said
        try:
            match_files = listing(self.layout.matches)  # listed once: 10,000 names cost ~10 ms
            if self.read_only is None:
                self._repair.sweep(match_files)
            self._open: OrderedDict[str, _OpenMatch] = OrderedDict()
            self._dirty: set[str] = set()  # live summary newer than its index entry
            self._index = Index(self.layout, self._repair.shard_aside)
            clean = self._repair.take_clean_mark()
            self._summaries, dropped = self._index.load()
            if dropped:
                self._problem(
                    f"{dropped} unreadable entries of the history index were dropped and rebuilt from the match files"
                )
            # ids oldest first, for the history; ids are never removed from _summaries (a damaged
            # match stays listed), so a change in their number is the only reason to rebuild it
            self._order: list[str] | None = None
            full = not clean or bool(dropped) or bool(self.problems)
            changed = self._repair.reconcile(self._summaries, self._index, match_files, full)
            if changed:
                self._put_index(changed)
            if self.read_only is None:
                self._index.purge()
        except OSError as err:
            self._release()
            raise StoreError(f"cannot read the data folder {root}: {err.strerror or err}") from None
        except BaseException:
            self._release()
            raise

    @property
    def writable(self) -> bool:
        """True if the store can record (``read_only`` is ``None``)."""
        return self.read_only is None

    def _open_for_writing(self, strict: bool) -> None:
        """Create the folders and take the lock; on failure fall back to reading only (unless ``strict``)."""
        root = self.root
        try:
            self.layout.make()
        except OSError as err:
            if strict or not root.is_dir():
                raise StoreError(f"cannot create the data folder {root}: {err.strerror or err}") from None
            self.read_only = ReadOnlyReason.from_os_error(root, err)
            return
        try:
            self._lock_fd = lock_folder(self.layout.lock)
        except StoreBusy:
            if strict:
                raise
            self.read_only = ReadOnlyReason(BUSY, root)
        except OSError as err:
            if strict:
                raise StoreError(f"cannot write in the data folder {root}: {err.strerror or err}") from None
            self.read_only = ReadOnlyReason.from_os_error(root, err)
        if self.read_only is not None:
            log.info("the data folder is open for reading only: %s", self.read_only.message)

    def _release(self) -> None:
        if self._lock_fd is not None:
            unlock_folder(self._lock_fd)
            self._lock_fd = None

    # ------------------------------------------------------------------ matches
    def create_match(
        self, variant: str, players: list[str], partnerships: bool, house_rules: Mapping[str, str | int] | None = None
    ) -> str:
        """Start a new match; return its id.

        ``house_rules``: the table's house rules (the house options, as a match document's
        ``"house_rules"``; ``None`` or ``{}`` for the game's own rules); those in
        effect are kept in the log's create event.

        Each name is cleaned by the names policy (:func:`scorekeeper.rules.names.clean_names`:
        NFC, trimmed, at most 40 characters, a visible one, no invisible or control character, no two
        alike ignoring case).

        Raises :class:`RuleViolation` for a seating the game does not allow
        (H1/E1), a name the policy refuses (``name_…``, ``same_names``) or house
        rules the game does not take (the option's rule id), :class:`StoreError`
        if it cannot be saved.
        """
        names = clean_names(players)
        match = Match(variant, names, partnerships, explain=True, house_rules=house_rules)
        with self._writable("could not create the match"):
            match_id = self._fresh_id()
            moment = now()
            head = create_event(
                match_id, match.variant, names, match.partnerships, "app", moment, house_rules=match.house_rules
            )
            match_log = MatchLog(self.layout.match_file(match_id))
            try:
                match_log.append([head])
            except OSError as err:
                match_log.close()
                raise StoreError(
                    f"could not save the new match in {self.layout.matches}: {err.strerror or err}",
                    "save_failed",
                    reason=str(err.strerror or err),
                    cause=os_cause(err),
                ) from None
            op = _OpenMatch(match_id, match_log, head, LogState(len(names), names, clocked(head)), match, 1, moment)
            self._keep_open(op)
            self._update_summary(op, index=True)
            return match_id

    def adopt(self, match_id: str, events: Sequence[Mapping[str, Any]]) -> int:
        """Keep a log recorded and refereed elsewhere (a league venue's) under its own ``match_id``;
        return how many events were added (0: all of them were here already).

        ``events`` is the whole log as the other store wrote it (its create event names
        ``match_id``). What this store already holds of the match must be the start of it, event
        for event; only the rest is appended, after the whole log is folded again through the
        engine (:func:`~scorekeeper.store.events.fold_log`): so adopting the same log twice, or a
        shorter copy of it, changes nothing, and a log that breaks a rule is not kept.

        Raises :class:`StoreError` ``adopt_bad_id`` (not a match id), ``adopt_conflict`` (what is
        here is not the start of ``events``: a different event under a seq already kept) or
        ``adopt_refused`` (``reason``: the fold's, English, for the league secretary's list);
        :class:`MatchDamaged` if the match's own file here is damaged; ``save_failed``.
        """
        if not is_match_id(match_id):
            raise StoreError(f"{match_id[:80]!r} is not a match id", "adopt_bad_id")
        with self._writable("could not keep the match"):
            log = [dict(e) for e in events]
            op = self._open.get(match_id)
            if op is None and match_id in self._summaries:
                op = self._load(match_id)
            have = op.next_seq if op is not None else 0
            if op is not None:
                old = self.events(match_id)
                if log[: len(old)] != old[: len(log)]:
                    raise StoreError(f"match {match_id}: a different event under a seq already kept", "adopt_conflict")
            if len(log) <= have:
                return 0
            try:
                head, state, match = fold_log(log, explain=True, match_id=match_id)
            except LogError as err:
                raise StoreError(f"match {match_id}: {err}", "adopt_refused", reason=str(err)[:200]) from None
            moment = parse_time(log[-1].get("time")) or now()
            new = log[have:]
            fresh = op is None
            if op is None:
                match_log = MatchLog(self.layout.match_file(match_id))
                op = _OpenMatch(match_id, match_log, head, state, match, 0, moment)
            try:
                self._append(op, new)
            except StoreError:
                if fresh:
                    op.log.close()
                raise
            op.state, op.match, op.next_seq, op.last_time = state, match, len(log), moment
            self._keep_open(op)
            self._update_summary(op, index=True)
            return len(new)

    def version(self, match_id: str) -> int:
        """The match's version: the number of events in its log. Every change
        (an action, an undo, a correction) raises it by one."""
        with self._lock:
            self._check_open()
            return self._load(match_id).next_seq

    def record(self, match_id: str, action: Action, expected_version: int | None = None) -> RecordResult:
        """Validate ``action`` through the engine, then store it durably.

        ``action`` is an engine action (:class:`StartRound`, :class:`Play`,
        :class:`Draw`, :class:`Pass`, :class:`Reveal`). With
        ``expected_version`` (the :meth:`version` the caller's screen shows),
        a match changed since by another screen raises :class:`StaleView`
        instead of recording a move meant for an older position. Raises
        :class:`RuleViolation` (nothing written) for an illegal action,
        :class:`MatchNotFound`, :class:`MatchDamaged`, or :class:`StoreError`
        if the disk refuses the write (then nothing is recorded either).
        Returns once the event is fsync'd.
        """
        with self._changing(match_id, "could not record the action", expected_version) as op:
            fields, canonical = _canonical(action, op.match.n)
            moment = now()
            moment = moment.replace(microsecond=moment.microsecond // 1000 * 1000)  # the log's milliseconds
            stamp = time_text(moment)
            if op.state.timed:  # R15: a match with a clock: the action carries the time the log will read back
                canonical = dc_replace(canonical, time=moment.timestamp())
            events = op.match.apply(canonical)  # RuleViolation: state unchanged, nothing written
            try:
                seq = op.next_seq
                self._append(op, [{"seq": seq, "time": stamp, **fields}])
                op.state.push(seq, canonical)
                op.state.played_at = stamp
                op.next_seq, op.last_time = seq + 1, moment
            except BaseException:
                self._drop(match_id)  # the fold is ahead of the file: read it again next time
                raise
            self._update_summary(op, index=type(canonical) not in _MOVES)
            return RecordResult(op.match, tuple(events), seq)

    def undo(self, match_id: str, expected_version: int | None = None) -> Match:
        """Take back the last change still in effect by appending an ``undo`` event.

        The change is the last action recorded or, if a correction came after
        it, that correction (the actions in effect before it come back
        exactly). Returns the refolded match. Raises :class:`StaleView` if
        ``expected_version`` is given and the match changed since (the user
        would undo a move they have not seen), :class:`NothingToUndo` when no
        change is in effect, :class:`StoreError` if it cannot be saved.
        """
        with self._changing(match_id, "could not undo", expected_version, live=False) as op:
            top = op.state.undo_target()
            if top is None:
                raise NothingToUndo(f"nothing to undo in match {match_id}: no move or round is recorded")
            return self._change(op, {"kind": "undo", "target": top.seq}).match

    def redo(self, match_id: str, expected_version: int | None = None) -> Match:
        """Bring back the change the last undo took back, by appending a ``redo`` event.

        Possible only while nothing was recorded or corrected since that undo
        (several undos are redone last first). Returns the refolded match.
        Raises :class:`NothingToRedo`, :class:`StaleView`, :class:`StoreError`.
        """
        with self._changing(match_id, "could not redo", expected_version, live=False) as op:
            undone = op.state.redo_target()
            if undone is None:
                raise NothingToRedo(
                    f"nothing to redo in match {match_id}: nothing was undone since the last move or correction",
                    "nothing_to_redo",
                )
            return self._change(op, {"kind": "redo", "target": undone[0]}).match

    def undo_target(self, match_id: str) -> dict[str, Any] | None:
        """What :meth:`undo` would take back, as its event (a move, round start or reveal event,
        or a ``correct`` event), or ``None``: for a screen's "Undo: …" label."""
        with self._lock:
            self._check_open()
            top = self._load(match_id).state.undo_target()
            return None if top is None else _change_event(top)

    def redo_target(self, match_id: str) -> dict[str, Any] | None:
        """What :meth:`redo` would bring back, as its event (see :meth:`undo_target`), or ``None``
        when there is nothing to redo (then a screen hides or disables Redo)."""
        with self._lock:
            self._check_open()
            undone = self._load(match_id).state.redo_target()
            return None if undone is None else _change_event(undone[1])

    def abandon(self, match_id: str, expected_version: int | None = None) -> MatchSummary:
        """Give up a match in progress by appending an ``abandon`` event; returns its history entry.

        The match stays in the history with status ``abandoned`` (its scores as they stood, no
        winners, ``ended`` the time it was abandoned), is no longer offered to resume, and takes
        no more entries; :meth:`undo` takes the abandon back (the match is in progress again) and
        :meth:`redo` brings it back. Raises :class:`StoreError` ``match_finished`` for a finished
        match, ``match_abandoned`` if it is abandoned already (nothing written), :class:`StaleView`,
        :class:`MatchNotFound`, :class:`MatchDamaged`, :class:`ReadOnlyStore`, or
        :class:`StoreError` if it cannot be saved.
        """
        with self._changing(match_id, "could not abandon the match", expected_version) as op:
            if op.match.finished:
                raise StoreError(
                    f"match {match_id} is finished: there is nothing to abandon; nothing was changed",
                    "match_finished",
                    match=match_id,
                )
            self._change(op, {"kind": "abandon"})
            return self._summaries[match_id]

    def rename(self, match_id: str, names: Mapping[int, str], expected_version: int | None = None) -> Match:
        """Fix players' names by appending one ``rename`` event; returns the refolded match.

        ``names``: ``{seat: new name}`` (0-based seats; seats not given keep theirs). Each new name is
        cleaned by the names policy (:func:`scorekeeper.rules.names.clean_name`); no two players of the
        match may then share a name (:func:`~scorekeeper.rules.names.check_distinct`: ignoring case and
        width). A name kept as it was is not judged again (a match stored before the policy renames).
        The new names hold for the whole match: the history, statistics by player, review, the log's
        lines and the exported document say them; :meth:`undo` takes the rename back. Works on a
        finished match too, not on an abandoned one (undo the abandon first). Raises the policy's
        :class:`RuleViolation` (``name_…``, ``same_names``), :class:`StoreError` ``nothing_to_rename``
        (the names are already these), ``match_abandoned``,
        ``ValueError`` for a seat the match has not; :class:`StaleView`, :class:`ReadOnlyStore`,
        :class:`StoreError` as :meth:`record`. Nothing is written when it raises.
        """
        with self._changing(match_id, "could not rename the players", expected_version) as op:
            old = list(op.state.names)
            new = list(old)
            for seat, name in names.items():
                if type(seat) is not int or not 0 <= seat < len(old):
                    raise ValueError(f"match {match_id} has no seat {seat!r} (seats 0 to {len(old) - 1})")
                new[seat] = clean_name(name)
            check_distinct(new)
            if new == old:
                raise StoreError(
                    f"nothing to rename in match {match_id}: the names are already "
                    f"{', '.join(old)}; nothing was changed",
                    "nothing_to_rename",
                )
            return self._change(op, {"kind": "rename", "players": new, "old": old}).match

    def append_change(self, match_id: str, fields: Mapping[str, Any], expected_version: int | None = None) -> Match:
        """Append one event of a change kind that has no method of its own; returns the refolded match.

        ``fields``: the event without ``seq`` and ``time`` (``{"kind": …, …}``), of a kind declared in
        :data:`scorekeeper.store.events.KINDS` with role ``"change"`` and no ``method`` (correct, rename
        and abandon have theirs: :meth:`fix`, :meth:`rename`, :meth:`abandon`). The event is checked as it
        will be read (:func:`~scorekeeper.store.events.check_event`) and folded before it is written, as
        every change is: undo takes it back, redo brings it back. Raises ``ValueError`` (nothing written)
        for another kind or fields its kind refuses; :class:`StaleView`, ``match_abandoned``,
        :class:`ReadOnlyStore`, :class:`StoreError` as :meth:`record`.
        """
        name = fields.get("kind")
        kind = KINDS.get(name) if isinstance(name, str) else None
        if kind is None or kind.role != "change" or kind.method is not None:
            use = f" (use store.{kind.method})" if kind is not None and kind.method else ""
            raise ValueError(
                f"append_change writes a declared change kind without a method of its own, not {name!r}{use}"
            )
        own = {k: v for k, v in fields.items() if k not in ("seq", "time")}
        with self._changing(match_id, f"could not save the {kind.name}", expected_version) as op:
            try:
                check_event({"seq": op.next_seq, "time": time_text(now()), **own}, op.next_seq)
            except LogError as err:
                raise ValueError(f"not a {kind.name} event: {err}") from None
            return self._change(op, own).match

    def preview_fix(self, match_id: str, edits: Edit | list[Edit]) -> FixPreview:
        """What :meth:`fix` would do, worked out by the engine; nothing is written.

        ``edits``: one edit of :mod:`scorekeeper.rules.fix` (``ReplaceMove``,
        ``DeleteMove``, ``InsertMove``, ``ReplaceHands``, ``ReplaceStarter``)
        or several, at positions of the match as it stands. Returns the
        :class:`~scorekeeper.rules.fix.FixPreview`: ``ok``, ``changes``
        (``ScoreChange`` per side, ``.text()`` = ``"Ann 10 → 12"``),
        ``rechecked``, or ``refusal`` (the engine's ``RuleViolation``) with
        ``broken`` (the later move it breaks, as the table numbers it now) and
        ``kept`` / ``kept_changes`` / ``dropped_moves`` for the "keep the
        moves before it" choice. Raises :class:`RuleViolation` for a fix that
        cannot be placed (no such round or move, hands not given yet).
        """
        with self._lock:
            self._check_open()
            op = self._load(match_id)
            return preview_fix(op.match, _canonical_edits(edits, op.match.n))

    def fix(
        self,
        match_id: str,
        edits: Edit | list[Edit],
        expected_version: int | None = None,
        keep_before_broken: bool = False,
    ) -> FixResult:
        """Fix the record several moves back: one ``correct`` event, appended.

        ``edits`` as for :meth:`preview_fix` (at most one ``InsertMove`` a
        fix). The corrected record is folded through the engine: if any
        action no longer fits, :class:`RuleViolation` is raised (the first
        that does not, located in the corrected record) and nothing is
        written — unless ``keep_before_broken`` and that action was recorded
        after the fix: then the actions from it on are dropped (listed in the
        event's ``dropped``) and the fix is saved with the moves before it.
        The original entries stay in the log; :meth:`undo` right after takes
        the whole fix back exactly. Raises :class:`StaleView`,
        :class:`StoreError` as :meth:`record` does, ``ValueError`` for two
        inserts in one fix.
        """
        with self._changing(match_id, "could not fix the record", expected_version) as op:
            preview = preview_fix(op.match, _canonical_edits(edits, op.match.n))
            if sum(len(new) for new in preview.plan.insert.values()) > 1:
                raise ValueError("one fix inserts at most one move (it is recorded as the correction's event)")
            preview.result(keep_before_broken)  # RuleViolation: nothing written
            if preview.ok and preview.match is not None and preview.match.actions == op.match.actions:
                raise StoreError(
                    f"nothing to fix in match {match_id}: the record already says that; nothing was changed",
                    "nothing_to_fix",
                )
            return self._fix(op, preview, keep_before_broken)

    def call_muggins(self, match_id: str, caller: int, expected_version: int | None = None) -> FixResult:
        """R13: seat ``caller`` calls "Muggins!" on the last move, an under-claimed play.

        Checked by the engine (:meth:`Match.call_muggins`: RuleViolation R13
        ``muggins_too_late`` once another move came after the play, ``muggins_none`` for the
        player's own side or nothing missed, ``claims_automatic`` without the house rule), then
        written as one ``correct`` event replacing that play by the same play with
        ``"muggins": caller`` (docs/house-rules.md, R13): the log keeps the claim and the call,
        :meth:`undo` right after takes the call back. Raises as :meth:`fix` does.
        """
        with self._lock:
            match = self.open_match(match_id)
            trial = match.fresh()
            for action in match.actions:
                trial.apply(action)
            trial.call_muggins(caller)  # RuleViolation: nothing written
            r = match.round
            assert r is not None and r.moves  # the call was accepted: the last action is a play
            called = trial.actions[-1]
            assert isinstance(called, Play)
            return self.fix(match_id, ReplaceMove(r.number, len(r.moves), called), expected_version)

    def refresh(self, match_id: str) -> None:
        """Forget what this store holds of ``match_id``: its next read reads the file again.

        For a store opened for reading only beside the process that writes the folder (the server's
        viewer process, :mod:`scorekeeper.serve.viewer_server`): told that a match changed, it reads
        the match file again now (a match file is replaced whole, so a read never sees half a write),
        and its history entry follows; a match new since this store opened gets one. A store that
        writes holds the truth already and keeps it. Raises :class:`StoreClosed`,
        :class:`MatchNotFound` (no such match file) or :class:`MatchDamaged`.
        """
        with self._lock:
            self._check_open()
            if self.read_only is None:
                return
            self._drop(match_id)
            if match_id not in self._summaries and is_match_id(match_id) and self.layout.match_file(match_id).exists():
                summary = self._repair.summary_from_file(self._summaries, match_id, None)
                if summary is not None:
                    self._summaries[match_id] = summary
            self._load(match_id)  # read now, off the tabs' way: the entry follows the file's size

    def open_match(self, match_id: str) -> Match:
        """The match folded through the engine (explain=True), kept in memory for fast appends.

        The returned object is the store's live state: read it, do not apply
        actions to it. Raises :class:`MatchNotFound` or :class:`MatchDamaged`.
        """
        with self._lock:
            self._check_open()
            return self._load(match_id).match

    def actions(self, match_id: str) -> list[tuple[int, object]]:
        """The actions in effect, in order, each with the seq of the event that recorded it (the
        seq a ``correct`` event's change names as its target)."""
        with self._lock:
            self._check_open()
            return list(self._load(match_id).actions)

    def events(self, match_id: str) -> list[Event]:
        """The raw event log (a copy), for review and audit (``scorekeeper log``): see
        :mod:`scorekeeper.store.events`."""
        with self._lock:
            self._check_open()
            op = self._load(match_id)
            try:
                return op.log.read()
            except DamagedFile as err:
                raise self._damaged(match_id, err.reason) from None
            except OSError as err:
                raise self._unreadable(match_id, Unreadable(err)) from None

    # ------------------------------------------------------------------ history
    def list_matches(
        self,
        player: str | None = None,
        variant: str | None = None,
        since: date | None = None,
        until: date | None = None,
        finished: bool | None = None,
        status: str | None = None,
        house: bool | None = None,
    ) -> list[MatchSummary]:
        """Matches newest first, filtered.

        ``player``: a player's name (whole name, ignoring case). ``variant``:
        a game of :data:`~scorekeeper.rules.variants.GAMES`. ``house``: True
        for matches played with house rules (the house options), False for those with the
        game's own rules, None for both. ``since``/``until``: dates
        (inclusive) compared with the local date the match started; a
        ``datetime`` compares exactly. ``finished``: True for finished
        matches, False for matches in progress, None for all (damaged and
        abandoned matches appear only with None). ``status``: only matches of
        that status (``"in-progress"``, ``"finished"``, ``"abandoned"``,
        ``"damaged"``).
        """
        with self._lock:
            self._check_open()
            if self._order is None or len(self._order) != len(self._summaries):
                self._order = [s.id for s in sorted(self._summaries.values(), key=_chronological)]
            summaries = self._summaries
            rows = [summaries[i] for i in reversed(self._order)]
        if player is not None:
            key = player.strip().casefold()
            rows = [s for s in rows if any(p.casefold() == key for p in s.players)]
        if variant is not None:
            rows = [s for s in rows if s.variant == variant]
        if house is not None:
            rows = [s for s in rows if bool(s.house_rules) == house]
        if finished is not None:
            wanted = FINISHED if finished else IN_PROGRESS
            rows = [s for s in rows if s.status == wanted]
        if status is not None:
            rows = [s for s in rows if s.status == status]
        if since is not None:
            rows = [s for s in rows if _on_or_after(s.started, since)]
        if until is not None:
            rows = [s for s in rows if not _on_or_after(s.started, until, after=True)]
        return rows

    def unfinished_matches(self) -> list[MatchSummary]:
        """Matches in progress, newest first (what the app offers to resume; not abandoned ones)."""
        return self.list_matches(finished=False)

    def summary(self, match_id: str) -> MatchSummary:
        """The history entry of one match. Raises :class:`MatchNotFound`."""
        with self._lock:
            self._check_open()
            s = self._summaries.get(match_id)
            if s is None:
                raise self._not_found(match_id)
            return s

    def recent_player_names(self, limit: int = 12) -> list[str]:
        """Distinct player names (ignoring case) from the newest matches, newest first."""
        names: list[str] = []
        seen: set[str] = set()
        for s in self.list_matches():
            for name in s.players:
                if name.casefold() not in seen:
                    seen.add(name.casefold())
                    names.append(name)
                    if len(names) >= limit:
                        return names
        return names

    def stats(self, variant: str | None = None, house: bool | None = None) -> list[PlayerStats]:
        """Per-player statistics over the history (see :class:`PlayerStats`), of one game and of matches
        with or without house rules when asked (``variant``, ``house`` as :meth:`list_matches`)."""
        return player_stats(self.list_matches(variant=variant, house=house))

    def rule_set_stats(self, variant: str | None = None, house: bool | None = None) -> list[RuleSetStats]:
        """Per-player statistics of each game and set of house rules played (see :func:`rule_set_stats`):
        what a screen (and ``scorekeeper stats``) compares points per round over; of one game and of
        matches with or without house rules when asked (``variant``, ``house`` as :meth:`list_matches`)."""
        return rule_set_stats(self.list_matches(variant=variant, house=house))

    # ------------------------------------------------------------ import/export
    def export_document(self, match_id: str) -> dict[str, Any]:
        """The ``scorekeeper-match/1`` document of a match, with ``meta``: ``id``,
        ``started``, ``ended`` (ISO 8601 UTC), and ``abandoned`` (the time it was
        abandoned) for an abandoned match. The players are the names in effect
        (as renamed). Raises :class:`MatchNotFound` or :class:`MatchDamaged`."""
        with self._lock:
            self._check_open()
            return self._transfer.export_document(match_id)

    def export_report(self) -> ExportReport:
        """Documents of every readable match, oldest first, and every match that could not be
        exported (damaged before, or found damaged now) with its message."""
        with self._lock:
            self._check_open()
            return self._transfer.export_report()

    def export_all(self) -> list[dict[str, Any]]:
        """Documents of every readable match, oldest first (damaged ones are left out: see
        :meth:`export_report` to learn which)."""
        return self.export_report().documents

    def import_report(
        self, docs: list[object], names: list[str] | None = None, skip_refused: bool = False
    ) -> ImportReport:
        """Import match documents (dicts, or JSON text/bytes), all or nothing.

        Every document is checked before anything is written: its shape (a JSON object), then through
        the engine (rule, round, move), for nesting, and its ``meta`` times. At most
        :data:`~scorekeeper.store.intake.MAX_DOCUMENTS` documents an import (more: refused whole,
        none examined). If any is refused, :class:`ImportRefused` lists every refused one (its
        0-based ``index``, its name from ``names`` or ``"document N"``, and why) and nothing is
        imported; with ``skip_refused`` the others are imported and the refused ones are listed in
        the report. A match already here with the same players and moves (the one named by
        ``meta.id``, or for a document without it any such match) is not imported twice: its id is
        returned. Otherwise the match keeps ``meta.id`` if it is a free match id, else gets a new one.
        ``meta.started``/``meta.ended`` are kept as the match's times. Each match is one file, its
        content fsync'd before it is renamed into place, the folder fsync'd once per
        :data:`IMPORT_BATCH` matches and before this returns: every id returned is durable. If a
        write fails, the matches this call wrote are removed again and :class:`StoreError`
        (``import_save_failed``) is raised. Raises :class:`ReadOnlyStore` on a read-only store.
        """
        with self._writable("could not import"):
            pass  # refused now, before the checks: they run without the lock, the writes take it again
        prepared, refused = prepare_import(docs, names)
        return self._import(prepared, refused, len(docs), skip_refused)

    def import_files(
        self, files: Sequence[tuple[str, bytes]], skip_refused: bool = False, unread: Sequence[ImportRefusal] = ()
    ) -> ImportReport:
        """Import the documents of ``files``: ``(name, bytes)``, each a match document or a JSON list of
        them (what ``scorekeeper import`` reads and what the app's file chooser gives).

        The import's bounds come first (:mod:`scorekeeper.store.intake`: at most 256 MiB and 50,000
        documents; a file past them, or not JSON, is refused whole with index ``-1``), then
        :meth:`import_report`'s checks and writes, all or nothing as there. ``unread``: files refused
        before they were read (:func:`~scorekeeper.store.intake.read_files`), listed first. Raises
        :class:`ImportRefused` (``total``: the documents and files refused whole, counted),
        :class:`ReadOnlyStore`, :class:`StoreError`.
        """
        with self._writable("could not import"):
            pass  # refused now, before the checks: they run without the lock, the writes take it again
        docs, names, refused = documents_of_files(files)
        prepared, more = prepare_import(docs, names)
        total = len(docs) + len(unread) + len(refused)
        del docs  # the parsed documents are not needed to write: their memory serves the writes
        return self._import(prepared, list(unread) + refused + more, total, skip_refused)

    def check_files(self, files: Sequence[tuple[str, bytes]]) -> list[ImportRefusal]:
        """What :meth:`import_files` would refuse, and why; writes nothing (works read-only)."""
        docs, names, refused = documents_of_files(files)
        return refused + prepare_import(docs, names)[1]

    def _import(self, prepared: Prepared, refused: list[ImportRefusal], total: int, skip_refused: bool) -> ImportReport:
        """Write what :func:`~scorekeeper.store.transfer.prepare_import` accepted, unless something was
        refused (and not skipped)."""
        if refused and not skip_refused:
            raise ImportRefused(refused, total=total)
        with self._lock:
            self._check_open()
            return ImportReport(self._transfer.write_imports(prepared), refused)

    def check_documents(self, docs: list[object], names: list[str] | None = None) -> list[ImportRefusal]:
        """The documents :meth:`import_report` would refuse, and why; writes nothing (works read-only)."""
        return prepare_import(docs, names)[1]

    def import_documents(
        self, docs: list[object], names: list[str] | None = None, skip_refused: bool = False
    ) -> list[str]:
        """Import match documents (dicts, or JSON text/bytes); return their ids in order.

        See :meth:`import_report`; this returns its ``ids``.
        """
        return self.import_report(docs, names, skip_refused).ids

    # --------------------------------------------------------------- lifecycle
    def close(self) -> None:
        """Bring the index up to date, close every file and release the folder."""
        with self._lock:
            if self.closed:
                return
            try:
                if self.read_only is None:
                    if self._dirty:
                        self._put_index([self._summaries[i] for i in self._dirty if i in self._summaries])
                    if not self._dirty:  # the index is current: the next open may trust it
                        try:
                            write_and_confirm(self.layout.clean_mark, time_text(now()).encode())
                        except OSError as err:  # harmless: the next open checks every file
                            log.warning("could not mark the store closed: %s", err)
                for op in self._open.values():
                    op.log.close()
                self._open.clear()
                self._index.close()
            finally:
                self.closed = True
                self._release()
                with _REGISTRY_LOCK:
                    if _REGISTRY.get(self.root) is self:
                        del _REGISTRY[self.root]

    def __enter__(self) -> MatchStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---------------------------------------------------------------- internals
    @contextmanager
    def _writable(self, what: str) -> Iterator[None]:
        """The preamble of every write: the store's lock held, the store open (else :class:`StoreClosed`)
        and writable (else :class:`ReadOnlyStore` saying it ``what``)."""
        with self._lock:
            self._check_open()
            self._check_writable(what)
            yield

    @contextmanager
    def _changing(
        self, match_id: str, what: str, expected_version: int | None, *, live: bool = True
    ) -> Iterator[_OpenMatch]:
        """The preamble of every change to a match (:meth:`_writable`, then the match loaded): yields it
        in memory, checked against the caller's ``expected_version`` (:class:`StaleView`) and, if
        ``live``, not abandoned (``match_abandoned``; undo and redo pass ``live=False``: an abandon
        is what they take back and bring back)."""
        with self._writable(what):
            op = self._load(match_id)
            self._check_version(op, expected_version)
            if live:
                self._check_not_abandoned(op)
            yield op

    def _check_open(self) -> None:
        if self.closed:
            raise StoreClosed(f"the store of {self.root} is closed; open it again", "store_closed")

    def _check_writable(self, what: str) -> None:
        if self.read_only is not None:
            raise ReadOnlyStore(self.read_only, what)

    @staticmethod
    def _check_version(op: _OpenMatch, expected: int | None) -> None:
        if expected is not None and expected != op.next_seq:
            raise StaleView(
                f"match {op.id} was changed on another screen since this one was shown; "
                "nothing was recorded: look at the table as it is now and enter the move again",
                op.next_seq,
            )

    @staticmethod
    def _check_not_abandoned(op: _OpenMatch) -> None:
        if op.state.abandoned is not None:
            raise StoreError(
                f"match {op.id} was abandoned; nothing was changed: undo the abandon to go on with it",
                "match_abandoned",
                match=op.id,
            )

    def _not_found(self, match_id: str) -> MatchNotFound:
        return MatchNotFound(f"no match {match_id!r} in {self.root}", "match_not_found", match=match_id)

    def _fresh_id(self) -> str:
        while True:
            match_id = new_match_id()
            if match_id not in self._summaries and not self.layout.match_file(match_id).exists():
                return match_id

    def _keep_open(self, op: _OpenMatch) -> None:
        self._open[op.id] = op
        self._open.move_to_end(op.id)
        while len(self._open) > MAX_OPEN_MATCHES:
            _, old = self._open.popitem(last=False)
            old.log.close()

    def _drop(self, match_id: str) -> None:
        op = self._open.pop(match_id, None)
        if op is not None:
            op.log.close()

    def _load(self, match_id: str) -> _OpenMatch:
        op = self._open.get(match_id)
        if op is not None:
            self._open.move_to_end(match_id)
            return op
        s = self._readable_summary(match_id)
        try:
            match_log, events, head, state, match = read_log(self.layout.match_file(match_id), match_id, explain=True)
        except (DamagedFile, LogError) as err:
            raise self._damaged(match_id, damage_reason(err)) from None
        except Unreadable as err:
            raise self._unreadable(match_id, err) from None
        op = _OpenMatch(match_id, match_log, head, state, match, len(events), parse_time(events[-1]["time"]) or now())
        self._keep_open(op)
        if s.file_size != match_log.size:  # logged after the index entry (e.g. before a crash)
            self._update_summary(op, index=True)
        return op

    def _readable_summary(self, match_id: str) -> MatchSummary:
        """The index entry of a match whose file may be read; raises MatchNotFound / MatchDamaged."""
        s = self._summaries.get(match_id)
        if s is None:
            raise self._not_found(match_id)
        if s.status == DAMAGED:
            raise MatchDamaged(s.problem or f"match {match_id} is damaged", "match_damaged", match=match_id)
        return s

    def _fold_for_reading(self, match_id: str) -> Match:
        """The folded match, from memory if open, else read without keeping it open."""
        return self._state_for_reading(match_id)[1]

    def _state_for_reading(self, match_id: str) -> tuple[LogState, Match]:
        """What is in effect and the folded match, from memory if open, else read without keeping it
        open. Raises :class:`MatchNotFound`, :class:`MatchDamaged`, :class:`StoreError` (unreadable)."""
        op = self._open.get(match_id)
        if op is not None:
            return op.state, op.match
        self._readable_summary(match_id)
        try:
            match_log, _, _, state, match = read_log(self.layout.match_file(match_id), match_id, explain=False)
        except (DamagedFile, LogError) as err:
            raise self._damaged(match_id, damage_reason(err)) from None
        except Unreadable as err:
            raise self._unreadable(match_id, err) from None
        match_log.close()
        return state, match

    def _change(self, op: _OpenMatch, fields: dict[str, Any], match: Match | None = None) -> _OpenMatch:
        """Append one event that changes what is in effect (undo, redo, correct, rename, abandon): the new state is
        worked out and folded first (``match``, if the caller folded it already), then the event is
        written, and only then does the match in memory change."""
        seq, moment = op.next_seq, now()
        event = {"seq": seq, "time": time_text(moment), **fields}
        state = op.state.copy()
        try:
            state.apply(event)
        except LogError as err:  # a bug: the store built an event its own fold refuses
            raise StoreError(f"match {op.id}: {err}; nothing was changed") from None
        actions = [a for _, a in state.actions]
        if match is None:
            m = op.match
            if state.actions == op.state.actions and state.names == m.players:
                match = m  # an abandon, or its undo: the match itself is as it was
            else:
                match = Match.replay(
                    m.variant, state.names, m.partnerships, actions, explain=True, house_rules=m.house_rules
                )
        elif match.actions != actions:
            raise StoreError(f"match {op.id}: the correction and the engine disagree; nothing was changed")
        self._append(op, [event])
        op.state, op.match, op.next_seq, op.last_time = state, match, seq + 1, moment
        self._update_summary(op, index=True)
        return op

    def _fix(self, op: _OpenMatch, preview: FixPreview, keep_before_broken: bool) -> FixResult:
        """Write the ``correct`` event of a previewed fix (see :meth:`fix`)."""
        match = preview.result(keep_before_broken)
        seqs = [s for s, _ in op.actions]
        seq = op.next_seq
        plan = preview.plan
        changes = []
        for step in plan.steps:
            change: dict[str, Any] = {"op": step.op, "round": step.round, "move": step.move}
            if step.op == "insert":
                change["before"] = seqs[step.index] if step.index < len(seqs) else None
            else:
                change["target"] = seqs[step.index]
                change["old"] = action_to_json(op.actions[step.index][1])
            if step.new is not None:
                change["new"] = action_to_json(step.new)
            changes.append(change)
        fields: dict[str, Any] = {"kind": "correct", "changes": changes}
        kept = preview.match is None
        if kept:
            assert preview.broken is not None
            items = rebuild(
                op.actions,
                {i: (seqs[i], a) for i, a in plan.replace.items()},
                plan.delete,
                {i: [(seq, a) for a in new] for i, new in plan.insert.items()},
            )
            fields["dropped"] = [s for s, _ in items[preview.broken.index :]]
        self._change(op, fields, match)
        return FixResult(match, preview, seq, kept)

    def _append(self, op: _OpenMatch, events: list[Event]) -> None:
        try:
            op.log.append(events)
        except OSError as err:  # the file was read back: it does not hold these events
            self._drop(op.id)
            raise StoreError(
                f"could not save match {op.id} ({err.strerror or err}); the last action was not recorded",
                "save_failed",
                reason=str(err.strerror or err),
                cause=os_cause(err),
            ) from None

    def _update_summary(self, op: _OpenMatch, index: bool) -> None:
        """Refresh the live summary; write the index entry if ``index`` or the status,
        winners or round count changed, else leave it for :meth:`close`."""
        new = summarize(
            op.id,
            op.head,
            op.match,
            op.next_seq,
            op.last_time,
            op.log.size,
            abandoned_at(op.state),
            played_at(op.state),
        )
        old = self._summaries.get(op.id)
        self._summaries[op.id] = new
        if index or old is None or (old.status, old.winners, old.rounds) != (new.status, new.winners, new.rounds):
            self._put_index([new])
        else:
            self._dirty.add(op.id)

    def _put_index(self, summaries: list[MatchSummary]) -> None:
        if self.read_only is not None:  # repaired in memory only; the next writable open repairs the disk
            return
        try:
            self._index.put(summaries)
        except (OSError, DamagedFile) as err:  # the logs are the truth: the index is repaired at next open
            self._dirty.update(s.id for s in summaries)
            log.warning("could not update the history index: %s", err)
            return
        self._dirty.difference_update(s.id for s in summaries)

    def _problem(self, message: str) -> None:
        self._repair.problem(message)

    def _is_held(self, match_id: str) -> bool:
        """True if the match is folded in memory (its file may be ahead of what an import compares)."""
        return match_id in self._open

    def _damaged(self, match_id: str, reason: str) -> MatchDamaged:
        """Move a match file aside and mark the match damaged; return the error to raise."""
        self._drop(match_id)
        old = self._summaries.get(match_id)
        message = self._repair.set_match_aside(match_id, reason, old)
        self._summaries[match_id] = (
            old.damaged(message) if old is not None else damaged_summary(match_id, message, id_time(match_id))
        )
        self._put_index([self._summaries[match_id]])
        return MatchDamaged(message, "match_damaged", match=match_id)

    def _unreadable(self, match_id: str, err: Unreadable) -> StoreError:
        """The error for a match file the system would not read (left in place; tried again next time)."""
        self._drop(match_id)
        return StoreError(
            f"match {match_id} could not be read: {err.reason}; its file was left as it is — "
            "check the data folder's permissions and try again"
        )


_MOVES = (Play, Draw, Pass)


def _change_event(change: Change) -> dict[str, Any]:
    """A change in effect as the event that made it (an action's event fields, or the correction)."""
    if change.event is not None:
        return dict(change.event)
    return {"seq": change.seq, **action_to_json(change.action)}


def _canonical_edits(edits: Edit | list[Edit], players: int) -> list[Edit]:
    """The edits with their moves and hands read back from their event fields (see :func:`_canonical`),
    so the fix folded in memory is exactly what the log will hold."""
    out: list[Edit] = []
    for edit in edits if isinstance(edits, list | tuple) else [edits]:
        if isinstance(edit, (ReplaceMove, InsertMove)):
            new = _canonical(edit.new, players)[1]
            out.append(type(edit)(edit.round, edit.move, new) if isinstance(new, _MOVES) else edit)
        elif isinstance(edit, ReplaceHands):
            hands = _canonical(Reveal(dict(edit.hands)), players)[1]
            out.append(ReplaceHands(edit.round, hands.hands) if type(hands) is Reveal else edit)
        else:
            out.append(edit)
    return out


def _canonical(action: object, players: int) -> tuple[dict[str, Any], Action]:
    """The event fields of an action and the action read back from them, so the
    match in memory is folded from exactly what the log holds.

    Raises :class:`RuleViolation` for something that is not a well-formed action.
    """
    try:
        if type(action) is Reveal and not isinstance(action.hands, dict):
            raise ValueError("hands are given by seat")
        fields = action_to_json(action)
        return fields, action_from_json(fields, players)
    except (TypeError, AttributeError, IndexError, ValueError):
        raise RuleViolation("", "malformed", what="action") from None


def _chronological(summary: MatchSummary) -> str:
    return summary.sort_key


def _on_or_after(moment: datetime, bound: date, after: bool = False) -> bool:
    """``moment >= bound`` (``> bound`` if ``after``), a plain date meaning the local day."""
    if isinstance(bound, datetime):
        bound_dt = bound if bound.tzinfo else bound.astimezone()
        return moment > bound_dt if after else moment >= bound_dt
    day = moment.astimezone().date()
    return day > bound if after else day >= bound
