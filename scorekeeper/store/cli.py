"""Store commands of the ``scorekeeper`` CLI, over the same :class:`MatchStore` the app uses.

``scorekeeper [--data-dir D] record FILE``   feed a document's actions one by one through
                                             ``store.record`` (each fsync'd before the next);
                                             prints the new match id
``history [--json] [filters]``               the matches, newest first
``export MATCH_ID`` / ``export --all``       the match document(s) as JSON
``import FILE...``                           documents (one per file, or a JSON list of them)
``stats [--json]``                           per-player statistics

Errors print one line to stderr and exit with code 2; damage found and
repaired on opening the store is reported as ``warning:`` lines.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from datetime import date

from ..cli import EXIT_REFUSED, register
from ..rules import RuleViolation
from ..rules.document import parse_json
from .documents import read_document
from .errors import StoreError
from .store import MatchStore, is_open, open_store
from .summary import DAMAGED, MatchSummary


def _read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as handle:
        return handle.read()


def _dump(value: object) -> None:
    json.dump(value, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


def _with_store(body: Callable[[MatchStore, argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Open the store of ``--data-dir``, run ``body``, turn every error into one line and exit code 2."""

    def run(args: argparse.Namespace) -> int:
        data_dir = getattr(args, "data_dir", None)
        store = None
        was_open = is_open(data_dir)
        try:
            store = open_store(data_dir)
            for problem in store.problems:
                print(f"warning: {problem}", file=sys.stderr)
            return body(store, args)
        except BrokenPipeError:  # e.g. `scorekeeper history | head`: the reader has gone
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
        except RuleViolation as err:
            print(f"refused: {err.message}", file=sys.stderr)
        except StoreError as err:
            print(f"error: {err.message}", file=sys.stderr)
        except OSError as err:
            where = f"cannot read {err.filename}: " if err.filename else ""
            print(f"error: {where}{err.strerror or err}", file=sys.stderr)
        except Exception as err:  # noqa: BLE001 - a user never gets a traceback
            print(f"error: unexpected {type(err).__name__}: {err}", file=sys.stderr)
        finally:
            if store is not None and not was_open:
                store.close()
        return EXIT_REFUSED

    return run


# ------------------------------------------------------------------- record
def _configure_record(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a scorekeeper-match/1 document ('-' reads standard input)")


def _run_record(store: MatchStore, args: argparse.Namespace) -> int:
    try:
        _, match = read_document(_read(args.file))
    except RuleViolation as err:
        print(f"refused: {args.file}: {err.message} (nothing recorded)", file=sys.stderr)
        return EXIT_REFUSED
    match_id = store.create_match(match.variant, match.players, match.partnerships)
    stored = 0
    try:
        for action in match.actions:
            store.record(match_id, action)
            stored += 1
    except (StoreError, RuleViolation) as err:
        print(f"error: {getattr(err, 'message', err)} (match {match_id} holds the first {stored} "
              f"of {len(match.actions)} actions)", file=sys.stderr)
        return EXIT_REFUSED
    print(match_id)
    return 0


# ------------------------------------------------------------------ history
def _configure_history(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the matches as JSON")
    parser.add_argument("--player", help="only matches with this player (whole name, any case)")
    parser.add_argument("--game", choices=("horse-race", "exact-61"), help="only this game")
    parser.add_argument("--since", type=date.fromisoformat, help="started on or after this date (YYYY-MM-DD)")
    parser.add_argument("--until", type=date.fromisoformat, help="started on or before this date (YYYY-MM-DD)")
    state = parser.add_mutually_exclusive_group()
    state.add_argument("--finished", dest="finished", action="store_true", default=None,
                       help="only finished matches")
    state.add_argument("--unfinished", dest="finished", action="store_false", help="only matches in progress")


def _history_line(s: MatchSummary) -> str:
    when = s.started.astimezone().strftime("%Y-%m-%d %H:%M")
    if s.status == DAMAGED:
        return f"{s.id}  {when}  DAMAGED  {s.problem}"
    scores = "  ".join(f"{side} {points}" for side, points in zip(s.sides, s.scores, strict=False))
    won = ""
    if s.winners:
        won = "  won: " + ", ".join(s.sides[w] for w in s.winners)
    return f"{s.id}  {when}  {s.variant:<10}  {s.status:<11}  {scores}{won}"


def _run_history(store: MatchStore, args: argparse.Namespace) -> int:
    rows = store.list_matches(player=args.player, variant=args.game, since=args.since, until=args.until,
                              finished=args.finished)
    if args.json:
        _dump([s.to_json() for s in rows])
    elif not rows:
        print("no matches")
    else:
        for s in rows:
            print(_history_line(s))
    return 0


# ------------------------------------------------------------ export/import
def _configure_export(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("match_id", nargs="?", help="the match id (see 'history')")
    parser.add_argument("--all", action="store_true", help="export every match as a JSON list")


def _run_export(store: MatchStore, args: argparse.Namespace) -> int:
    if args.all == bool(args.match_id):
        print("error: give a match id or --all", file=sys.stderr)
        return EXIT_REFUSED
    _dump(store.export_all() if args.all else store.export_document(args.match_id))
    return 0


def _configure_import(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", help="match documents, or JSON lists of them ('-' reads stdin)")


def _run_import(store: MatchStore, args: argparse.Namespace) -> int:
    docs, names = [], []
    for path in args.files:
        try:
            value = parse_json(_read(path))
        except RuleViolation as err:
            print(f"refused: {path}: {err.message} (nothing imported)", file=sys.stderr)
            return EXIT_REFUSED
        items = value if isinstance(value, list) else [value]
        for i, doc in enumerate(items, start=1):
            docs.append(doc)
            names.append(f"{path} (document {i})" if isinstance(value, list) else path)
    for match_id in store.import_documents(docs, names=names):
        print(match_id)
    return 0


# -------------------------------------------------------------------- stats
def _configure_stats(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")


def _run_stats(store: MatchStore, args: argparse.Namespace) -> int:
    rows = store.stats()
    if args.json:
        _dump([p.to_json() for p in rows])
        return 0
    if not rows:
        print("no matches")
        return 0
    width = max(len(p.name) for p in rows)
    print(f"{'player':<{width}}  matches  wins  rounds  points/round  in progress")
    for p in rows:
        print(f"{p.name:<{width}}  {p.matches:>7}  {p.wins:>4}  {p.rounds:>6}  "
              f"{p.average_points_per_round:>12.2f}  {p.unfinished:>11}")
    return 0


register("record", _configure_record, _with_store(_run_record),
         help="feed a match record's moves one by one through the store, as the app does")
register("history", _configure_history, _with_store(_run_history),
         help='list the matches in the store')
register("export", _configure_export, _with_store(_run_export),
         help='print a match (or --all) as a match record')
register("import", _configure_import, _with_store(_run_import),
         help='import match records, each checked by the rules first')
register("stats", _configure_stats, _with_store(_run_stats),
         help="each player's matches, wins and points per round")
