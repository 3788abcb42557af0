"""Fixing the players' names of the open match (a ``rename`` event: the whole match takes the new names)."""

from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

from ...rules.names import MAX_NAME_TEXT, normalise_name
from .intent import intent
from .open_match import OpenMatch
from .shell import Notice, Shell


@dataclass(eq=False)
class NamesForm(ft.Observable):
    """The table's Names panel: ``open`` while it is shown (in the entry's place), for the match
    ``match_id`` (another match opened meanwhile does not show it); the names typed per seat are private
    (typing re-renders nothing, see ``parts.widgets.text_entry``)."""

    shell: Shell
    table: OpenMatch
    open: bool = False
    match_id: str | None = None
    _names: list[str] = field(default_factory=list)

    @property
    def shown(self) -> bool:
        """Whether the panel is shown: open, for the match on the table."""
        return self.open and self.match_id is not None and self.match_id == self.table.match_id

    @property
    def names(self) -> list[str]:
        """The name typed per seat (the match's names when the panel was opened)."""
        return self._names

    def start(self) -> None:
        """Open the panel with the match's names as they are."""
        self._names = list(self.table.shown.players)
        self.match_id = self.table.shown_id
        self.shell.drop_error()
        self.open = True

    def set_name(self, seat: int, name: str) -> None:
        """The name typed for ``seat`` (bounded as :meth:`.setup.SetupForm.set_name`); re-renders nothing."""
        self._names = [*self._names[:seat], name[:MAX_NAME_TEXT], *self._names[seat + 1 :]]

    def close(self) -> None:
        """Close the panel; nothing is changed."""
        self.open = False

    @intent
    async def save(self) -> None:
        """Fix the names that changed, in one ``rename`` event (the store holds each new name to the names
        policy, rules/names.py: ``name_…``, ``same_names``), and show the match with them; nothing changed
        (as the policy normalises: "Ann " is "Ann"): the panel just closes. Another tab's change since is
        ``ui_stale_view`` (nothing written). Undo takes the rename back."""
        old = self.table.shown.players
        typed = [normalise_name(name) for name in self._names]
        changed = {seat: name for seat, name in enumerate(typed) if name != old[seat]}
        if not changed:
            self.open = False
            return
        store = self.shell.services.store
        await self.table.written(lambda match_id, version: store.rename(match_id, changed, version))
        await self.table.after_change()
        self.open = False
        self.shell.notice = Notice(
            "ui.renamed_notice",
            {"count": len(changed), "names": ", ".join(f"{old[seat]} → {name}" for seat, name in changed.items())},
        )
