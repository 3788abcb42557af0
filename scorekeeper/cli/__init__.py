"""The ``scorekeeper`` command: thin commands over the same code the app uses.

Every command line the product has lives in this package, one module per command or group:
:mod:`.replay` (``scorekeeper replay FILE``), :mod:`.matches` (the store's commands: record,
history, export, import, stats, log, correct, abandon, rename, undo, with :mod:`.audit` wording a
match's log), :mod:`.app` (``app``, the default, and ``serve``). They are listed in one table,
:data:`.commands.COMMANDS`; nothing registers itself on import.

No command ends in a traceback: a reader that stops reading
(``scorekeeper replay FILE --json | head``) ends the command quietly, and
anything unforeseen is one ``error: unexpected …`` line (a bug to report).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence

from .command import EXIT_REFUSED, Command
from .commands import COMMANDS, DEFAULT


def build_parser(commands: Sequence[Command] = COMMANDS) -> argparse.ArgumentParser:
    """The argument parser with a sub-command for each of ``commands`` (default: the product's table)."""
    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description=(
            "Table-side score keeper and referee for Fives dominoes (Horse Race, Exact 61 Five Up; "
            "All Fives, Merry-Go-Round, Fives and Threes)."
        ),
    )
    parser.add_argument(
        "--data-dir", help="where matches are stored (default: the per-user data folder, or $SCOREKEEPER_DATA)"
    )
    subs = parser.add_subparsers(dest="command")
    for command in commands:
        command.configure(subs.add_parser(command.name, help=command.help, description=command.help))
    return parser


def main(argv: list[str] | None = None, commands: Sequence[Command] = COMMANDS) -> int:
    """Entry point of the ``scorekeeper`` console script; returns the exit code. ``commands``: the table to
    dispatch to (the product's by default; a test passes its own)."""
    parser = build_parser(commands)
    args = parser.parse_args(argv)
    by_name = {command.name: command for command in commands}
    name = args.command or (DEFAULT if DEFAULT in by_name else None)
    if name is None:
        parser.print_help()
        return 0
    if name not in SERVING:  # a served app has its own logging (docs/server.md, "The serving process")
        _log_warnings_once()
    try:
        code = by_name[name].run(args)
        sys.stdout.flush()  # here, not at exit, so that a closed pipe is met inside this try
        return code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `scorekeeper history | head`: the reader has gone
        _discard_stdout()
        return 0
    except Exception as err:  # noqa: BLE001 - a user never gets a traceback
        print(f"error: unexpected {type(err).__name__}: {err}", file=sys.stderr)
        return EXIT_REFUSED


SERVING = ("app", "serve")  # the commands that run the app, with its server's logging


class _WarningLines(logging.Handler):
    """The package's warnings as ``warning: …`` lines on standard error, except those a command prints
    itself (the store's ``problems``, logged with ``said_by_caller``): without it logging's last-resort
    handler printed each of them a second time."""

    def emit(self, record: logging.LogRecord) -> None:
        if not getattr(record, "said_by_caller", False):
            print(f"warning: {record.getMessage()}", file=sys.stderr)


def _log_warnings_once() -> None:
    """Give the ``scorekeeper`` logger the CLI's handler (once per process) where nothing else handles
    its records (no root handler: a plain command line, not a test run nor a served app's logging)."""
    logger = logging.getLogger("scorekeeper")
    if logging.getLogger().handlers or any(isinstance(h, _WarningLines) for h in logger.handlers):
        return
    handler = _WarningLines(logging.WARNING)
    logger.addHandler(handler)


def _discard_stdout() -> None:
    """Send what is left of standard output to the null device (its reader has gone), so that
    the interpreter's last flush at exit cannot fail with a second BrokenPipeError."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (tests capture it)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


__all__ = ["COMMANDS", "EXIT_REFUSED", "Command", "build_parser", "main"]
