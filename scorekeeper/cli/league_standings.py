"""``scorekeeper league standings [--json] [--drop-worst N]``: the league's standings over every venue.

Reads the hub's data folder (read-only while ``league hub`` runs): the season view of every venue's
club events folded at the hub (:func:`scorekeeper.league.standings.league_season`, league players
``<venue>/<player id>`` shown as ``Ann (red-lion)``); ``--json`` adds each event's own standings, as
the venue shows them (``event standings --json``'s rows).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..club import SeasonRow, SeasonRules
from ..i18n import Translator
from ..store import MatchStore
from .event import _aligned, row_json


def season_row_json(row: SeasonRow, names: dict[str, str]) -> dict[str, Any]:
    """A season row as data: every figure, each event's result and whether it counted."""
    return {
        "place": row.place,
        "unit": list(row.unit),
        "names": [names.get(p, p) for p in row.unit],
        "points": row.points,
        "events": [{"event": r.event_id, "date": r.date, "points": r.points, "counted": r.counted} for r in row.events],
        "games_won": row.games_won,
        "points_difference": row.points_difference,
        "buchholz": row.buchholz,
        "sonneborn_berger": str(row.sonneborn_berger),
        "head_to_head": row.head_to_head,
        "placed_by": None if row.placed_by is None else row.placed_by.value,
        "shared": row.shared,
    }


def standings_of(store: MatchStore, book: Path, drop_worst: int = 0) -> dict[str, Any]:
    """The league's standings over an open hub store as data (what ``--json`` prints and the hub's page
    shows): ``season`` (rows best first) and ``events`` (each venue's event with its own standings);
    ``book`` is the hub's folder of owners and links. Raises the club engine's ``SetupError``
    (``drop_worst``, ``season_size``)."""
    from ..league.hub import OWNERS, _read_json
    from ..league.links import read_links
    from ..league.standings import league_events, league_names, league_season

    rules = SeasonRules(drop_worst=drop_worst)
    owners = {k: v for k, v in _read_json(book / OWNERS).items() if isinstance(v, str)}
    links = read_links(book)
    events = league_events(store, owners)
    names = league_names(events, links)
    rows = league_season(events, rules, links)
    return {
        "season": [season_row_json(r, names) for r in rows],
        "events": [
            {
                "venue": e.venue,
                "id": e.state.id,
                "name": e.state.setup.name,
                "date": e.state.setup.day.isoformat(),
                "standings": [row_json(r, dict(e.names)) for r in e.standings],
            }
            for e in events
        ],
    }


def standings_data(data: Path, drop_worst: int = 0) -> dict[str, Any]:
    """:func:`standings_of` the hub's data folder ``data``, opened read-only (so it works while
    ``league hub`` runs); empty lists for a folder that is not there."""
    from ..store import open_store

    if not data.is_dir():
        return {"season": [], "events": []}
    SeasonRules(drop_worst=drop_worst)  # refused before the store is opened
    store = open_store(data, read_only=True)
    try:
        return standings_of(store, data / "league-hub", drop_worst)
    finally:
        store.close()


def standings_command(data: Path, args: argparse.Namespace, t: Translator) -> int:
    """Print the league's standings (a table, or ``--json``); exit 0."""
    found = standings_data(data, args.drop_worst)
    if args.json:
        json.dump(found, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return 0
    if not found["season"]:
        print(t("ui.league_standings_empty"))
        return 0
    head = t("ui.league_standings_head").split("  ")  # the catalogs separate the column titles by two spaces
    body = [
        [
            ("=" if r["shared"] else "") + str(r["place"]),
            " & ".join(r["names"]),
            str(r["points"]),
            str(sum(1 for e in r["events"] if e["counted"])),
            "" if r["placed_by"] is None else t(f"ui.event_criterion.{r['placed_by']}"),
        ]
        for r in found["season"]
    ]
    for line in _aligned([head, *body]):
        print(line)
    return 0


def link_command(data: Path, args: argparse.Namespace, t: Translator) -> int:
    """``league link PLAYER OTHER`` (OTHER is PLAYER) or ``league link --remove PLAYER``: the hub's links
    file written (the hub may be running: the links are read at each standings); exit 0, or 2 with one
    translated line."""
    from ..league.links import LinkError, link, unlink

    folder = data / "league-hub"
    try:
        if args.remove:
            unlink(folder, args.player)
            print(t("ui.league_unlinked", player=args.player))
        else:
            if not args.other:
                raise LinkError("league_link_bad", "no second id", player="")
            link(folder, args.player, args.other)
            print(t("ui.league_linked", player=args.other, other=args.player))
    except LinkError as err:
        print(t(f"error.{err.code}", **err.params), file=sys.stderr)
        return 2
    return 0
