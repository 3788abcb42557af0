"""Flet's entry point (``[tool.flet.app]`` in pyproject.toml): what ``flet run`` and a ``flet build`` app start.

The app itself is the ``scorekeeper`` package; see :mod:`scorekeeper.serve.flet_app`.
"""

import sys

from scorekeeper.serve.flet_app import run

if __name__ == "__main__":
    sys.exit(run())
