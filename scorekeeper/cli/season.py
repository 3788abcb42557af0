"""``scorekeeper season …``: the club's season over several events, and its ratings, from a terminal.

``season standings [--json] [--drop-worst N] [--from DATE] [--to DATE]``   the season view (the options
    override the stored settings for this view only)
``season ratings [--json]``                                                 the ratings (refused when off)
``season settings [--drop-worst N] [--events all|ID,ID…] [--from D|none] [--to D|none] [--ratings on|off]
    [--tie-breaks a,b|events] [--win N --draw N --loss N --bye N] [--per-game on|off]
    [--events-scheme] [--json]``                                           show, or change, the settings

The season and its settings are :mod:`scorekeeper.store.season`'s (docs/club-night.md "Season view and
ratings"). Refusals are worded in ``--lang`` (en, uk, ko): the store's as ``error.<code>``, the club
engine's as ``club.error.<code>``. Exit 0 done, 2 refused (one line on standard error, nothing changed).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from datetime import date
from typing import Any

from ..club import ClubError, Criterion, PointsScheme, SeasonRow
from ..i18n import LANGUAGES, Translator
from ..refusals import refused_line
from ..rules import RuleViolation
from ..store import MatchStore
from ..store.club import ClubStore
from ..store.season import SeasonSettings, SeasonStore, SeasonView
from .command import EXIT_REFUSED
from .event import _aligned, club_words
from .matches import with_store


def _day(text: str) -> date | None:
    return None if text == "none" else date.fromisoformat(text)


def configure(parser: argparse.ArgumentParser) -> None:
    """The ``season`` group's sub-commands and their arguments."""
    parser.add_argument("--lang", default="en", choices=LANGUAGES, help="language of the output and of a refusal")
    subs = parser.add_subparsers(dest="season_command", required=True)
    s = subs.add_parser("standings", help="the season's standings over the club's events")
    s.add_argument("--json", action="store_true", help="the rows as data")
    s.add_argument("--drop-worst", type=int, metavar="N", help="drop each player's worst N results (this view)")
    s.add_argument("--from", dest="start", type=date.fromisoformat, metavar="DATE", help="events from YYYY-MM-DD")
    s.add_argument("--to", dest="end", type=date.fromisoformat, metavar="DATE", help="events up to YYYY-MM-DD")
    r = subs.add_parser("ratings", help="the players' ratings over the season (when the club has them on)")
    r.add_argument("--json", action="store_true")
    c = subs.add_parser("settings", help="show the season's settings, or change them")
    c.add_argument("--drop-worst", type=int, metavar="N")
    c.add_argument("--events", metavar="all|ID,ID", help="the events counted: all, or ids comma-separated")
    c.add_argument("--from", dest="start", type=_day, metavar="DATE|none", default=argparse.SUPPRESS)
    c.add_argument("--to", dest="end", type=_day, metavar="DATE|none", default=argparse.SUPPRESS)
    c.add_argument("--ratings", choices=("on", "off"))
    c.add_argument("--tie-breaks", metavar="a,b|events", help="criteria in order, or 'events' (the events' own)")
    for name in ("win", "draw", "loss", "bye"):
        c.add_argument(f"--{name}", type=int, metavar="N", help=f"points for a {name} (the season's own scheme)")
    c.add_argument("--per-game", choices=("on", "off"), help="a point per game won (the season's own scheme)")
    c.add_argument("--events-scheme", action="store_true", help="score on the events' own scheme again")
    c.add_argument("--json", action="store_true")


def run(args: argparse.Namespace) -> int:
    """Dispatch to the sub-command, over the store of ``--data-dir``."""
    return with_store(_body, writes=args.season_command == "settings")(args)


def _body(store: MatchStore, args: argparse.Namespace) -> int:
    t = Translator(args.lang)
    season = SeasonStore(ClubStore(store))
    try:
        code = _COMMANDS[args.season_command](season, args, t)
    except RuleViolation as err:
        print(refused_line(t, err), file=sys.stderr)
        code = EXIT_REFUSED
    except ClubError as err:
        print(t("error.refused", refusal=club_words(t, err)), file=sys.stderr)
        code = EXIT_REFUSED
    for problem in [*season.club.problems, *season.problems]:
        print(f"warning: {problem}", file=sys.stderr)
    return code


def _dump(value: object) -> None:
    json.dump(value, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


def _name(view: SeasonView, unit: tuple[str, ...]) -> str:
    return " & ".join(view.names.get(p, p) for p in unit)


def row_json(row: SeasonRow, view: SeasonView) -> dict[str, Any]:
    """A season row as data (``season standings --json``): every figure, each event's result marked."""
    return {
        "place": row.place,
        "unit": list(row.unit),
        "names": [view.names.get(p, p) for p in row.unit],
        "points": row.points,
        "events": [{"event": e.event_id, "date": e.date, "points": e.points, "counted": e.counted} for e in row.events],
        "games_won": row.games_won,
        "points_difference": row.points_difference,
        "buchholz": row.buchholz,
        "sonneborn_berger": str(row.sonneborn_berger),
        "head_to_head": row.head_to_head,
        "placed_by": None if row.placed_by is None else row.placed_by.value,
        "shared": row.shared,
    }


def settings_json(view_or_settings: SeasonSettings) -> dict[str, Any]:
    """The settings as data (``season settings --json``)."""
    return view_or_settings.to_json()


def _standings(season: SeasonStore, args: argparse.Namespace, t: Translator) -> int:
    overrides: dict[str, Any] = {}
    if args.drop_worst is not None:
        overrides["drop_worst"] = args.drop_worst
    if args.start is not None:
        overrides["start"] = args.start
    if args.end is not None:
        overrides["end"] = args.end
    view = season.view(**overrides)
    if args.json:
        _dump(
            {
                "events": [
                    {"id": i.id, "name": i.name, "date": i.day.isoformat() if i.day else None} for i in view.events
                ],
                "drop_worst": view.rules.drop_worst,
                "tie_breaks": [c.value for c in view.rules.tie_breaks],
                "rows": [row_json(r, view) for r in view.rows],
            }
        )
        return 0
    if not view.events:
        print(t("cli.season.no_events"))
        return 0
    print(t("cli.season.events", count=len(view.events), drop=view.rules.drop_worst))
    for n, info in enumerate(view.events, 1):
        print(f"  {t('ui.season.event_label', event=n)}  {info.day}  {info.name}")
    head = t("cli.season.standings_head").split("  ")  # column titles separated by two spaces
    head = head[:3] + [t("ui.season.event_label", event=n) for n in range(1, len(view.events) + 1)] + head[3:]
    body = []
    for r in view.rows:
        results = {e.event_id: e for e in r.events}
        cells = []
        for info in view.events:
            e = results.get(info.id)
            cells.append("–" if e is None else str(e.points) if e.counted else f"({e.points})")
        placed = "" if r.placed_by is None else t(f"ui.event_criterion.{r.placed_by.value}")
        body.append([f"{r.place}{'=' if r.shared else ''}", _name(view, r.unit), str(r.points), *cells, placed])
    for line in _aligned([head, *body]):
        print(line)
    if view.rules.drop_worst:
        print(t("cli.season.dropped_note"))
    return 0


def _ratings(season: SeasonStore, args: argparse.Namespace, t: Translator) -> int:
    view, rated = season.ratings()
    if args.json:
        _dump(
            [
                {
                    "place": r.place,
                    "player": r.player,
                    "name": view.names.get(r.player, r.player),
                    "ordinal": round(r.ordinal, 3),
                    "mu": round(r.mu, 3),
                    "sigma": round(r.sigma, 3),
                    "fixtures": r.fixtures,
                }
                for r in rated
            ]
        )
        return 0
    head = t("cli.season.ratings_head").split("  ")
    body = [
        [str(r.place), view.names.get(r.player, r.player), f"{r.ordinal:.1f}", f"{r.mu:.1f}", f"{r.sigma:.2f}"]
        + [str(r.fixtures)]
        for r in rated
    ]
    for line in _aligned([head, *body]):
        print(line)
    return 0


def _changes(args: argparse.Namespace) -> dict[str, Any] | None:
    """The settings' fields the ``settings`` options change (``None``: only show them)."""
    if getattr(args, "season_command", None) != "settings":
        return None
    out: dict[str, Any] = {}
    if args.drop_worst is not None:
        out["drop_worst"] = args.drop_worst
    if args.events is not None:
        out["events"] = None if args.events == "all" else tuple(e for e in args.events.split(",") if e)
    for key in ("start", "end"):  # absent unless given ("none" clears it)
        if key in vars(args):
            out[key] = vars(args)[key]
    if args.ratings is not None:
        out["ratings"] = args.ratings == "on"
    if args.tie_breaks is not None:
        out["tie_breaks"] = None if args.tie_breaks == "events" else _criteria(args.tie_breaks)
    points = {k: getattr(args, k) for k in ("win", "draw", "loss", "bye") if getattr(args, k) is not None}
    if args.per_game is not None:
        points["per_game"] = args.per_game == "on"
    if points:
        out["scheme"] = points
    if args.events_scheme:
        out["scheme"] = None
    return out or None


def _criteria(text: str) -> tuple[Criterion, ...]:
    names = [c for c in text.split(",") if c][:8]
    known = [c.value for c in Criterion if c is not Criterion.POINTS]
    for name in names:
        if name not in known:
            raise RuleViolation("", "season_tie_break_unknown", name=name[:40], known=", ".join(known))
    return tuple(Criterion(c) for c in names)


def _settings(season: SeasonStore, args: argparse.Namespace, t: Translator) -> int:
    current = season.settings()
    changes = _changes(args)
    if changes is not None:
        scheme = changes.get("scheme", current.scheme)
        if isinstance(scheme, dict):
            scheme = replace(current.scheme or PointsScheme(), **scheme)
        changes["scheme"] = scheme
        current = season.save(replace(current, **changes))
    if args.json:
        _dump(settings_json(current))
        return 0
    for key, value in settings_json(current).items():
        shown = t("cli.season.events_own") if value is None and key in ("scheme", "tie_breaks") else value
        if key == "events" and value is None:
            shown = t("cli.season.all_events")
        print(f"{key}: {json.dumps(shown, ensure_ascii=False) if not isinstance(shown, str) else shown}")
    return 0


_COMMANDS = {"standings": _standings, "ratings": _ratings, "settings": _settings}
