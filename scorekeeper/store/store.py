"""The match store: a durable, append-only event log per match, and the history.

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
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from ..rules import Draw, Match, Pass, Play, Reveal, RuleViolation, ScoreEvent, strict_json
from ..rules.document import match_to_document
from ..rules.fix import (
    Edit,
    FixPreview,
    InsertMove,
    ReplaceHands,
    ReplaceMove,
    ReplaceStarter,
    ScoreChange,
    position,
    preview_fix,
    rebuild,
)
from ..rules.moves import Action
from ..rules.names import check_distinct, clean_name, clean_names
from .atomic import DamagedFile, fsync_dir, seal, sweep_temp_files, write_and_confirm, write_atomic
from .documents import Meta, read_document, read_meta
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
    ACTION_KINDS,
    Change,
    Event,
    LogError,
    LogState,
    action_from_json,
    action_to_json,
    check_log,
    create_event,
    fold_log,
    in_range,
    now,
    parse_time,
    time_text,
)
from .folderlock import lock_folder, unlock_folder
from .index import Index
from .intake import MAX_DOCUMENTS, documents_of_files, shape_refusal, too_many
from .matchfile import EVENTS_TABLE, MatchLog
from .paths import DataFolder, is_match_id, new_match_id, resolve_data_dir
from .summary import (
    ABANDONED,
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

log = logging.getLogger(__name__)

MAX_OPEN_MATCHES = 32  # folded matches kept in memory (least recently used are dropped)
IMPORT_BATCH = 256  # imported match files renamed into place between two fsyncs of matches/
IMPORT_WRITERS = 8  # threads writing a batch: concurrent fsyncs are committed together by the file system


@dataclass(frozen=True, slots=True)
class RecordResult:
    """What :meth:`MatchStore.record` (or :meth:`MatchStore.correct`) did.

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


@dataclass(frozen=True, slots=True)
class ExportReport:
    """What :meth:`MatchStore.export_report` produced.

    Attributes:
        documents: the ``scorekeeper-match/1`` documents (with ``meta``) of every
            readable match, oldest first.
        failures: ``(match id, message)`` of every match that could not be
            exported (damaged, now or before), oldest first.
    """

    documents: list[dict[str, Any]]
    failures: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What :meth:`MatchStore.import_report` did.

    Attributes:
        ids: the id of each document imported (or already here), in the order given;
            refused documents have none.
        refused: the documents refused (:class:`ImportRefusal`), in order;
            empty unless ``skip_refused`` was given.
    """

    ids: list[str]
    refused: list[ImportRefusal] = field(default_factory=list)


class _OpenMatch:
    """A match held in memory: its log file, create event, what is in effect and the fold."""

    __slots__ = ("id", "log", "head", "state", "match", "next_seq", "last_time")

    def __init__(self, match_id: str, log_file: MatchLog, head: dict[str, Any], state: LogState, match: Match,
                 next_seq: int, last_time: datetime) -> None:
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


class _Unreadable(Exception):
    """The system refused to read a match file (not damage: the file is left where it is)."""

    def __init__(self, err: OSError) -> None:
        self.reason = str(err.strerror or err)
        super().__init__(self.reason)


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
        if read_only:
            if not root.is_dir():
                raise StoreError(f"there is no data folder {root}")
            self.read_only = ReadOnlyReason(REQUESTED, root)
        else:
            self._open_for_writing(read_only is False)
        for name, used in self.layout.obstacles:  # a stray file stops nothing, and is said
            what = "the history index is kept" if name == "index" else "unreadable files are set aside"
            self._problem(f"{name} in the data folder {root} is a file, not a folder: {what} in {used.name}/ "
                          f"instead; move that file away (Scorekeeper did not write it) to use {name}/ again")
        try:
            match_files = self._listing(self.layout.matches)  # listed once: 10,000 names cost ~10 ms
            if self.read_only is None:
                self._sweep(match_files)
            self._open: OrderedDict[str, _OpenMatch] = OrderedDict()
            self._dirty: set[str] = set()  # live summary newer than its index entry
            self._index = Index(self.layout, self._shard_aside)
            clean = self._take_clean_mark()
            self._summaries, dropped = self._index.load()
            if dropped:
                self._problem(f"{dropped} unreadable entries of the history index were dropped and rebuilt "
                              "from the match files")
            # ids oldest first, for the history; ids are never removed from _summaries (a damaged
            # match stays listed), so a change in their number is the only reason to rebuild it
            self._order: list[str] | None = None
            self._reconcile(match_files, full=not clean or bool(dropped) or bool(self.problems))
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

    @staticmethod
    def _listing(folder: Path) -> list[str]:
        try:
            return os.listdir(folder)
        except FileNotFoundError:  # a read-only copy may lack a folder
            return []

    def _sweep(self, match_files: list[str]) -> None:
        """Delete the temp files a crash left (only while holding the lock: no other writer is at work)."""
        for folder in (self.layout.root, self.layout.matches, self.layout.index, self.layout.damaged):
            names = match_files if folder == self.layout.matches else None
            try:
                for path in sweep_temp_files(folder, names):
                    log.info("removed %s, left by an interrupted write", path)
            except OSError as err:  # harmless: it is tried again at the next open
                log.warning("could not remove temp files in %s: %s", folder, err)

    # ------------------------------------------------------------------ matches
    def create_match(self, variant: str, players: list[str], partnerships: bool,
                     house_rules: Mapping[str, str | int] | None = None) -> str:
        """Start a new match; return its id.

        ``house_rules``: the table's house rules (R1–R11, as a match document's
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
        with self._lock:
            self._check_open()
            self._check_writable("could not create the match")
            match_id = self._fresh_id()
            moment = now()
            head = create_event(match_id, match.variant, names, match.partnerships, "app", moment,
                                house_rules=match.house_rules)
            match_log = MatchLog(self.layout.match_file(match_id))
            try:
                match_log.append([head])
            except OSError as err:
                match_log.close()
                raise StoreError(f"could not save the new match in {self.layout.matches}: "
                                 f"{err.strerror or err}", "save_failed",
                                 reason=str(err.strerror or err), cause=os_cause(err)) from None
            op = _OpenMatch(match_id, match_log, head, LogState(len(names), names), match, 1, moment)
            self._keep_open(op)
            self._update_summary(op, index=True)
            return match_id

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
        with self._lock:
            self._check_open()
            self._check_writable("could not record the action")
            op = self._load(match_id)
            self._check_version(op, expected_version)
            self._check_not_abandoned(op)
            fields, canonical = _canonical(action, op.match.n)
            events = op.match.apply(canonical)  # RuleViolation: state unchanged, nothing written
            try:
                seq, moment = op.next_seq, now()
                stamp = time_text(moment)
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
        with self._lock:
            self._check_open()
            self._check_writable("could not undo")
            op = self._load(match_id)
            self._check_version(op, expected_version)
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
        with self._lock:
            self._check_open()
            self._check_writable("could not redo")
            op = self._load(match_id)
            self._check_version(op, expected_version)
            undone = op.state.redo_target()
            if undone is None:
                raise NothingToRedo(f"nothing to redo in match {match_id}: nothing was undone since the last "
                                    "move or correction", "nothing_to_redo")
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
        with self._lock:
            self._check_open()
            self._check_writable("could not abandon the match")
            op = self._load(match_id)
            self._check_version(op, expected_version)
            self._check_not_abandoned(op)
            if op.match.finished:
                raise StoreError(f"match {match_id} is finished: there is nothing to abandon; nothing was "
                                 "changed", "match_finished", match=match_id)
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
        with self._lock:
            self._check_open()
            self._check_writable("could not rename the players")
            op = self._load(match_id)
            self._check_version(op, expected_version)
            self._check_not_abandoned(op)
            old = list(op.state.names)
            new = list(old)
            for seat, name in names.items():
                if type(seat) is not int or not 0 <= seat < len(old):
                    raise ValueError(f"match {match_id} has no seat {seat!r} (seats 0 to {len(old) - 1})")
                new[seat] = clean_name(name)
            check_distinct(new)
            if new == old:
                raise StoreError(f"nothing to rename in match {match_id}: the names are already "
                                 f"{', '.join(old)}; nothing was changed", "nothing_to_rename")
            return self._change(op, {"kind": "rename", "players": new, "old": old}).match

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

    def fix(self, match_id: str, edits: Edit | list[Edit], expected_version: int | None = None,
            keep_before_broken: bool = False) -> FixResult:
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
        with self._lock:
            self._check_open()
            self._check_writable("could not fix the record")
            op = self._load(match_id)
            self._check_version(op, expected_version)
            self._check_not_abandoned(op)
            preview = preview_fix(op.match, _canonical_edits(edits, op.match.n))
            if sum(len(new) for new in preview.plan.insert.values()) > 1:
                raise ValueError("one fix inserts at most one move (it is recorded as the correction's event)")
            preview.result(keep_before_broken)  # RuleViolation: nothing written
            if preview.ok and preview.match is not None and preview.match.actions == op.match.actions:
                raise StoreError(f"nothing to fix in match {match_id}: the record already says that; "
                                 "nothing was changed", "nothing_to_fix")
            return self._fix(op, preview, keep_before_broken)

    def correct(self, match_id: str, target_seq: int, action: Action,
                expected_version: int | None = None) -> RecordResult:
        """Replace the action recorded at event ``target_seq`` with ``action`` (a correction).

        The target must be an action still in effect (see :meth:`actions`) and
        ``action`` of the same kind (a round start, a move, or revealed hands).
        Every later action is re-validated: if the replacement or any later
        action breaks a rule, :class:`RuleViolation` is raised (located at its
        round and move) and nothing is written. ``RecordResult.events`` are the
        score events the replacement produced. The same path as :meth:`fix`.
        """
        with self._lock:
            self._check_open()
            self._check_writable("could not correct the match")
            op = self._load(match_id)
            self._check_version(op, expected_version)
            self._check_not_abandoned(op)
            place = next((i for i, (s, _) in enumerate(op.actions) if s == target_seq), None)
            if place is None:
                raise StoreError(f"event {target_seq} of match {match_id} is not an action in effect "
                                 "(it may have been undone); nothing was changed")
            fields, canonical = _canonical(action, op.match.n)
            old_kind = action_to_json(op.actions[place][1])["kind"]
            if fields["kind"] != old_kind:
                raise StoreError(f"event {target_seq} is a {old_kind}; a correction replaces it with another "
                                 f"{old_kind}, not a {fields['kind']}")
            round_no, move_no = position(op.match, place)
            edit: Edit
            if isinstance(canonical, Reveal):
                edit = ReplaceHands(round_no, canonical.hands)
            elif isinstance(canonical, (Play, Draw, Pass)):
                assert isinstance(move_no, int)
                edit = ReplaceMove(round_no, move_no, canonical)
            else:
                edit = ReplaceStarter(round_no, canonical.starter)
            preview = preview_fix(op.match, edit)
            preview.result()  # RuleViolation: nothing written
            done = self._fix(op, preview, False)
            produced: tuple[ScoreEvent, ...] = ()
            if isinstance(canonical, (Play, Draw, Pass)):
                info = done.match.rounds[round_no - 1].placements.get(int(move_no) - 1)
                produced = (info.event,) if info is not None and info.event is not None else ()
            elif type(canonical) is Reveal:
                produced = tuple(e for e in done.match.rounds[round_no - 1].events if e.kind != "play")
            return RecordResult(done.match, produced, done.seq)

    def refresh(self, match_id: str) -> None:
        """Forget what this store holds of ``match_id``: its next read reads the file again.

        For a store opened for reading only beside the process that writes the folder (the server's
        viewer process, :mod:`scorekeeper.app.viewer_server`): told that a match changed, it reads
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
            if match_id not in self._summaries and is_match_id(match_id) \
                    and self.layout.match_file(match_id).exists():
                summary = self._summary_from_file(match_id, None)
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
        """The actions in effect, in order, each with the seq of the event that recorded it
        (the target to pass to :meth:`correct`)."""
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
                raise self._unreadable(match_id, _Unreadable(err)) from None

    # ------------------------------------------------------------------ history
    def list_matches(self, player: str | None = None, variant: str | None = None, since: date | None = None,
                     until: date | None = None, finished: bool | None = None,
                     status: str | None = None, house: bool | None = None) -> list[MatchSummary]:
        """Matches newest first, filtered.

        ``player``: a player's name (whole name, ignoring case). ``variant``:
        a game of :data:`~scorekeeper.rules.variants.GAMES`. ``house``: True
        for matches played with house rules (R1–R11), False for those with the
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
            match = self._fold_for_reading(match_id)
            s = self._summaries[match_id]
            doc: dict[str, Any] = match_to_document(match)
            ended = s.ended
            doc["meta"] = {"id": match_id, "started": time_text(s.started),
                           "ended": time_text(ended) if ended and s.status == FINISHED else None}
            if s.status == ABANDONED and ended is not None:
                doc["meta"]["abandoned"] = time_text(ended)
            return doc

    def export_report(self) -> ExportReport:
        """Documents of every readable match, oldest first, and every match that could not be
        exported (damaged before, or found damaged now) with its message."""
        with self._lock:
            self._check_open()
            docs: list[dict[str, Any]] = []
            failures: list[tuple[str, str]] = []
            for s in reversed(self.list_matches()):
                try:
                    if s.status == DAMAGED:
                        raise MatchDamaged(s.problem or f"match {s.id} is damaged")
                    docs.append(self.export_document(s.id))
                except StoreError as err:
                    failures.append((s.id, err.message))
            return ExportReport(docs, failures)

    def export_all(self) -> list[dict[str, Any]]:
        """Documents of every readable match, oldest first (damaged ones are left out: see
        :meth:`export_report` to learn which)."""
        return self.export_report().documents

    def import_report(self, docs: list[object], names: list[str] | None = None,
                      skip_refused: bool = False) -> ImportReport:
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
        with self._lock:
            self._check_open()
            self._check_writable("could not import")
        prepared, refused = _prepare_import(docs, names)
        return self._import(prepared, refused, len(docs), skip_refused)

    def import_files(self, files: Sequence[tuple[str, bytes]], skip_refused: bool = False,
                     unread: Sequence[ImportRefusal] = ()) -> ImportReport:
        """Import the documents of ``files``: ``(name, bytes)``, each a match document or a JSON list of
        them (what ``scorekeeper import`` reads and what the app's file chooser gives).

        The import's bounds come first (:mod:`scorekeeper.store.intake`: at most 256 MiB and 50,000
        documents; a file past them, or not JSON, is refused whole with index ``-1``), then
        :meth:`import_report`'s checks and writes, all or nothing as there. ``unread``: files refused
        before they were read (:func:`~scorekeeper.store.intake.read_files`), listed first. Raises
        :class:`ImportRefused` (``total``: the documents and files refused whole, counted),
        :class:`ReadOnlyStore`, :class:`StoreError`.
        """
        with self._lock:
            self._check_open()
            self._check_writable("could not import")
        docs, names, refused = documents_of_files(files)
        prepared, more = _prepare_import(docs, names)
        total = len(docs) + len(unread) + len(refused)
        del docs  # the parsed documents are not needed to write: their memory serves the writes
        return self._import(prepared, list(unread) + refused + more, total, skip_refused)

    def check_files(self, files: Sequence[tuple[str, bytes]]) -> list[ImportRefusal]:
        """What :meth:`import_files` would refuse, and why; writes nothing (works read-only)."""
        docs, names, refused = documents_of_files(files)
        return refused + _prepare_import(docs, names)[1]

    def _import(self, prepared: list[tuple[int, Match, Meta]], refused: list[ImportRefusal], total: int,
                skip_refused: bool) -> ImportReport:
        """Write what :func:`_prepare_import` accepted, unless something was refused (and not skipped)."""
        if refused and not skip_refused:
            raise ImportRefused(refused, total=total)
        with self._lock:
            self._check_open()
            return ImportReport(self._write_imports(prepared), refused)

    def check_documents(self, docs: list[object], names: list[str] | None = None) -> list[ImportRefusal]:
        """The documents :meth:`import_report` would refuse, and why; writes nothing (works read-only)."""
        return _prepare_import(docs, names)[1]

    def import_documents(self, docs: list[object], names: list[str] | None = None,
                         skip_refused: bool = False) -> list[str]:
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
    def _check_open(self) -> None:
        if self.closed:
            raise StoreClosed(f"the store of {self.root} is closed; open it again", "store_closed")

    def _check_writable(self, what: str) -> None:
        if self.read_only is not None:
            raise ReadOnlyStore(self.read_only, what)

    @staticmethod
    def _check_version(op: _OpenMatch, expected: int | None) -> None:
        if expected is not None and expected != op.next_seq:
            raise StaleView(f"match {op.id} was changed on another screen since this one was shown; "
                            "nothing was recorded: look at the table as it is now and enter the move again",
                            op.next_seq)

    @staticmethod
    def _check_not_abandoned(op: _OpenMatch) -> None:
        if op.state.abandoned is not None:
            raise StoreError(f"match {op.id} was abandoned; nothing was changed: undo the abandon "
                             "to go on with it", "match_abandoned", match=op.id)

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

    def _read_log(self, match_id: str, explain: bool) -> tuple[MatchLog, list[Event], Event, LogState, Match]:
        """Read and fold a match file: ``(open log, events, create event, LogState, Match)``.

        Raises :class:`DamagedFile` / :class:`LogError` (damage) or :class:`_Unreadable`.
        """
        match_log = MatchLog(self.layout.match_file(match_id))
        try:
            events = match_log.read()
            head, state, match = fold_log(list(events), explain=explain, match_id=match_id)
        except OSError as err:
            match_log.close()
            raise _Unreadable(err) from None
        except BaseException:
            match_log.close()
            raise
        return match_log, events, head, state, match

    def _load(self, match_id: str) -> _OpenMatch:
        op = self._open.get(match_id)
        if op is not None:
            self._open.move_to_end(match_id)
            return op
        s = self._readable_summary(match_id)
        try:
            match_log, events, head, state, match = self._read_log(match_id, explain=True)
        except (DamagedFile, LogError) as err:
            raise self._damaged(match_id, _reason(err)) from None
        except _Unreadable as err:
            raise self._unreadable(match_id, err) from None
        op = _OpenMatch(match_id, match_log, head, state, match, len(events),
                        parse_time(events[-1]["time"]) or now())
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
        op = self._open.get(match_id)
        if op is not None:
            return op.match
        self._readable_summary(match_id)
        try:
            match_log, _, _, _, match = self._read_log(match_id, explain=False)
        except (DamagedFile, LogError) as err:
            raise self._damaged(match_id, _reason(err)) from None
        except _Unreadable as err:
            raise self._unreadable(match_id, err) from None
        match_log.close()
        return match

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
                match = Match.replay(m.variant, state.names, m.partnerships, actions, explain=True,
                                     house_rules=m.house_rules)
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
            items = rebuild(op.actions, {i: (seqs[i], a) for i, a in plan.replace.items()}, plan.delete,
                            {i: [(seq, a) for a in new] for i, new in plan.insert.items()})
            fields["dropped"] = [s for s, _ in items[preview.broken.index:]]
        self._change(op, fields, match)
        return FixResult(match, preview, seq, kept)

    def _append(self, op: _OpenMatch, events: list[Event]) -> None:
        try:
            op.log.append(events)
        except OSError as err:  # the file was read back: it does not hold these events
            self._drop(op.id)
            raise StoreError(f"could not save match {op.id} ({err.strerror or err}); the last action was "
                             "not recorded", "save_failed", reason=str(err.strerror or err),
                             cause=os_cause(err)) from None

    def _update_summary(self, op: _OpenMatch, index: bool) -> None:
        """Refresh the live summary; write the index entry if ``index`` or the status,
        winners or round count changed, else leave it for :meth:`close`."""
        new = summarize(op.id, op.head, op.match, op.next_seq, op.last_time, op.log.size,
                        abandoned_at(op.state), played_at(op.state))
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
        self.problems.append(message)
        log.warning("%s", message)

    def _damaged(self, match_id: str, reason: str) -> MatchDamaged:
        """Move a match file aside and mark the match damaged; return the error to raise."""
        self._drop(match_id)
        old = self._summaries.get(match_id)
        message = self._set_match_aside(match_id, reason, old)
        self._summaries[match_id] = (old.damaged(message) if old is not None
                                     else damaged_summary(match_id, message, _id_time(match_id)))
        self._put_index([self._summaries[match_id]])
        return MatchDamaged(message, "match_damaged", match=match_id)

    def _unreadable(self, match_id: str, err: _Unreadable) -> StoreError:
        """The error for a match file the system would not read (left in place; tried again next time)."""
        self._drop(match_id)
        return StoreError(f"match {match_id} could not be read: {err.reason}; its file was left as it is — "
                          "check the data folder's permissions and try again")

    def _who(self, summary: MatchSummary | None) -> str:
        if summary is None or not summary.players:
            return ""
        return f" ({' v '.join(summary.players)}, started {summary.started.astimezone():%Y-%m-%d %H:%M})"

    def _set_match_aside(self, match_id: str, reason: str, summary: MatchSummary | None) -> str:
        source = self.layout.match_file(match_id)
        if self.read_only is not None:
            kept = "Its file was left in place (the data folder is open for reading only)"
        else:
            where = self._move_aside(source, match_id)
            kept = f"Its file was moved to {where} and kept" if where else "Its file could not be moved aside"
        message = (f"Match {match_id}{self._who(summary)} could not be read: {reason}. {kept}; "
                   "the other matches are not affected.")
        self._problem(message)
        return message

    def _move_aside(self, source: Path, name: str) -> str | None:
        """Rename ``source`` into ``damaged/`` (never delete); return the new path relative to the folder."""
        if not source.exists():
            return None
        dest = self.layout.aside_path(name, now())
        try:
            os.replace(source, dest)
            fsync_dir(source.parent)
            fsync_dir(dest.parent)
        except OSError as err:
            log.warning("could not move %s aside: %s", source, err)
            return None if source.exists() else str(dest.relative_to(self.root))
        return str(dest.relative_to(self.root))

    def _shard_aside(self, path: Path, reason: str) -> None:
        if self.read_only is not None:
            kept = "It was left in place (the data folder is open for reading only)"
        else:
            where = self._move_aside(path, f"index-{path.stem}")
            kept = f"It was moved to {where}" if where else "It could not be moved aside"
        self._problem(f"The history index file index/{path.name} could not be read: {reason}. {kept} "
                      "and the history was rebuilt from the match files; no match was lost.")

    def _reconcile(self, match_files: list[str], full: bool) -> None:
        """Make the index agree with the match files (the truth).

        A match file that is new, or was marked damaged but is back, is read;
        so is one whose size differs from its entry (logs only grow, so a
        different size means events were logged after the entry was written,
        e.g. before a crash). Sizes are checked for every file after an
        unclean shutdown (``full``), else only for matches in progress: a
        clean :meth:`close` left the index current. An entry whose file is
        gone is marked damaged; files kept in ``damaged/`` stay listed even if
        the index was lost.
        """
        matches = self.layout.matches
        present = {n[:-5] for n in match_files if n.endswith(".json")}  # set algebra: 10,000 files
        present = {i for i in present if is_match_id(i)}
        known = self._summaries.keys()
        to_read = present - known  # new files
        to_read |= present & self._index.missing_from(known)  # entries lost with a shard
        # after a clean close only matches not finished need their size checked
        for match_id in present & (known if full else self._index.unfinished):
            s = self._summaries[match_id]
            try:
                size = os.stat(matches / f"{match_id}.json").st_size
            except FileNotFoundError:  # removed meanwhile (by the program holding the folder)
                present.discard(match_id)
                continue
            if s.status == DAMAGED or size != s.file_size:
                to_read.add(match_id)
        changed: list[MatchSummary] = []
        for match_id in sorted(to_read):
            summary = self._summary_from_file(match_id, self._summaries.get(match_id))
            if summary is not None:
                changed.append(summary)
        aside = {name.split(".")[0] for name in self._listing(self.layout.damaged)}
        for match_id in known - present:
            s = self._summaries[match_id]
            if s.status != DAMAGED:
                kept = " (a damaged copy is kept in damaged/)" if match_id in aside else ""
                message = f"Match {match_id}: its file matches/{match_id}.json is missing{kept}."
                self._problem(message)
                changed.append(s.damaged(message))
        for match_id in sorted(aside - known - present):
            if is_match_id(match_id):
                changed.append(damaged_summary(
                    match_id, f"Match {match_id} could not be read earlier; its file is kept in damaged/.",
                    _id_time(match_id)))
        for s in changed:
            self._summaries[s.id] = s
        if changed:
            self._put_index(changed)

    def _take_clean_mark(self) -> bool:
        """True if the last session closed cleanly; the mark is removed (durably) at once, so a
        crash during this session leaves no mark and the next open checks every file. A read-only
        store only looks at it."""
        mark = self.layout.clean_mark
        if not mark.exists():
            return False
        if self.read_only is not None:
            return self.read_only.code != BUSY  # the program holding the folder may be changing it
        try:
            mark.unlink()
            fsync_dir(mark.parent)
        except OSError as err:
            log.warning("could not remove the clean-close mark: %s", err)
            return False
        return True

    def _summary_from_file(self, match_id: str, old: MatchSummary | None) -> MatchSummary | None:
        """The summary a match file gives, or its damaged summary (the file then moved aside);
        ``None`` if the system would not read it (left for the next open)."""
        try:
            match_log, events, head, state, match = self._read_log(match_id, explain=False)
        except (DamagedFile, LogError) as err:
            message = self._set_match_aside(match_id, _reason(err), old)
            return old.damaged(message) if old is not None else damaged_summary(match_id, message,
                                                                                 _id_time(match_id))
        except _Unreadable as err:
            message = (f"Match {match_id}{self._who(old)} could not be read: {err.reason}. Its file was "
                       "left as it is; the other matches are not affected.")
            self._problem(message)
            self._summaries[match_id] = (old.damaged(message) if old is not None
                                         else damaged_summary(match_id, message, _id_time(match_id)))
            return None  # in memory only: read again at the next open
        match_log.close()
        return summarize(match_id, head, match, len(events), parse_time(events[-1]["time"]) or now(),
                         match_log.size, abandoned_at(state), played_at(state))

    def _write_imports(self, prepared: list[tuple[int, Match, Meta]]) -> list[str]:
        """Write the checked documents, one new file each, in batches of :data:`IMPORT_BATCH`; their ids.

        A batch's files are written by :data:`IMPORT_WRITERS` threads (each file's content fsync'd,
        then renamed into place: the file system commits concurrent fsyncs together), then the
        folder is fsync'd once, so every id returned is durable. A match already here is found
        through a table of the history by game, seating, length, rounds and scores, made once (not a
        scan of the history per document) and kept up to date as documents are taken, so a backup
        holding one match twice imports it once. Raises :class:`StoreError` ``import_save_failed``
        after removing every file this import wrote.
        """
        same: dict[tuple[object, ...], list[str]] = {}
        for s in self._summaries.values():
            if s.status != DAMAGED:
                same.setdefault(_same_key(s), []).append(s.id)
        taken: dict[str, Match] = {}  # matches of this import, by id: compared in memory
        ids: list[str] = []
        written: list[MatchSummary] = []
        batch: list[tuple[Path, bytes]] = []
        try:
            with ThreadPoolExecutor(IMPORT_WRITERS, thread_name_prefix="import") as writers:
                for _, match, meta in prepared:
                    match_id = self._same_match(match, meta.id, same, taken)
                    if match_id is None:
                        summary, raw = self._imported_file(match, meta)
                        written.append(summary)
                        taken[summary.id] = match
                        same.setdefault(_same_key(summary), []).append(summary.id)
                        batch.append((self.layout.match_file(summary.id), raw))
                        match_id = summary.id
                        if len(batch) >= IMPORT_BATCH:
                            self._write_batch(writers, batch)
                    ids.append(match_id)
                self._write_batch(writers, batch)
        except StoreError:
            self._undo_import(written)
            raise
        if written:
            self._put_index(written)
        return ids

    def _write_batch(self, writers: ThreadPoolExecutor, batch: list[tuple[Path, bytes]]) -> None:
        """Write a batch of new match files (each fsync'd and renamed into place), then fsync
        ``matches/`` once; the batch is emptied. Raises :class:`StoreError` ``import_save_failed``
        (the files of the batch that were written stay, for :meth:`_undo_import` to remove)."""
        if not batch:
            return
        failures = [f for f in [writers.submit(write_atomic, path, raw, False) for path, raw in batch]
                    if f.exception() is not None]
        batch.clear()
        try:
            if failures:
                raise failures[0].exception()  # type: ignore[misc]  # an OSError from the write
            fsync_dir(self.layout.matches)
        except OSError as err:
            raise _import_failed(err) from None

    def _imported_file(self, match: Match, meta: Meta) -> tuple[MatchSummary, bytes]:
        """The history entry and the file's bytes of one checked document as a new match (its id
        ``meta.id`` when that is a free match id, else a fresh one); the entry is put in the history
        at once (so no later document takes its id)."""
        wanted = meta.id
        free = isinstance(wanted, str) and is_match_id(wanted) and wanted not in self._summaries and \
            not self.layout.match_file(wanted).exists()
        match_id = wanted if free and isinstance(wanted, str) else self._fresh_id()
        moment = now()
        head = create_event(match_id, match.variant, match.players, match.partnerships, "import", moment,
                            started=meta.started, ended=meta.ended if match.finished else None,
                            house_rules=match.house_rules)
        stamp = time_text(moment)
        events = [head] + [{"seq": i, "time": stamp, **action_to_json(a)}
                           for i, a in enumerate(match.actions, start=1)]
        abandoned = meta.abandoned if not match.finished else None
        if abandoned is not None:  # given up where it was exported: kept so
            events.append({"seq": len(events), "time": time_text(abandoned), "kind": "abandon"})
        head["import_events"] = len(events)
        # the bytes TinyDB would write for these events (doc ids 1, 2, …), without TinyDB's read and rewrite
        raw = seal(strict_json.dumps({EVENTS_TABLE: {str(n): e for n, e in enumerate(events, start=1)}}))
        summary = summarize(match_id, head, match, len(events), moment, len(raw), abandoned)
        self._summaries[match_id] = summary
        return summary, raw

    def _holds_just(self, match_id: str, match: Match) -> bool | None:
        """Whether match ``match_id``'s file holds exactly ``match`` (a checked document's fold) as an
        import writes it, told without folding the file: ``True`` when its log is nothing but the same
        set-up and these actions (its checksum and every event's fields checked, as any read does:
        the engine's fold of such a log is ``match``); ``False`` when it is nothing but a set-up and
        actions that differ; ``None`` when only a fold can tell (undos, corrections, renames, an
        abandon; a file that does not read — the fold then says why and sets it aside)."""
        match_log = MatchLog(self.layout.match_file(match_id))
        try:
            return _holds_just_impl(check_log(match_log.read(), match_id), match)
        except (DamagedFile, LogError, OSError):
            return None
        finally:
            match_log.close()

    def _undo_import(self, written: list[MatchSummary]) -> None:
        """Remove the files an import that failed half-way wrote (new files nothing refers to yet)."""
        for s in written:
            self._summaries.pop(s.id, None)
            try:
                self.layout.match_file(s.id).unlink(missing_ok=True)
            except OSError as err:  # it stays, and is listed as a match at the next open
                log.warning("could not remove %s after a failed import: %s", s.id, err)
                self._summaries[s.id] = s

    def _same_match(self, match: Match, wanted: object, same: dict[tuple[object, ...], list[str]],
                    taken: dict[str, Match]) -> str | None:
        """The id of a match already here with exactly these players and moves: the one called
        ``wanted`` if it is, else any with the same game, seating, length, rounds and scores (``same``:
        ids by those, see :meth:`_write_imports`; ``taken``: this import's matches, not yet on disk)."""
        if isinstance(wanted, str) and is_match_id(wanted) and wanted in self._summaries:
            candidates = [wanted]
        else:
            candidates = same.get((match.variant, tuple(match.players), match.partnerships,
                                   len(match.actions) + 1, len(match.rounds), tuple(match.points)), [])
        document: dict[str, Any] | None = None
        for match_id in candidates:
            if match_id not in taken and match_id not in self._open:
                plain = self._holds_just(match_id, match)
                if plain is not None:  # an imported match's file, unchanged since: no fold needed
                    if plain:
                        return match_id
                    continue
            try:
                stored = taken[match_id] if match_id in taken else self._fold_for_reading(match_id)
            except StoreError:  # damaged or unreadable: not the same match
                continue
            if stored.actions != match.actions:  # cheap first: most candidates differ here
                continue
            document = document if document is not None else match_to_document(match)
            if match_to_document(stored) == document:
                return match_id
        return None


_KEEP = ("seq", "time")


def _holds_just_impl(events: list[Event], match: Match) -> bool | None:
    """See :meth:`MatchStore._holds_just` (on checked events)."""
    if not all(e["kind"] in ACTION_KINDS for e in events[1:]):
        return None  # undos, corrections, renames, an abandon: only the fold says what is in effect
    head = events[0]
    if (head["variant"], head["players"], head["partnerships"], head.get("house_rules") or {}) != \
            (match.variant, list(match.players), match.partnerships, dict(match.house_rules or {})):
        return False
    if len(events) != len(match.actions) + 1:
        return False
    return all({k: v for k, v in e.items() if k not in _KEEP} == action_to_json(a)
               for e, a in zip(events[1:], match.actions, strict=True))


def _same_key(summary: MatchSummary) -> tuple[object, ...]:
    """What a match imported from a document must share with a history entry to be that match: game,
    seating, events in the log (create + actions: an imported match has no others), rounds, scores."""
    return (summary.variant, summary.players, summary.partnerships, summary.events, summary.rounds,
            tuple(summary.scores))


def _import_failed(err: OSError) -> StoreError:
    return StoreError(f"could not save an imported match ({err.strerror or err}); nothing was imported",
                      "import_save_failed", reason=str(err.strerror or err), cause=os_cause(err), count=0)


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


def _prepare_import(docs: list[object], names: list[str] | None) -> tuple[list[tuple[int, Match, Meta]],
                                                                           list[ImportRefusal]]:
    """Check every document for import: ``([(position, Match, Meta)], [ImportRefusal])``: the bound on
    their number, then each one's shape (constant time), then the engine's reading of it."""
    prepared: list[tuple[int, Match, Meta]] = []
    refused: list[ImportRefusal] = []
    if len(docs) > MAX_DOCUMENTS:  # refused whole: no document is looked at
        return prepared, [ImportRefusal(-1, "the documents", too_many(len(docs)))]
    for i, doc in enumerate(docs):
        name = names[i] if names is not None and i < len(names) else f"document {i + 1}"
        shape = shape_refusal(doc)
        if shape is not None:
            refused.append(ImportRefusal(i, name, shape))
            continue
        try:
            obj, match = read_document(doc)
            prepared.append((i, match, read_meta(obj)))
        except RuleViolation as err:
            refused.append(ImportRefusal(i, name, err))
        except Exception as err:  # an engine fault on odd input: refuse this document, log the cause
            log.error("the rules engine failed on %s: %r", name, err, exc_info=True)
            refused.append(ImportRefusal(i, name, RuleViolation(
                "", "malformed", what="unreadable")))
    return prepared, refused


def _reason(err: DamagedFile | LogError) -> str:
    return err.reason if isinstance(err, DamagedFile) else str(err)


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


def _id_time(match_id: str) -> datetime:
    """The creation time a match id says, or now if it says none in range."""
    try:
        moment = datetime.strptime(match_id[:15], "%Y%m%d-%H%M%S").replace(tzinfo=UTC)
    except ValueError:
        return now()
    return moment if in_range(moment) else now()

