"""The ``scorekeeper`` commands are one table (``scorekeeper/cli/commands.py``): a command added to it is
listed in ``--help`` and dispatched, with no other edit (docs/app.md, "Add a CLI command")."""

from __future__ import annotations

import argparse
import importlib
import pkgutil

import pytest

import scorekeeper.cli
from scorekeeper.cli import COMMANDS, Command, build_parser, main


def test_the_table_lists_every_command_once_in_the_help_order():
    names = [command.name for command in COMMANDS]
    assert names == [
        "replay",
        "record",
        "history",
        "export",
        "import",
        "stats",
        "log",
        "correct",
        "abandon",
        "rename",
        "undo",
        "event",
        "season",
        "league",
        "app",
        "serve",
    ]
    assert all(command.help for command in COMMANDS)


def test_every_command_module_has_its_line_in_the_table():
    """A module of the recipe's shape (its ``configure``, docs/app.md step 1) whose line in
    ``COMMANDS`` was forgotten (step 2) would be a command no one can start: nothing registers on import."""
    configured = {command.configure for command in COMMANDS}
    modules = [
        importlib.import_module(f"scorekeeper.cli.{info.name}")
        for info in pkgutil.iter_modules(scorekeeper.cli.__path__)
        if info.name != "__main__"  # importing it runs the command line
    ]
    shaped = [module for module in modules if callable(getattr(module, "configure", None))]
    assert "scorekeeper.cli.replay" in [module.__name__ for module in shaped]  # the scan finds them
    for module in shaped:
        assert module.configure in configured, module.__name__  # its run may be wrapped: with_store(body)


def test_a_throwaway_command_is_listed_in_the_help_and_dispatched(capsys, tmp_path):
    calls = []

    def configure(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("word")
        parser.add_argument("--twice", action="store_true")

    def run(args: argparse.Namespace) -> int:
        calls.append((args.word, args.twice, args.data_dir))
        print(args.word * (2 if args.twice else 1))
        return 7

    table = (*COMMANDS, Command("echo-word", configure, run, "say a word back (a test's throwaway command)"))
    with pytest.raises(SystemExit) as done:
        main(["--help"], commands=table)
    assert done.value.code == 0
    listed = capsys.readouterr().out
    assert "echo-word" in listed and "say a word back (a test's throwaway command)" in listed
    assert "replay" in listed and "serve" in listed  # the table's own commands are still there

    assert main(["--data-dir", str(tmp_path), "echo-word", "hi", "--twice"], commands=table) == 7
    assert capsys.readouterr().out == "hihi\n"
    assert calls == [("hi", True, str(tmp_path))]
    with pytest.raises(SystemExit):  # not in the product's table: nothing registered itself
        build_parser().parse_args(["echo-word", "hi"])
    capsys.readouterr()


def test_importing_the_package_registers_nothing_by_side_effect():
    import scorekeeper.cli.matches  # noqa: F401 - a command module imported on its own adds no command
    from scorekeeper.cli import commands

    assert len(commands.COMMANDS) == 16 and commands.COMMANDS is COMMANDS
