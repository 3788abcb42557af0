"""The commands of ``scorekeeper``, in the order ``--help`` lists them: the one table they are registered in.

A new command is a module of this package with its ``configure`` and ``run`` and one :class:`Command`
line here (docs/app.md, "Add a CLI command"); nothing registers itself on import.
"""

from __future__ import annotations

from . import app, event, league, matches, replay, season
from .command import Command

COMMANDS: tuple[Command, ...] = (
    Command(
        "replay",
        replay.configure,
        replay.run,
        "referee a match record: a readable account, or the replay report with --json",
    ),
    Command(
        "record",
        matches.configure_record,
        matches.with_store(matches.run_record, writes=True),
        "feed a match record's moves one by one through the store, as the app does",
    ),
    Command(
        "history", matches.configure_history, matches.with_store(matches.run_history), "list the matches in the store"
    ),
    Command(
        "export",
        matches.configure_export,
        matches.with_store(matches.run_export),
        "print a match (or --all) as a match record",
    ),
    Command(
        "import",
        matches.configure_import,
        matches.with_store(matches.run_import, writes=True),
        "import match records, each checked by the rules first",
    ),
    Command(
        "stats",
        matches.configure_stats,
        matches.with_store(matches.run_stats),
        "each player's matches, wins and points per round, a table per game and set of house rules",
    ),
    Command(
        "log",
        matches.configure_log,
        matches.with_store(matches.run_log),
        "a match's audit trail: every event with its number, time and kind (--json: as stored)",
    ),
    Command(
        "correct",
        matches.configure_correct,
        matches.with_store(matches.run_correct, writes=True),
        "fix a move or a round's hands several moves back; every later move is checked again",
    ),
    Command(
        "abandon",
        matches.configure_match_id,
        matches.with_store(matches.run_abandon, writes=True),
        "give a match up: kept in the history as abandoned, not offered to resume ('undo' takes it back)",
    ),
    Command(
        "rename",
        matches.configure_rename,
        matches.with_store(matches.run_rename, writes=True),
        "fix players' names in a match (history, statistics and export follow; 'undo' takes it back)",
    ),
    Command(
        "undo",
        matches.configure_match_id,
        matches.with_store(matches.run_undo, writes=True),
        "take back a match's last change: a move, a fix, a rename or an abandon",
    ),
    Command(
        "event",
        event.configure,
        event.run,
        "a club night: players, events, rounds paired, paper results, standings, export and import",
    ),
    Command(
        "season",
        season.configure,
        season.run,
        "the club's season over several events (worst results dropped) and its ratings, where turned on",
    ),
    Command(
        "league",
        league.configure,
        league.run,
        "a league across venues: 'league hub CONFIG' runs the hub, 'league status' lists what it folded",
    ),
    Command("app", app.configure_app, app.run_app, "start the app and open it (the default)"),
    Command("serve", app.configure_serve, app.run_serve, "serve the app without opening a browser"),
)

DEFAULT = "app"  # what ``scorekeeper`` with no command runs
