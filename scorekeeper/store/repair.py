"""Repair: the history index made to agree with the match files, and damage set aside.

The match files are the truth; the index (``index/``) is a cache of them. When a folder is opened,
:meth:`Repair.reconcile` reads every match file the index does not account for (new, grown since
its entry, back from damage) and marks damaged every entry whose file is gone. Whatever cannot be
read — a match file, an index shard — is moved to ``damaged/`` (never deleted) and said once in the
store's ``problems``; nothing else is affected. A file the system refuses to read (permissions) is
left where it is and tried again at the next open.

Used by :class:`~scorekeeper.store.store.MatchStore` (the facade), which holds the lock while these
run; nothing here is public API.
"""

from __future__ import annotations

import logging
import os
from collections.abc import MutableMapping
from datetime import UTC, datetime
from pathlib import Path

from .atomic import DamagedFile, fsync_dir, sweep_temp_files
from .errors import BUSY, ReadOnlyReason
from .events import LogError, in_range, now, parse_time
from .index import Index
from .matchfile import Unreadable, read_log
from .paths import DataFolder, is_match_id
from .summary import DAMAGED, MatchSummary, abandoned_at, damaged_summary, played_at, summarize

log = logging.getLogger(__name__)

Summaries = MutableMapping[str, MatchSummary]  # the store's history entries by match id


class Repair:
    """The repairs of one data folder: ``problems`` (the store's list) gets a message for each.

    ``read_only``: the folder's read-only reason, or ``None``; a read-only store repairs in memory
    only (files are left in place, nothing is written).
    """

    def __init__(self, layout: DataFolder, read_only: ReadOnlyReason | None, problems: list[str]) -> None:
        self.layout = layout
        self.read_only = read_only
        self.problems = problems

    def problem(self, message: str) -> None:
        """Say ``message`` once (in ``problems``, and in the log)."""
        self.problems.append(message)
        log.warning("%s", message, extra={"said_by_caller": True})  # the CLI prints ``problems`` itself

    def note_obstacles(self) -> None:
        """Say each stray file standing where ``index/`` or ``damaged/`` goes (a fallback folder serves)."""
        for name, used in self.layout.obstacles:
            what = "the history index is kept" if name == "index" else "unreadable files are set aside"
            self.problem(
                f"{name} in the data folder {self.layout.root} is a file, not a folder: {what} in "
                f"{used.name}/ instead; move that file away (Scorekeeper did not write it) to use "
                f"{name}/ again"
            )

    def sweep(self, match_files: list[str]) -> None:
        """Delete the temp files a crash left (only while holding the lock: no other writer is at work)."""
        layout = self.layout
        for folder in (layout.root, layout.matches, layout.index, layout.damaged):
            names = match_files if folder == layout.matches else None
            try:
                for path in sweep_temp_files(folder, names):
                    log.info("removed %s, left by an interrupted write", path)
            except OSError as err:  # harmless: it is tried again at the next open
                log.warning("could not remove temp files in %s: %s", folder, err)

    def take_clean_mark(self) -> bool:
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

    def reconcile(self, summaries: Summaries, index: Index, match_files: list[str], full: bool) -> list[MatchSummary]:
        """Make the history entries agree with the match files (the truth); returns the entries changed
        (already in ``summaries``), for the caller to write to the index.

        A match file that is new, or was marked damaged but is back, is read;
        so is one whose size differs from its entry (logs only grow, so a
        different size means events were logged after the entry was written,
        e.g. before a crash). Sizes are checked for every file after an
        unclean shutdown (``full``), else only for matches in progress: a
        clean close left the index current. An entry whose file is
        gone is marked damaged; files kept in ``damaged/`` stay listed even if
        the index was lost.
        """
        matches = self.layout.matches
        present = {n[:-5] for n in match_files if n.endswith(".json")}  # set algebra: 10,000 files
        present = {i for i in present if is_match_id(i)}
        known = summaries.keys()
        to_read = present - known  # new files
        to_read |= present & index.missing_from(known)  # entries lost with a shard
        # after a clean close only matches not finished need their size checked
        for match_id in present & (known if full else index.unfinished):
            s = summaries[match_id]
            try:
                size = os.stat(matches / f"{match_id}.json").st_size
            except FileNotFoundError:  # removed meanwhile (by the program holding the folder)
                present.discard(match_id)
                continue
            if s.status == DAMAGED or size != s.file_size:
                to_read.add(match_id)
        changed: list[MatchSummary] = []
        for match_id in sorted(to_read):
            summary = self.summary_from_file(summaries, match_id, summaries.get(match_id))
            if summary is not None:
                changed.append(summary)
        aside = {name.split(".")[0] for name in listing(self.layout.damaged)}
        for match_id in known - present:
            s = summaries[match_id]
            if s.status != DAMAGED:
                kept = " (a damaged copy is kept in damaged/)" if match_id in aside else ""
                message = f"Match {match_id}: its file matches/{match_id}.json is missing{kept}."
                self.problem(message)
                changed.append(s.damaged(message))
        for match_id in sorted(aside - known - present):
            if is_match_id(match_id):
                changed.append(
                    damaged_summary(
                        match_id,
                        f"Match {match_id} could not be read earlier; its file is kept in damaged/.",
                        id_time(match_id),
                    )
                )
        for s in changed:
            summaries[s.id] = s
        return changed

    def summary_from_file(self, summaries: Summaries, match_id: str, old: MatchSummary | None) -> MatchSummary | None:
        """The summary a match file gives, or its damaged summary (the file then moved aside);
        ``None`` if the system would not read it (then its entry in ``summaries`` says so, in
        memory only: it is read again at the next open)."""
        try:
            match_log, events, head, state, match = read_log(self.layout.match_file(match_id), match_id, explain=False)
        except (DamagedFile, LogError) as err:
            message = self.set_match_aside(match_id, damage_reason(err), old)
            return old.damaged(message) if old is not None else damaged_summary(match_id, message, id_time(match_id))
        except Unreadable as err:
            message = (
                f"Match {match_id}{who(old)} could not be read: {err.reason}. Its file was "
                "left as it is; the other matches are not affected."
            )
            self.problem(message)
            summaries[match_id] = (
                old.damaged(message) if old is not None else damaged_summary(match_id, message, id_time(match_id))
            )
            return None
        match_log.close()
        return summarize(
            match_id,
            head,
            match,
            len(events),
            parse_time(events[-1]["time"]) or now(),
            match_log.size,
            abandoned_at(state),
            played_at(state),
        )

    def set_match_aside(self, match_id: str, reason: str, summary: MatchSummary | None) -> str:
        """Move a damaged match file to ``damaged/`` (left in place when read-only); the message said."""
        source = self.layout.match_file(match_id)
        if self.read_only is not None:
            kept = "Its file was left in place (the data folder is open for reading only)"
        else:
            where = self._move_aside(source, match_id)
            kept = f"Its file was moved to {where} and kept" if where else "Its file could not be moved aside"
        message = (
            f"Match {match_id}{who(summary)} could not be read: {reason}. {kept}; the other matches are not affected."
        )
        self.problem(message)
        return message

    def shard_aside(self, path: Path, reason: str) -> None:
        """Set an unreadable index shard aside (the index rebuilds its entries from the match files)."""
        if self.read_only is not None:
            kept = "It was left in place (the data folder is open for reading only)"
        else:
            where = self._move_aside(path, f"index-{path.stem}")
            kept = f"It was moved to {where}" if where else "It could not be moved aside"
        self.problem(
            f"The history index file index/{path.name} could not be read: {reason}. {kept} "
            "and the history was rebuilt from the match files; no match was lost."
        )

    def _move_aside(self, source: Path, name: str) -> str | None:
        """Rename ``source`` into ``damaged/`` (never delete); return the new path relative to the folder."""
        if not source.exists():
            return None
        root = self.layout.root
        dest = self.layout.aside_path(name, now())
        try:
            os.replace(source, dest)
            fsync_dir(source.parent)
            fsync_dir(dest.parent)
        except OSError as err:
            log.warning("could not move %s aside: %s", source, err)
            return None if source.exists() else str(dest.relative_to(root))
        return str(dest.relative_to(root))


def listing(folder: Path) -> list[str]:
    """The names in ``folder`` (none if it is missing: a read-only copy may lack a folder)."""
    try:
        return os.listdir(folder)
    except FileNotFoundError:
        return []


def damage_reason(err: DamagedFile | LogError) -> str:
    """What is wrong with a damaged file, for its message."""
    return err.reason if isinstance(err, DamagedFile) else str(err)


def who(summary: MatchSummary | None) -> str:
    """`` (Ann v Bo, started 2025-06-12 15:30)`` for a message about a match, or nothing if unknown."""
    if summary is None or not summary.players:
        return ""
    return f" ({' v '.join(summary.players)}, started {summary.started.astimezone():%Y-%m-%d %H:%M})"


def id_time(match_id: str) -> datetime:
    """The creation time a match id says, or now if it says none in range."""
    try:
        moment = datetime.strptime(match_id[:15], "%Y%m%d-%H%M%S").replace(tzinfo=UTC)
    except ValueError:
        return now()
    return moment if in_range(moment) else now()
