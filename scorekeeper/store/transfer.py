"""Transfer: matches out as ``scorekeeper-match/1`` documents (export), and documents in (import).

Export folds a match through the engine and writes its document with a ``meta`` object (id, times,
when it was abandoned). Import is checked whole before anything is written: the bounds of
:mod:`scorekeeper.store.intake` (how many documents, how large), each document's shape, then the
engine's reading of it (:func:`prepare_import`, no lock held: it is the import's CPU work); then
:meth:`Transfer.write_imports` writes one new file per match, in batches, durably, and a match
already in the history is not written twice.

Used by :class:`~scorekeeper.store.store.MatchStore` (the facade), whose public methods
(``export_document``, ``import_files``, …) take the lock and call these; nothing here is public API
except the report types, exported by :mod:`scorekeeper.store`.
"""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from ..rules import Match, RuleViolation, strict_json
from ..rules.document import match_to_document, time_of
from .atomic import DamagedFile, fsync_dir, seal, write_atomic
from .documents import Meta, read_document, read_meta
from .errors import ImportRefusal, MatchDamaged, StoreError, os_cause
from .events import (
    ACTION_KINDS,
    Event,
    LogError,
    LogState,
    action_to_json,
    check_event,
    check_log,
    create_event,
    exported_meta,
    imported_events,
    now,
    time_text,
)
from .intake import MAX_DOCUMENTS, shape_refusal, too_many
from .matchfile import EVENTS_TABLE, MatchLog
from .paths import DataFolder, is_match_id
from .summary import DAMAGED, FINISHED, MatchSummary, abandoned_at, summarize

log = logging.getLogger(__name__)

IMPORT_BATCH = 256  # imported match files renamed into place between two fsyncs of matches/
IMPORT_WRITERS = 8  # threads writing a batch: concurrent fsyncs are committed together by the file system

Prepared = list[tuple[int, Match, Meta]]  # checked documents: (position in the import, fold, meta)


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


def prepare_import(docs: list[object], names: list[str] | None) -> tuple[Prepared, list[ImportRefusal]]:
    """Check every document for import: ``([(position, Match, Meta)], [ImportRefusal])``: the bound on
    their number, then each one's shape (constant time), then the engine's reading of it."""
    prepared: Prepared = []
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
            meta = read_meta(obj)
            extra = imported_events(obj.get("meta") or {}, match)  # the kinds' events from meta
            prepared.append((i, match, replace(meta, events=tuple(extra)) if extra else meta))
        except RuleViolation as err:
            refused.append(ImportRefusal(i, name, err))
        except Exception as err:  # an engine fault on odd input: refuse this document, log the cause
            log.error("the rules engine failed on %s: %r", name, err, exc_info=True)
            refused.append(ImportRefusal(i, name, RuleViolation("", "malformed", what="unreadable")))
    return prepared, refused


class Held(Protocol):
    """What transfer uses of the store that holds it (:class:`~scorekeeper.store.store.MatchStore`): its
    folder, its history entries, the folds of its matches, fresh ids and the index's writes."""

    layout: DataFolder
    _summaries: dict[str, MatchSummary]

    def list_matches(self) -> list[MatchSummary]: ...

    def _fold_for_reading(self, match_id: str) -> Match: ...

    def _state_for_reading(self, match_id: str) -> tuple[LogState, Match]: ...

    def _is_held(self, match_id: str) -> bool: ...

    def _fresh_id(self) -> str: ...

    def _put_index(self, summaries: list[MatchSummary]) -> None: ...


class Transfer:
    """Export and import for one store (the facade holds its lock while these run)."""

    def __init__(self, store: Held) -> None:
        self.store = store

    # ------------------------------------------------------------------ export
    def export_document(self, match_id: str) -> dict[str, Any]:
        """See :meth:`MatchStore.export_document`."""
        store = self.store
        state, match = store._state_for_reading(match_id)
        s = store._summaries[match_id]
        doc: dict[str, Any] = match_to_document(match)
        ended = s.ended
        doc["meta"] = {
            "id": match_id,
            "started": time_text(s.started),
            "ended": time_text(ended) if ended and s.status == FINISHED else None,
            **exported_meta(state),
        }  # what the kinds in effect say (when it was abandoned)
        return doc

    def export_report(self) -> ExportReport:
        """See :meth:`MatchStore.export_report`."""
        docs: list[dict[str, Any]] = []
        failures: list[tuple[str, str]] = []
        for s in reversed(self.store.list_matches()):
            try:
                if s.status == DAMAGED:
                    raise MatchDamaged(s.problem or f"match {s.id} is damaged")
                docs.append(self.export_document(s.id))
            except StoreError as err:
                failures.append((s.id, err.message))
        return ExportReport(docs, failures)

    # ------------------------------------------------------------------ import
    def write_imports(self, prepared: Prepared) -> list[str]:
        """Write the checked documents, one new file each, in batches of :data:`IMPORT_BATCH`; their ids.

        A batch's files are written by :data:`IMPORT_WRITERS` threads (each file's content fsync'd,
        then renamed into place: the file system commits concurrent fsyncs together), then the
        folder is fsync'd once, so every id returned is durable. A match already here is found
        through a table of the history by game, seating, length, rounds and scores, made once (not a
        scan of the history per document) and kept up to date as documents are taken, so a backup
        holding one match twice imports it once. Raises :class:`StoreError` ``import_save_failed``
        after removing every file this import wrote.
        """
        store = self.store
        same: dict[tuple[object, ...], list[str]] = {}
        for s in store._summaries.values():
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
                        batch.append((store.layout.match_file(summary.id), raw))
                        match_id = summary.id
                        if len(batch) >= IMPORT_BATCH:
                            self._write_batch(writers, batch)
                    ids.append(match_id)
                self._write_batch(writers, batch)
        except StoreError:
            self._undo_import(written)
            raise
        if written:
            store._put_index(written)
        return ids

    def _write_batch(self, writers: ThreadPoolExecutor, batch: list[tuple[Path, bytes]]) -> None:
        """Write a batch of new match files (each fsync'd and renamed into place), then fsync
        ``matches/`` once; the batch is emptied. Raises :class:`StoreError` ``import_save_failed``
        (the files of the batch that were written stay, for :meth:`_undo_import` to remove)."""
        if not batch:
            return
        failures = [
            f
            for f in [writers.submit(write_atomic, path, raw, False) for path, raw in batch]
            if f.exception() is not None
        ]
        batch.clear()
        try:
            if failures:
                raise failures[0].exception()  # type: ignore[misc]  # an OSError from the write
            fsync_dir(self.store.layout.matches)
        except OSError as err:
            raise _import_failed(err) from None

    def _imported_file(self, match: Match, meta: Meta) -> tuple[MatchSummary, bytes]:
        """The history entry and the file's bytes of one checked document as a new match (its id
        ``meta.id`` when that is a free match id, else a fresh one); the entry is put in the history
        at once (so no later document takes its id)."""
        store = self.store
        wanted = meta.id
        free = (
            isinstance(wanted, str)
            and is_match_id(wanted)
            and wanted not in store._summaries
            and not store.layout.match_file(wanted).exists()
        )
        match_id = wanted if free and isinstance(wanted, str) else store._fresh_id()
        moment = now()
        head = create_event(
            match_id,
            match.variant,
            match.players,
            match.partnerships,
            "import",
            moment,
            started=meta.started,
            ended=meta.ended if match.finished else None,
            house_rules=match.house_rules,
        )
        stamp = time_text(moment)
        events = [head] + [
            {"seq": i, "time": stamp if a.time is None else time_of(a.time), **action_to_json(a)}  # R15: its times
            for i, a in enumerate(match.actions, start=1)
        ]
        abandoned = None
        if meta.events:  # the kinds' events from the document's meta (given up where it was exported: kept so)
            state = LogState(len(match.players), list(match.players))
            state.actions = [(seq, a) for seq, a in enumerate(match.actions, start=1)]
            for fields in meta.events:
                event = {
                    "seq": len(events),
                    "time": fields.get("time", stamp),
                    **{k: v for k, v in fields.items() if k != "time"},
                }
                try:
                    state.apply(check_event(event, len(events)))
                except LogError as err:  # a kind's import hook made an event its own fold refuses
                    raise StoreError(
                        f"could not import match {match_id}: {err}; nothing was imported",
                        "import_save_failed",
                        reason=str(err),
                        count=0,
                    ) from None
                events.append(event)
            abandoned = abandoned_at(state)
        head["import_events"] = len(events)
        # the bytes TinyDB would write for these events (doc ids 1, 2, …), without TinyDB's read and rewrite
        raw = seal(strict_json.dumps({EVENTS_TABLE: {str(n): e for n, e in enumerate(events, start=1)}}))
        summary = summarize(match_id, head, match, len(events), moment, len(raw), abandoned)
        store._summaries[match_id] = summary
        return summary, raw

    def _holds_just(self, match_id: str, match: Match) -> bool | None:
        """Whether match ``match_id``'s file holds exactly ``match`` (a checked document's fold) as an
        import writes it, told without folding the file: ``True`` when its log is nothing but the same
        set-up and these actions (its checksum and every event's fields checked, as any read does:
        the engine's fold of such a log is ``match``); ``False`` when it is nothing but a set-up and
        actions that differ; ``None`` when only a fold can tell (undos, corrections, renames, an
        abandon; a file that does not read — the fold then says why and sets it aside)."""
        match_log = MatchLog(self.store.layout.match_file(match_id))
        try:
            return _holds_just_events(check_log(match_log.read(), match_id), match)
        except (DamagedFile, LogError, OSError):
            return None
        finally:
            match_log.close()

    def _undo_import(self, written: list[MatchSummary]) -> None:
        """Remove the files an import that failed half-way wrote (new files nothing refers to yet)."""
        store = self.store
        for s in written:
            store._summaries.pop(s.id, None)
            try:
                store.layout.match_file(s.id).unlink(missing_ok=True)
            except OSError as err:  # it stays, and is listed as a match at the next open
                log.warning("could not remove %s after a failed import: %s", s.id, err)
                store._summaries[s.id] = s

    def _same_match(
        self, match: Match, wanted: object, same: dict[tuple[object, ...], list[str]], taken: dict[str, Match]
    ) -> str | None:
        """The id of a match already here with exactly these players and moves: the one called
        ``wanted`` if it is, else any with the same game, seating, length, rounds and scores (``same``:
        ids by those, see :meth:`write_imports`; ``taken``: this import's matches, not yet on disk)."""
        store = self.store
        if isinstance(wanted, str) and is_match_id(wanted) and wanted in store._summaries:
            candidates = [wanted]
        else:
            candidates = same.get(
                (
                    match.variant,
                    tuple(match.players),
                    match.partnerships,
                    len(match.actions) + 1,
                    len(match.rounds),
                    tuple(match.points),
                ),
                [],
            )
        document: dict[str, Any] | None = None
        for match_id in candidates:
            if match_id not in taken and not store._is_held(match_id):
                plain = self._holds_just(match_id, match)
                if plain is not None:  # an imported match's file, unchanged since: no fold needed
                    if plain:
                        return match_id
                    continue
            try:
                stored = taken[match_id] if match_id in taken else store._fold_for_reading(match_id)
            except StoreError:  # damaged or unreadable: not the same match
                continue
            if stored.actions != match.actions:  # cheap first: most candidates differ here
                continue
            document = document if document is not None else match_to_document(match)
            if match_to_document(stored) == document:
                return match_id
        return None


_KEEP = ("seq", "time")


def _holds_just_events(events: list[Event], match: Match) -> bool | None:
    """See :meth:`Transfer._holds_just` (on checked events)."""
    if not all(e["kind"] in ACTION_KINDS for e in events[1:]):
        return None  # undos, corrections, renames, an abandon: only the fold says what is in effect
    head = events[0]
    if (head["variant"], head["players"], head["partnerships"], head.get("house_rules") or {}) != (
        match.variant,
        list(match.players),
        match.partnerships,
        dict(match.house_rules or {}),
    ):
        return False
    if len(events) != len(match.actions) + 1:
        return False
    return all(
        {k: v for k, v in e.items() if k not in _KEEP} == action_to_json(a)
        for e, a in zip(events[1:], match.actions, strict=True)
    )


def _same_key(summary: MatchSummary) -> tuple[object, ...]:
    """What a match imported from a document must share with a history entry to be that match: game,
    seating, events in the log (create + actions: an imported match has no others), rounds, scores."""
    return (
        summary.variant,
        summary.players,
        summary.partnerships,
        summary.events,
        summary.rounds,
        tuple(summary.scores),
    )


def _import_failed(err: OSError) -> StoreError:
    return StoreError(
        f"could not save an imported match ({err.strerror or err}); nothing was imported",
        "import_save_failed",
        reason=str(err.strerror or err),
        cause=os_cause(err),
        count=0,
    )
