"""Match records in and out of a tab: export one match as a file, import files of them into the history.

The file dialogs are Flet's (:mod:`..files`); what happened is kept as a
:class:`Notice` and worded by the views in the current language.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass

from ...store import ImportRefused
from .. import files
from .history import HistoryQuery
from .intent import intent
from .shell import Notice, Shell

log = logging.getLogger(__name__)


MIME = "application/json"


def export_name(match_id: str) -> str:
    """The file name of an exported match: ``scorekeeper-<id>.json``."""
    return f"scorekeeper-{match_id}.json"


def import_notice(ids: set[str], known: set[str]) -> Notice:
    """What an import did: ``ids`` the store returned (a match already here keeps its id, docs/store.md),
    ``known`` the ids in the history before it."""
    added, present = len(ids - known), len(ids & known)
    if not present:
        return Notice("ui.imported", {"count": added})
    if not added:
        return Notice("ui.import_already", {"count": present})
    return Notice("ui.imported_some", {"count": added, "already": present})


@dataclass
class Transfer:
    """Export and import for one tab (no state of its own: the outcome is the shell's notice; an import
    lists the history again)."""

    shell: Shell
    history: HistoryQuery

    @intent
    async def _export_bytes(self, match_id: str) -> tuple[str, bytes]:
        services = self.shell.services
        doc = await services.call(services.store.export_document, match_id)
        return export_name(match_id), (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode("utf-8")

    async def export_match(self, match_id: str) -> None:
        """Hand over the match's document (``scorekeeper-match/1`` with ``meta``): the device's share sheet
        where it has one (a phone app: ``Device.can_share``), else a download in the browser (a save
        dialog on a desktop).

        Not an intent as a whole: a desktop save dialog or a share sheet may stay open for long, and the
        guard would ignore every other tap meanwhile.
        """
        prepared = await self._export_bytes(match_id)
        if prepared is None:  # the store refused (e.g. a damaged file): the shell's error says why
            return
        name, data = prepared
        device = self.shell.services.device
        if device.can_share and await device.share_file(name, data, MIME):
            self.shell.notice = Notice("ui.shared", {"name": name})
            return
        try:
            path = await files.save_bytes(name, data)
        except Exception:  # noqa: BLE001 - the user gets a message, the log the traceback
            log.exception("export of %s failed", match_id)
            self.shell.notice = Notice("ui.export_failed", ok=False)  # the details (often English) are in the log
            return
        self.shell.notice = (
            Notice("ui.exported_path", {"path": path}) if path else Notice("ui.exported", {"name": name})
        )

    async def import_files(self) -> None:
        """Let the user choose match documents and import them (see :meth:`import_picked`).

        The file chooser is awaited outside the guard: a chooser left open must not make the tab
        ignore every tap.
        """
        try:
            picked = await files.pick_json_files()
        except Exception:  # noqa: BLE001
            log.exception("file chooser failed")
            self.shell.notice = Notice("ui.import_failed", ok=False)
            return
        if picked:
            await self.import_picked(picked)

    @intent
    async def import_picked(self, picked: list[files.PickedFile]) -> None:
        """Import the documents in ``picked`` (each a document or a JSON list of them) through the store's
        ``import_files``, the CLI's path: the import's bounds, then every document validated with the
        engine before anything is written. One refused document imports nothing; the notice names the
        first refused (its file, round and move, and the rule) and counts the others.
        """
        services = self.shell.services
        known = await services.call(lambda: {s.id for s in services.store.list_matches()})
        try:
            ids = (await services.call(services.store.import_files, [(f.name, f.data) for f in picked])).ids
        except ImportRefused as err:
            params: dict[str, object] = {"name": err.name, "count": err.more}
            key = "ui.import_refused_more" if err.more else "ui.import_refused"
            self.shell.notice = Notice(key, params, error=err.violation, ok=False)
            return
        # the list first: a notice set before it was drawn with the old list while the list was read (a tap
        # on its first row then opened another match)
        await self.history.load()
        self.shell.notice = import_notice(set(ids), known)
