"""The store's commands of the ``scorekeeper`` CLI, over the same :class:`MatchStore` the app uses.

``scorekeeper [--data-dir D] record FILE``   feed a document's actions one by one through
                                             ``store.record`` (each fsync'd before the next);
                                             prints the new match id
``history [--json] [filters]``               the matches, newest first
``export MATCH_ID`` / ``export --all``       the match document(s) as JSON
``import [--skip-refused] FILE...``          documents (one per file, or a JSON list of them)
``stats [--json] [filters]``                 per-player statistics, one table per game and set of
                                             house rules (as the app's)
``log MATCH_ID [--json]``                    the audit trail: every event of the match's log
``correct MATCH_ID --round R --move M (--set MOVE_JSON | --delete | --insert MOVE_JSON)``
``correct MATCH_ID --round R --hands HANDS_JSON``
                                             fix an entry several moves back (``store.fix``, the
                                             app's path); prints each side whose points change
                                             (before → after) or that none does; a fix that
                                             makes a later move illegal changes nothing and
                                             exits 2 naming that move and the rule
``abandon MATCH_ID``                         give a match up (kept in the history as abandoned)
``rename MATCH_ID --player WHO --name NAME`` fix players' names (one rename event; WHO: the name
                                             now, or the seat counted from 1; repeat the pair)
``undo MATCH_ID``                            take back the last change (a move, fix, rename, abandon)

Exit codes: 0 done; 1 ``export --all`` wrote every match it could but not all
(each one missing is named on stderr); 2 refused or failed (one line on stderr
per problem, nothing changed). Damage found and repaired on opening the store
is reported as ``warning:`` lines; a data folder that cannot be written is
read all the same (``note:`` says why), and only the commands that write are
refused, naming the cause.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from datetime import date

from ..explain import rule_set_words
from ..i18n import Translator
from ..refusals import refusal_line, refused_line
from ..rules import RuleViolation
from ..rules.document import parse_hands, parse_json, parse_move
from ..rules.fix import DeleteMove, Edit, InsertMove, ReplaceHands, ReplaceMove
from ..rules.house import house_rules_text
from ..rules.names import shown_name
from ..rules.variants import GAMES
from ..store import MatchStore, is_open, open_store
from ..store.documents import read_document
from ..store.errors import ImportRefused, StoreError
from ..store.events import Event
from ..store.intake import read_files, summary_lines
from ..store.summary import ABANDONED, DAMAGED, MatchSummary
from .audit import audit_lines
from .command import EXIT_REFUSED

ENGLISH = Translator("en")  # the store's commands speak English (the catalog the app's English uses)
EXIT_INCOMPLETE = 1  # export --all: the backup was written but lacks the matches named on stderr


def _dump(value: object) -> None:
    json.dump(value, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


def with_store(
    body: Callable[[MatchStore, argparse.Namespace], int], writes: bool = False
) -> Callable[[argparse.Namespace], int]:
    """Open the store of ``--data-dir``, run ``body``, turn every error into one line and exit code 2.

    ``writes``: the command changes the store (then a read-only folder is said by the command's
    own refusal, not by a note).
    """

    def run(args: argparse.Namespace) -> int:
        data_dir = getattr(args, "data_dir", None)
        store = None
        was_open = is_open(data_dir)
        try:
            store = open_store(data_dir)
            for problem in store.problems:
                print(f"warning: {problem}", file=sys.stderr)
            if store.read_only is not None and not writes:
                print(f"note: {store.read_only.message}: reading only, nothing is changed", file=sys.stderr)
            return body(store, args)
        except RuleViolation as err:
            print(refused_line(ENGLISH, err), file=sys.stderr)
        except StoreError as err:
            print(f"error: {err.message}", file=sys.stderr)
        except BrokenPipeError:
            raise  # the reader has gone: scorekeeper.cli.main ends quietly
        except OSError as err:
            where = f"{err.filename}: " if err.filename else ""
            print(f"error: {where}{err.strerror or err}", file=sys.stderr)
        except Exception as err:  # noqa: BLE001 - a user never gets a traceback
            print(f"error: unexpected {type(err).__name__}: {err}", file=sys.stderr)
        finally:
            if store is not None and not was_open:
                store.close()
        return EXIT_REFUSED

    return run


# ------------------------------------------------------------------- record
def configure_record(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a scorekeeper-match/1 document ('-' reads standard input)")


def run_record(store: MatchStore, args: argparse.Namespace) -> int:
    files, too_large = read_files([args.file])  # bounded as an import is
    try:
        if too_large:
            raise too_large[0].violation
        _, match = read_document(files[0][1])
    except RuleViolation as err:
        print(f"refused: {args.file}: {refusal_line(ENGLISH, err)} (nothing recorded)", file=sys.stderr)
        return EXIT_REFUSED
    match_id = store.create_match(match.variant, match.players, match.partnerships, match.house_rules)
    stored = 0
    try:
        for action in match.actions:
            store.record(match_id, action)
            stored += 1
    except (StoreError, RuleViolation) as err:
        print(
            f"error: {err.message} (match {match_id} holds the first {stored} of {len(match.actions)} actions)",
            file=sys.stderr,
        )
        return EXIT_REFUSED
    print(match_id)
    return 0


# ------------------------------------------------------------------ history
def configure_history(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the matches as JSON")
    parser.add_argument("--player", help="only matches with this player (whole name, any case)")
    parser.add_argument("--game", choices=GAMES, help="only this game")
    _house_filter(parser)
    parser.add_argument("--since", type=date.fromisoformat, help="started on or after this date (YYYY-MM-DD)")
    parser.add_argument("--until", type=date.fromisoformat, help="started on or before this date (YYYY-MM-DD)")
    state = parser.add_mutually_exclusive_group()
    state.add_argument("--finished", dest="finished", action="store_true", default=None, help="only finished matches")
    state.add_argument("--unfinished", dest="finished", action="store_false", help="only matches in progress")
    state.add_argument(
        "--abandoned", dest="status", action="store_const", const=ABANDONED, help="only matches given up"
    )


def _house_filter(parser: argparse.ArgumentParser, what: str = "matches") -> None:
    """``--with-house-rules`` / ``--own-rules``: only ``what`` (the matches, or stats' tables of
    matches) played with house rules, or with the game's own."""
    house = parser.add_mutually_exclusive_group()
    house.add_argument(
        "--with-house-rules",
        dest="house",
        action="store_true",
        default=None,
        help=f"only {what} played with house rules, each set its own (docs/house-rules.md)",
    )
    house.add_argument("--own-rules", dest="house", action="store_false", help=f"only {what} with the game's own rules")


def _history_line(s: MatchSummary) -> str:
    when = s.started.astimezone().strftime("%Y-%m-%d %H:%M")
    if s.status == DAMAGED:
        return f"{s.id}  {when}  DAMAGED  {s.problem}"
    scores = "  ".join(f"{side} {points}" for side, points in zip(s.sides, s.scores, strict=False))
    won = ""
    if s.winners:
        won = "  won: " + ", ".join(s.sides[w] for w in s.winners)
    house = f"  house rules: {house_rules_text(s.house_rules)}" if s.house_rules else ""
    return f"{s.id}  {when}  {s.variant:<10}  {s.status:<11}  {scores}{won}{house}"


def run_history(store: MatchStore, args: argparse.Namespace) -> int:
    rows = store.list_matches(
        player=args.player,
        variant=args.game,
        since=args.since,
        until=args.until,
        finished=args.finished,
        status=getattr(args, "status", None),
        house=args.house,
    )
    if args.json:
        _dump([s.to_json() for s in rows])
    elif not rows:
        print("no matches")
    else:
        for s in rows:
            print(_history_line(s))
    return 0


# ------------------------------------------------------------ export/import
def configure_export(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("match_id", nargs="?", help="the match id (see 'history')")
    parser.add_argument("--all", action="store_true", help="export every match as a JSON list")


def run_export(store: MatchStore, args: argparse.Namespace) -> int:
    if args.all == bool(args.match_id):
        print("error: give a match id or --all", file=sys.stderr)
        return EXIT_REFUSED
    if not args.all:
        _dump(store.export_document(args.match_id))
        return 0
    report = store.export_report()
    _dump(report.documents)
    for match_id, message in report.failures:
        print(f"error: match {match_id} is not in this export: {message}", file=sys.stderr)
    if report.failures:
        print(
            f"error: {len(report.failures)} match(es) could not be exported; "
            f"the other {len(report.documents)} were written",
            file=sys.stderr,
        )
        return EXIT_INCOMPLETE
    return 0


def configure_import(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", help="match documents, or JSON lists of them ('-' reads stdin)")
    parser.add_argument(
        "--skip-refused",
        action="store_true",
        help="import the documents that pass and skip the refused ones (default: all or nothing)",
    )


def run_import(store: MatchStore, args: argparse.Namespace) -> int:
    """Import through ``store.import_files``, the app's path (bounds, shape, engine, all or nothing);
    refusals are named up to :data:`~scorekeeper.store.intake.LISTED` and counted beyond."""
    files, too_large = read_files(args.files)
    try:
        report = store.import_files(files, skip_refused=args.skip_refused, unread=too_large)
    except ImportRefused as err:
        for line in summary_lines(err.refusals):
            print(f"refused: {line}", file=sys.stderr)
        print(
            f"error: nothing imported: {len(err.refusals):,} of {err.total:,} document(s) refused "
            "(--skip-refused imports the others)",
            file=sys.stderr,
        )
        return EXIT_REFUSED
    for match_id in report.ids:
        print(match_id)
    skipped = report.refused
    for line in summary_lines(skipped, "skipped"):
        print(f"skipped: {line}", file=sys.stderr)
    if skipped:
        print(f"imported {len(report.ids):,} document(s); skipped {len(skipped):,} refused", file=sys.stderr)
    return 0


# -------------------------------------------------------------------- stats
def configure_stats(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")
    parser.add_argument("--game", choices=GAMES, help="only this game")
    _house_filter(parser, "the tables of matches")


def run_stats(store: MatchStore, args: argparse.Namespace) -> int:
    """One table per game and set of house rules, as the app's statistics (points per round compare
    only within one way of scoring): the games in the engine's order, each with its own rules first."""
    groups = store.rule_set_stats(args.game, args.house)
    if args.json:
        _dump([{"variant": g.variant, "house_rules": g.house_rules} | p.to_json() for g in groups for p in g.players])
        return 0
    if not groups:
        print("no matches")
        return 0
    t = ENGLISH
    width = max(len("player"), *(len(p.name) for g in groups for p in g.players))
    for number, g in enumerate(groups):
        if number:
            print()
        print(rule_set_words(t, g.variant, g.house_rules))
        print(f"{'player':<{width}}  matches  wins  rounds  points/round  in progress  abandoned")
        for p in g.players:
            average = f"{p.average_points_per_round:.2f}" if p.rounds else "—"  # no rounds: no average (as the app)
            print(
                f"{p.name:<{width}}  {p.matches:>7}  {p.wins:>4}  {p.rounds:>6}  "
                f"{average:>12}  {p.unfinished:>11}  {p.abandoned:>9}"
            )
    return 0


# ---------------------------------------------------------------------- log
def configure_log(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("match_id", help="the match id (see 'history')")
    parser.add_argument("--json", action="store_true", help="print the events as stored, as a JSON list")


def run_log(store: MatchStore, args: argparse.Namespace) -> int:
    events = store.events(args.match_id)
    if args.json:
        _dump(events)
        return 0
    for line in audit_lines(events):
        print(f"{line['seq']:>4}  {line['time']}  {line['kind']:<11}  {line['text']}")
    return 0


# ------------------------------------------------------------------ correct
def configure_correct(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("match_id", help="the match id (see 'history')")
    parser.add_argument("--round", type=int, required=True, help="the round, counted from 1")
    parser.add_argument("--move", type=int, help="the move, counted from 1 as in refusals ('scorekeeper log')")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument(
        "--set",
        metavar="MOVE_JSON",
        help='the move as it was, e.g. \'{"player": 1, "play": "2-4", "at": "2-2:line-b"}\' (match-format.md)',
    )
    what.add_argument("--delete", action="store_true", help="take the move out")
    what.add_argument("--insert", metavar="MOVE_JSON", help="a forgotten move (e.g. a draw), put in before --move")
    what.add_argument(
        "--hands",
        metavar="HANDS_JSON",
        help="the round's revealed hands by seat, e.g. '{\"1\": 12}'; seats not given keep theirs",
    )
    parser.add_argument(
        "--keep-moves-before",
        action="store_true",
        help="if the fix makes a later move illegal, keep the moves before it and drop the rest",
    )


def _edit_of(store: MatchStore, args: argparse.Namespace) -> Edit:
    """The edit the arguments ask for; raises :class:`RuleViolation` for a malformed move or hands."""
    if args.hands is not None:
        if args.move is not None:
            raise RuleViolation("", "correct_hands_and_move")
        return ReplaceHands(args.round, parse_hands(parse_json(args.hands), store.open_match(args.match_id).n))
    if args.move is None:
        raise RuleViolation("", "correct_move_missing")
    if args.delete:
        return DeleteMove(args.round, args.move)
    move = parse_move(parse_json(args.set if args.set is not None else args.insert))
    return ReplaceMove(args.round, args.move, move) if args.set is not None else InsertMove(args.round, args.move, move)


def run_correct(store: MatchStore, args: argparse.Namespace) -> int:
    edit = _edit_of(store, args)
    preview = store.preview_fix(args.match_id, edit)
    if not preview.ok and not (args.keep_moves_before and preview.kept is not None):
        assert preview.refusal is not None
        broken = preview.broken
        now = ""
        if broken is not None and (broken.round, broken.move) != (preview.refusal.round_no, preview.refusal.move_no):
            where = "hands" if broken.move == "hands" else f"move {broken.move}"
            now = f" (round {broken.round}, {where} as recorded now)"
        keep = " (--keep-moves-before keeps the moves before it)" if broken is not None else ""
        print(f"refused: {refusal_line(ENGLISH, preview.refusal)}{now}; nothing was changed{keep}", file=sys.stderr)
        return EXIT_REFUSED
    done = store.fix(args.match_id, edit, keep_before_broken=args.keep_moves_before)
    changed = [change for change in done.changes if change.changed]  # a side whose points stay is no news
    for change in changed:
        print(change.text())
    if not changed:
        print("no side's points change")
    later = done.preview.rechecked
    print(f"{later} later move{'s' if later != 1 else ''} re-checked")
    if done.kept:
        assert done.preview.broken is not None and done.preview.refusal is not None
        b = done.preview.broken
        print(
            f"kept the moves before round {b.round}, move {b.move} ({refusal_line(ENGLISH, done.preview.refusal)}); "
            f"{done.preview.dropped_moves} move(s) dropped: enter them again"
        )
    return 0


# ------------------------------------------------- abandon, rename, undo
def configure_match_id(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("match_id", help="the match id (see 'history')")


def run_abandon(store: MatchStore, args: argparse.Namespace) -> int:
    print(_history_line(store.abandon(args.match_id)))
    return 0


def configure_rename(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("match_id", help="the match id (see 'history')")
    parser.add_argument(
        "--player",
        action="append",
        required=True,
        metavar="WHO",
        help="the player's name now (any case) or seat counted from 1; repeat with each --name",
    )
    parser.add_argument("--name", action="append", required=True, metavar="NAME", help="the player's new name")


def _seat_of(who: str, names: list[str]) -> int:
    """The seat ``who`` names: a name in effect (ignoring case), else a seat counted from 1."""
    key = who.strip().casefold()
    for seat, name in enumerate(names):
        if name.casefold() == key:
            return seat
    if who.strip().isdigit() and 1 <= int(who) <= len(names):
        return int(who) - 1
    raise StoreError(
        f"no player {shown_name(who)} in this match (its players: {', '.join(map(shown_name, names))}; "
        f"or give a seat from 1 to {len(names)}); nothing was changed"
    )


def run_rename(store: MatchStore, args: argparse.Namespace) -> int:
    if len(args.player) != len(args.name):
        print("error: give one --name after each --player", file=sys.stderr)
        return EXIT_REFUSED
    names = list(store.open_match(args.match_id).players)
    wanted = {_seat_of(who, names): name for who, name in zip(args.player, args.name, strict=True)}
    print(", ".join(store.rename(args.match_id, wanted).players))
    return 0


def run_undo(store: MatchStore, args: argparse.Namespace) -> int:
    store.undo(args.match_id)
    events: list[Event] = store.events(args.match_id)
    print(audit_lines(events)[-1]["text"])
    return 0
