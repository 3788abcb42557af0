"""The history index: one summary entry per match, in 256 small TinyDB shards.

The index is a cache of what the match files say: it lets the history open
without reading every match, and it is rebuilt from the match files when a
shard is lost or unreadable. It is written when a match is created, starts or
settles a round, finishes or is corrected, never on an ordinary move; a
write touches one shard (about 1/256 of the history), so it stays cheap at
any history size.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterable
from pathlib import Path

from tinydb import Query, TinyDB

from .atomic import AtomicJSONStorage, DamagedFile, fsync_dir
from .paths import DataFolder, shard_of
from .summary import FINISHED, MatchSummary

TABLE = "matches"
_HEX = set("0123456789abcdef")


class Index:
    """All shards of one data folder (the caller holds the store's lock).

    ``set_aside(path, reason)`` is called for a shard that cannot be read;
    it must move the file out of the way (the store keeps it in ``damaged/``).
    """

    def __init__(self, layout: DataFolder, set_aside: Callable[[Path, str], None]) -> None:
        self.layout = layout
        self._set_aside = set_aside
        self._shards: dict[str, TinyDB] = {}
        self._ids: dict[str, set[str]] = {}  # shard -> ids it holds on disk
        self._bad: dict[str, list[int]] = {}  # shard -> doc ids of entries dropped at load: removed at next write
        self.unfinished: set[str] = set()  # ids loaded whose status is not "finished"

    def load(self) -> tuple[dict[str, MatchSummary], int]:
        """Read every shard: ``({id: summary}, number of entries dropped as malformed)``.

        An unreadable shard is set aside and its matches are left for the
        caller to rebuild from their files.
        """
        # Loading makes tens of thousands of small objects and no reference cycles; in a big
        # process (the app) each automatic collection meanwhile would scan the whole heap.
        gc_was_on = gc.isenabled()
        gc.disable()
        try:
            return self._load_shards()
        finally:
            if gc_was_on:
                gc.enable()

    def _load_shards(self) -> tuple[dict[str, MatchSummary], int]:
        summaries: dict[str, MatchSummary] = {}
        dropped = 0
        try:
            entries = sorted(os.scandir(self.layout.index), key=lambda e: e.name)
        except FileNotFoundError:  # a read-only copy without an index: everything is read from the match files
            return summaries, 0
        for entry in entries:
            name = entry.name
            if not (name.endswith(".json") and len(name) == 7 and set(name[:2]) <= _HEX):
                continue
            shard = name[:2]
            db = self._shard(shard)
            try:  # the raw table: TinyDB's .all() would copy every entry into a Document
                docs = (db.storage.read() or {}).get(TABLE, {})
            except DamagedFile as err:
                self._close_shard(shard)
                self._set_aside(Path(entry.path), err.reason)
                continue
            ids = self._ids.setdefault(shard, set())
            for doc_id, doc in docs.items():
                try:
                    summary = MatchSummary.from_entry(doc)
                except ValueError:
                    summary = None
                match_id = summary.id if summary is not None else None
                if match_id is None or shard_of(match_id) != shard or match_id in ids:
                    dropped += 1  # malformed, in the wrong shard, or a second entry for one match
                    self._bad.setdefault(shard, []).append(int(doc_id))
                    continue
                summaries[match_id] = summary  # type: ignore[assignment]  # not None here
                ids.add(match_id)
                if doc["status"] != FINISHED:
                    self.unfinished.add(match_id)
        return summaries, dropped

    def put(self, summaries: list[MatchSummary]) -> None:
        """Write these entries (insert or replace), one write per shard touched; the folder is fsync'd
        once for them all (an import touches every shard).

        Raises ``OSError`` if a shard cannot be written.
        """
        by_shard: dict[str, list[MatchSummary]] = {}
        for s in summaries:
            by_shard.setdefault(shard_of(s.id), []).append(s)
        if len(by_shard) == 1:
            self._put(by_shard)
            return
        storages = [self._shard(shard).storage for shard in by_shard]
        try:
            for storage in storages:
                storage.sync_folder = False  # type: ignore[attr-defined]  # an AtomicJSONStorage
            self._put(by_shard)
        finally:
            for storage in storages:
                storage.sync_folder = True  # type: ignore[attr-defined]
        fsync_dir(self.layout.index)

    def _put(self, by_shard: dict[str, list[MatchSummary]]) -> None:
        for shard, group in by_shard.items():
            ids = self._ids.setdefault(shard, set())
            table = self._shard(shard).table(TABLE, cache_size=0)
            bad = self._bad.pop(shard, None)
            if bad:  # entries dropped at load go with this write (rebuilt ones are among ``group``)
                table.remove(doc_ids=bad)
            known = [s for s in group if s.id in ids]
            new = [s for s in group if s.id not in ids]
            if known:  # entries hold every key, so an update replaces the whole entry
                table.update_multiple([(s.to_entry(), Query().id == s.id) for s in known])
            if new:
                table.insert_multiple([s.to_entry() for s in new])
            ids.update(s.id for s in group)

    def purge(self) -> None:
        """Remove the entries dropped at load from shards no :meth:`put` has rewritten since.

        Raises ``OSError`` if a shard cannot be written.
        """
        for shard in list(self._bad):
            self._shard(shard).table(TABLE, cache_size=0).remove(doc_ids=self._bad.pop(shard))

    def missing_from(self, ids: Iterable[str]) -> set[str]:
        """Those of ``ids`` that have no entry on disk (e.g. their shard was lost)."""
        on_disk: set[str] = set().union(*self._ids.values())
        return set(ids) - on_disk

    def close(self) -> None:
        """Close every shard's TinyDB."""
        for shard in list(self._shards):
            self._close_shard(shard)

    def _shard(self, shard: str) -> TinyDB:
        db = self._shards.get(shard)
        if db is None:
            db = self._shards[shard] = TinyDB(self.layout.shard_file(shard), storage=AtomicJSONStorage)
        return db

    def _close_shard(self, shard: str) -> None:
        db = self._shards.pop(shard, None)
        if db is not None:
            db.close()
        self._ids.pop(shard, None)
