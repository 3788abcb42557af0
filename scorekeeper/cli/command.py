"""What a command of the ``scorekeeper`` CLI is: its name, its arguments, what it runs, its help line."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

EXIT_REFUSED = 2  # a refusal or a failure: one line on standard error, nothing changed


@dataclass(frozen=True)
class Command:
    """One sub-command: ``configure`` adds its arguments to its parser, ``run`` does it and returns the exit
    code (0 done, :data:`EXIT_REFUSED` refused), ``help`` is its line in ``scorekeeper --help``."""

    name: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    help: str
