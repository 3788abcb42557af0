"""The ``scorekeeper`` command: thin commands over the same code the app uses.

``scorekeeper replay FILE [--json]`` prints a readable account of a match
document (or the replay report as JSON, :func:`~scorekeeper.rules.build_report`,
which names the house rules it was refereed under). A document that breaks a rule
exits with code 2 and one line naming the round, the move and the rule.
Other commands are registered by the store and app packages.

No command ends in a traceback: a reader that stops reading
(``scorekeeper replay FILE --json | head``) ends the command quietly, and
anything unforeseen is one ``error: unexpected …`` line (a bug to report).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable

from .i18n import LANGUAGES, Translator
from .refusals import refused_line
from .rules import RuleViolation, build_report, match_from_document, strict_json
from .rules.document import parse_json
from .rules.house import house_rules_text

EXIT_REFUSED = 2

# name -> (configure parser, run); filled by register() so that each layer
# adds its commands without the CLI importing what it does not need.
_COMMANDS: dict[str, tuple[Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int]]] = {}
_HELP: dict[str, str] = {}


def register(name: str, configure: Callable[[argparse.ArgumentParser], None],
             run: Callable[[argparse.Namespace], int], help: str | None = None) -> None:
    """Add a sub-command: ``configure`` adds its arguments, ``run`` returns the exit code,
    ``help`` is its one-line description in ``scorekeeper --help``."""
    _COMMANDS[name] = (configure, run)
    if help:
        _HELP[name] = help


def _read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as handle:
        return handle.read()


def _configure_replay(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a scorekeeper-match/1 document ('-' reads standard input)")
    parser.add_argument("--json", action="store_true", help="print the replay report as JSON")
    parser.add_argument("--lang", default="en", choices=LANGUAGES, help="language of the account and of a refusal")
    parser.add_argument("--house-rules", metavar="JSON",
                        help='referee under these house rules instead of the document\'s own "house_rules" '
                        '(a JSON object, e.g. \'{"continuation": "stop"}\'; \'{}\' for the game\'s own rules; '
                        'docs/house-rules.md)')


def _run_replay(args: argparse.Namespace) -> int:
    try:
        data = _read(args.file)
    except OSError as err:
        print(f"cannot read {args.file}: {err.strerror or err}", file=sys.stderr)
        return EXIT_REFUSED
    from .store.documents import check_nesting

    try:
        doc = parse_json(data)
        check_nesting(doc)  # before the engine, which quotes the values it refuses
        if args.house_rules is not None and isinstance(doc, dict):
            doc = _with_house_rules(doc, args.house_rules)
        match = match_from_document(doc, explain=not args.json)
    except RuleViolation as err:
        print(refused_line(Translator(args.lang), err), file=sys.stderr)
        return EXIT_REFUSED
    if args.json:
        if match.house_rules:  # also said on standard error, as before the report carried them
            print(f"house rules: {house_rules_text(match.house_rules)}", file=sys.stderr)
        json.dump(build_report(match), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        from .account import match_account

        sys.stdout.write(match_account(match, args.lang))
    return 0


def _with_house_rules(doc: dict[str, object], text: str) -> dict[str, object]:
    """The document with its ``"house_rules"`` replaced by ``--house-rules`` (``{}``: none)."""
    try:
        rules = strict_json.loads(text)  # bounded: nesting past 1,024 is a ValueError on every parser
    except ValueError:
        raise RuleViolation("", "house_rules_object", found=text[:40]) from None
    out = {key: value for key, value in doc.items() if key != "house_rules"}
    if rules != {}:
        out["house_rules"] = rules
    return out


register("replay", _configure_replay, _run_replay,
         help="referee a match record: a readable account, or the replay report with --json")


def _load_optional_commands() -> None:
    """Import the layers that register more commands, if they are installed."""
    for module in ("scorekeeper.store.cli", "scorekeeper.app.cli"):
        try:
            __import__(module)
        except ModuleNotFoundError as err:
            if not (err.name or "").startswith("scorekeeper"):
                raise


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every registered sub-command."""
    _load_optional_commands()
    parser = argparse.ArgumentParser(prog="scorekeeper", description="Table-side score keeper and "
                                     "referee for Fives dominoes (Horse Race, Exact 61 Five Up).")
    parser.add_argument("--data-dir", help="where matches are stored (default: the per-user data "
                        "folder, or $SCOREKEEPER_DATA)")
    subs = parser.add_subparsers(dest="command")
    for name, (configure, _) in _COMMANDS.items():
        help_text = _HELP.get(name)
        configure(subs.add_parser(name, help=help_text, description=help_text))
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``scorekeeper`` console script; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    command = args.command or ("app" if "app" in _COMMANDS else None)
    if command is None:
        parser.print_help()
        return 0
    try:
        code = _COMMANDS[command][1](args)
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


if __name__ == "__main__":
    # Run the importable module's main: under ``python -m`` this file is ``__main__``, a second
    # copy of the module, and the store and app layers register into ``scorekeeper.cli``.
    from scorekeeper.cli import main as _main

    sys.exit(_main())
