"""One person at two venues: the league secretary's links between venues' player ids (docs/league.md).

The players of different venues are different people (``<venue>/<player id>``,
:func:`.club_subjects.league_player`) unless the secretary links them: ``league link A B`` says league
player ``B`` is ``A``, and the league's season view then counts both as ``A``. The links are the
hub's own (no venue writes them): ``<hub data>/league-hub/league-links.json``, ``{"links": {B: A}}``,
written whole and fsync'd (:func:`~scorekeeper.store.atomic.write_atomic`), at most
:data:`MAX_LINKS`. Every id resolves to a root in one step (a link to a linked id is made to its root;
a root that gets linked takes its own links along).

Refusals are :class:`LinkError` (``code`` → catalog ``error.<code>``): ``league_link_bad`` (not
``venue/p…``), ``league_link_same_venue`` (one person would have two ids of one venue: two entries of one
club's list, which the venue itself tells apart, and one event could hold both), ``league_link_self``,
``league_link_taken`` (``B`` already linked to someone else: unlink it first), ``league_link_unknown``
(``B`` not linked, for an unlink), ``league_link_limit``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from scorekeeper.store.atomic import write_atomic

FILE = "league-links.json"
MAX_LINKS = 10_000
"""The most links kept."""
MAX_BYTES = 4 * 1024 * 1024
"""The largest links file read, in bytes."""
LEAGUE_PLAYER = re.compile(r"[A-Za-z0-9_-]{1,32}/p[0-9a-f]{8}")


class LinkError(Exception):
    """A link refused: ``code`` (catalog ``error.<code>``), ``params`` (``player``, ``other``, ``limit``)."""

    def __init__(self, code: str, message: str, **params: object) -> None:
        self.code = code
        self.message = message
        self.params = params
        super().__init__(message)


def read_links(folder: Path) -> dict[str, str]:
    """The links kept in ``folder`` (``{}`` if none; a damaged file reads as none, and says nothing
    worse than an unlinked season)."""
    try:
        raw = (folder / FILE).read_bytes()[: MAX_BYTES + 1]
        data = json.loads(raw) if len(raw) <= MAX_BYTES else {}
    except (OSError, ValueError):
        return {}
    links = data.get("links") if isinstance(data, dict) else None
    if not isinstance(links, dict):
        return {}
    return {
        k: v
        for k, v in list(links.items())[:MAX_LINKS]
        if isinstance(k, str) and isinstance(v, str) and LEAGUE_PLAYER.fullmatch(k) and LEAGUE_PLAYER.fullmatch(v)
    }


def _check(player: str) -> None:
    if not LEAGUE_PLAYER.fullmatch(player):
        raise LinkError("league_link_bad", f"{player[:80]!r} is not venue/player-id", player=player[:80])


def link(folder: Path, root: str, other: str) -> dict[str, str]:
    """Say league player ``other`` is ``root`` (written before it returns); returns the links.
    Raises :class:`LinkError` (see the module)."""
    _check(root)
    _check(other)
    links = read_links(folder)
    root = links.get(root, root)
    if root == other:
        raise LinkError("league_link_self", "a player is already themselves", player=other)
    if root.split("/")[0] == other.split("/")[0]:
        raise LinkError("league_link_same_venue", "two ids of one venue", player=other, other=root)
    if other in links:
        raise LinkError("league_link_taken", f"{other} is linked already", player=other, other=links[other])
    if len(links) >= MAX_LINKS:
        raise LinkError("league_link_limit", "too many links", limit=MAX_LINKS)
    taken = [k for k, v in links.items() if v == other]  # other's own links follow it to its root
    group = [root, other, *taken, *(k for k, v in links.items() if v == root)]
    if len({p.split("/")[0] for p in group}) != len(group):  # one person, at most one id a venue
        raise LinkError("league_link_same_venue", "two ids of one venue", player=other, other=root)
    links.update(dict.fromkeys(taken, root))
    links[other] = root
    _save(folder, links)
    return links


def unlink(folder: Path, other: str) -> dict[str, str]:
    """Take ``other``'s link away (they are their venue's own player again); returns the links."""
    _check(other)
    links = read_links(folder)
    if other not in links:
        raise LinkError("league_link_unknown", f"{other} is not linked", player=other)
    del links[other]
    _save(folder, links)
    return links


def _save(folder: Path, links: dict[str, str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(folder / FILE, json.dumps({"links": dict(sorted(links.items()))}).encode())
