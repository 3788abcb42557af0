"""``scorekeeper event …``: run, check or rescue a club night from a terminal, over the same store.

``event players [--add NAME]… [--rename ID NAME] [--json]``   the club's player list (ids stay)
``event new NAME --game G --format F --player ID… [options]``  a new event (prints its id)
``event list``                                                 the events, newest first
``event checkin EVENT PLAYER [--out | --withdraw | --late]``   check-in, check-out, withdraw, late entry
``event pair EVENT ROUND [--table A:B]…``                       pair a round, create its matches
``event paper EVENT ROUND TABLE --game 61,40 [--game …]``      a table played on paper
``event standings EVENT [--json]``                             the standings (``--json`` for a web page)
``event export EVENT`` / ``event import FILE``                 the event with its matches, one file

Refusals are worded in ``--lang`` (en, uk, ko) from the catalogs: the store's as ``error.<code>``, the
club engine's as ``club.error.<code>`` (its English text where the catalog has none yet). Exit 0 done,
2 refused (one line on standard error, nothing changed).
"""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from datetime import date
from typing import Any

from ..club import ClubError, ClubRules, Criterion, FixtureLength, LengthKind, LoserBonus, PointsScheme, Row
from ..club import Format as ClubFormat
from ..i18n import LANGUAGES, Translator, catalog
from ..refusals import refused_line
from ..rules import RuleViolation
from ..rules.variants import GAMES
from ..store import MatchStore
from ..store.club import ClubStore, EventSetup
from ..store.intake import read_files
from .command import EXIT_REFUSED
from .matches import with_store

_WRITES = {"new", "checkin", "pair", "paper", "import"}


def configure(parser: argparse.ArgumentParser) -> None:
    """The ``event`` group's sub-commands and their arguments."""
    parser.add_argument("--lang", default="en", choices=LANGUAGES, help="language of the output and of a refusal")
    subs = parser.add_subparsers(dest="event_command", required=True)
    p = subs.add_parser("players", help="the club's player list; --add NAME, --rename ID NAME")
    p.add_argument("--add", action="append", default=[], metavar="NAME", help="add a player (repeatable)")
    p.add_argument("--rename", nargs=2, metavar=("ID", "NAME"), help="rename a player (the id stays)")
    p.add_argument("--json", action="store_true")
    n = subs.add_parser("new", help="create an event")
    n.add_argument("name")
    n.add_argument("--game", required=True, choices=GAMES)
    n.add_argument("--format", required=True, choices=[f.value for f in ClubFormat])
    n.add_argument("--date", type=date.fromisoformat, default=None, help="YYYY-MM-DD (default today)")
    n.add_argument("--player", action="append", default=[], metavar="ID", help="a club player id, in seed order")
    n.add_argument("--pair", action="append", default=[], metavar="ID+ID", help="a fixed partnership")
    n.add_argument("--house-rules", default="{}", help='JSON, e.g. {"continuation": "stop"}')
    n.add_argument("--length", default="one", help="one, best-of:N or all:N (games a fixture)")
    for name, default in (("win", 2), ("draw", 1), ("loss", 0), ("bye", 2)):
        n.add_argument(f"--{name}", type=int, default=default, help=f"points for a {name} (default {default})")
    n.add_argument("--per-game", action="store_true", help="every game won earns a point more")
    n.add_argument("--loser-bonus", metavar="POINTS:WITHIN", help="e.g. 1:1, the 5–4 point")
    n.add_argument("--tie-breaks", default="head_to_head,buchholz", help="in order, comma-separated")
    n.add_argument("--absent", action="store_true", help="enter everyone absent (check them in one by one)")
    subs.add_parser("list", help="the events, newest first")
    c = subs.add_parser("checkin", help="check a player in (or --out, --withdraw, --late entry)")
    c.add_argument("event")
    c.add_argument("player")
    how = c.add_mutually_exclusive_group()
    how.add_argument("--out", action="store_true", help="check out: not paired next round")
    how.add_argument("--withdraw", action="store_true", help="leave the event (results stay)")
    how.add_argument("--late", action="store_true", help="a late entry, present")
    r = subs.add_parser("pair", help="pair a round and create its tables' matches")
    r.add_argument("event")
    r.add_argument("round", type=int)
    r.add_argument("--table", action="append", metavar="A:B", help="free format: sides by ':', partners by '+'")
    r.add_argument("--json", action="store_true")
    pp = subs.add_parser("paper", help="enter a table's result played on paper")
    pp.add_argument("event")
    pp.add_argument("round", type=int)
    pp.add_argument("table", type=int)
    pp.add_argument("--game", action="append", required=True, metavar="61,40", help="a game's scores per side")
    s = subs.add_parser("standings", help="the standings")
    s.add_argument("event")
    s.add_argument("--json", action="store_true", help="the rows as data")
    e = subs.add_parser("export", help="print the event with its matches as one JSON file")
    e.add_argument("event")
    i = subs.add_parser("import", help="import an exported event, all or nothing")
    i.add_argument("file")


def run(args: argparse.Namespace) -> int:
    """Dispatch to the sub-command, over the store of ``--data-dir``."""
    return with_store(_body, writes=args.event_command in _WRITES)(args)


def club_words(t: Translator, err: ClubError) -> str:
    """The club engine's refusal in the reader's language: ``club.error.<code>``, or its English text."""
    key = f"club.error.{err.code}"
    if key not in catalog("en"):
        return err.text
    params = {k: _shown(v) for k, v in err.params.items()}
    try:
        return t(key, **params)
    except (KeyError, IndexError):
        return err.text


def _shown(value: object) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(_shown(v) for v in value)
    return str(value)


def _body(store: MatchStore, args: argparse.Namespace) -> int:
    t = Translator(args.lang)
    club = ClubStore(store)
    try:
        code = _COMMANDS[args.event_command](club, args, t)
    except RuleViolation as err:
        print(refused_line(t, err), file=sys.stderr)
        code = EXIT_REFUSED
    except ClubError as err:
        print(t("error.refused", refusal=club_words(t, err)), file=sys.stderr)
        code = EXIT_REFUSED
    for problem in club.problems:
        print(f"warning: {problem}", file=sys.stderr)
    return code


def _dump(value: object) -> None:
    json.dump(value, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


def _players(club: ClubStore, args: argparse.Namespace, t: Translator) -> int:
    for name in args.add:
        p = club.add_player(name)
        print(f"{p.id}  {p.name}")
    if args.rename:
        p = club.rename_player(*args.rename)
        print(f"{p.id}  {p.name}")
    if not args.add and not args.rename:
        players = club.players()
        if args.json:
            _dump([{"id": p.id, "name": p.name} for p in players])
        else:
            for p in players:
                print(f"{p.id}  {p.name}")
    return 0


def _length(text: str) -> FixtureLength:
    if text == "one":
        return FixtureLength()
    kind, _, games = text.partition(":")
    if kind not in ("best-of", "all") or not games.isdigit():
        raise RuleViolation("", "club_bad_setup", detail=f"--length {text}: one, best-of:N or all:N")
    return FixtureLength(LengthKind(kind), int(games))


def _new(club: ClubStore, args: argparse.Namespace, t: Translator) -> int:
    try:
        house = json.loads(args.house_rules)
        bonus = None
        if args.loser_bonus:
            points, _, within = args.loser_bonus.partition(":")
            bonus = LoserBonus(int(points), int(within or 1))
        tie_breaks = tuple(Criterion(c.strip()) for c in args.tie_breaks.split(",") if c.strip())
    except ValueError as err:
        raise RuleViolation("", "club_bad_setup", detail=str(err)[:200]) from None
    if not isinstance(house, dict):
        raise RuleViolation("", "club_bad_setup", detail="--house-rules is a JSON object")
    rules = ClubRules(
        PointsScheme(args.win, args.draw, args.loss, bonus, args.per_game, args.bye), _length(args.length), tie_breaks
    )
    setup = EventSetup(
        args.name,
        args.date or date.today(),
        args.game,
        house,
        ClubFormat(args.format),
        rules,
        tuple(tuple(p.split("+")) for p in args.pair),
    )
    event_id = club.create_event(setup, args.player, present=not args.absent)
    print(event_id)
    print(t("ui.event_created", event=event_id), file=sys.stderr)
    return 0


def _list(club: ClubStore, args: argparse.Namespace, t: Translator) -> int:
    infos = club.list_events()
    if not infos:
        print(t("ui.event_none"))
    for i in infos:
        if i.problem:
            print(f"{i.id}  {t('ui.event_list_damaged')}  {i.problem}")
        else:
            print(f"{i.id}  {i.day}  {i.format:<17}  {t('ui.event_list_rounds', rounds=i.rounds)}  {i.name}")
    return 0


def _checkin(club: ClubStore, args: argparse.Namespace, t: Translator) -> int:
    if args.withdraw:
        state = club.withdraw(args.event, args.player)
    elif args.late:
        state = club.enter(args.event, args.player)
    else:
        state = club.check_in(args.event, args.player, present=not args.out)
    status = state.roster.status(args.player).value
    print(t("ui.event_checked", player=state.roster.player(args.player).name, status=t(f"ui.event_status.{status}")))
    return 0


def _names(club: ClubStore, event_id: str) -> dict[str, str]:
    """Each entrant's name: as the club's list has it now (a rename after the event was made shows), else as
    entered in the event (a player imported with an id the list lacks)."""
    current = {p.id: p.name for p in club.players()}
    return {e.player.id: current.get(e.player.id, e.player.name) for e in club.event(event_id).roster.entries}


def _side(text: str) -> tuple[str, ...]:
    return tuple(p for p in text.split("+") if p)


def _pair(club: ClubStore, args: argparse.Namespace, t: Translator) -> int:
    tables = [[_side(s) for s in table.split(":")] for table in args.table] if args.table else None
    record = club.pair(args.event, args.round, tables=tables)
    names = _names(club, args.event)
    if args.json:
        _dump(
            {
                "round": record.pairing.round,
                "tables": [
                    {"table": r.number, "sides": [list(s) for s in r.sides], "matches": list(r.matches)}
                    for r in record.tables
                ],
                "byes": [list(b) for b in record.pairing.byes],
            }
        )
        return 0
    print(t("ui.event_round_paired", round=record.pairing.round))
    for table in record.tables:
        sides = " – ".join(" & ".join(names[p] for p in side) for side in table.sides)
        print(f"{t('ui.event_table', table=table.number)}: {sides}  ({', '.join(table.matches)})")
    for bye in record.pairing.byes:
        print(f"{t('ui.event_bye')}: {' & '.join(names[p] for p in bye)}")
    return 0


def _paper(club: ClubStore, args: argparse.Namespace, t: Translator) -> int:
    try:
        games = [[int(v) for v in g.split(",")] for g in args.game]
    except ValueError:
        raise RuleViolation("", "club_bad_setup", detail="--game is scores per side, like 61,40") from None
    club.paper(args.event, args.round, args.table, games)
    print(t("ui.event_paper", round=args.round, table=args.table))
    return 0


def row_json(row: Row, names: dict[str, str]) -> dict[str, Any]:
    """A standings row as data (``standings --json``): every figure, ``placed_by`` as the criterion's name."""
    return {
        "place": row.place,
        "unit": list(row.unit),
        "names": [names.get(p, p) for p in row.unit],
        "played": row.played,
        "won": row.won,
        "drawn": row.drawn,
        "lost": row.lost,
        "byes": row.byes,
        "points": row.points,
        "games_won": row.games_won,
        "games_lost": row.games_lost,
        "points_for": row.points_for,
        "points_against": row.points_against,
        "points_difference": row.points_difference,
        "buchholz": row.buchholz,
        "sonneborn_berger": str(row.sonneborn_berger),
        "head_to_head": row.head_to_head,
        "placed_by": None if row.placed_by is None else row.placed_by.value,
        "shared": row.shared,
    }


def _standings(club: ClubStore, args: argparse.Namespace, t: Translator) -> int:
    rows = club.standings(args.event)
    names = _names(club, args.event)
    if args.json:
        _dump([row_json(r, names) for r in rows])
        return 0
    head = t("ui.event_standings_head").split("  ")  # the catalogs separate the column titles by two spaces
    body = [
        [str(r.place), " & ".join(names[p] for p in r.unit), str(r.points), str(r.played), str(r.won)]
        + [
            str(r.drawn),
            str(r.lost),
            str(r.byes),
            "" if r.placed_by is None else t(f"ui.event_criterion.{r.placed_by.value}"),
        ]
        for r in rows
    ]
    for line in _aligned([head, *body]):
        print(line)
    return 0


def _cell_width(text: str) -> int:
    """Terminal columns of ``text``: wide (W/F) characters take two, combining marks none (Korean titles)."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _aligned(table: list[list[str]]) -> list[str]:
    """The rows of ``table`` as lines, each column padded to its widest cell (the name column left, numbers right)."""
    widths = [max(_cell_width(row[k]) for row in table if k < len(row)) for k in range(max(map(len, table)))]
    lines = []
    for row in table:
        cells = []
        for k, cell in enumerate(row):
            pad = " " * (widths[k] - _cell_width(cell))
            cells.append(cell + pad if k in (1, len(widths) - 1) else pad + cell)
        lines.append("  ".join(cells).rstrip())
    return lines


def _export(club: ClubStore, args: argparse.Namespace, t: Translator) -> int:
    _dump(club.export_event(args.event))
    return 0


def _import(club: ClubStore, args: argparse.Namespace, t: Translator) -> int:
    files, too_large = read_files([args.file])  # bounded as a match import is
    if too_large:
        raise too_large[0].violation
    event_id = club.import_event(files[0][1])
    count = sum(len(tb.matches) for r in club.event(event_id).rounds for tb in r.tables)
    print(event_id)
    print(t("ui.event_imported", event=event_id, count=count), file=sys.stderr)
    return 0


_COMMANDS = {
    "players": _players,
    "new": _new,
    "list": _list,
    "checkin": _checkin,
    "pair": _pair,
    "paper": _paper,
    "standings": _standings,
    "export": _export,
    "import": _import,
}
