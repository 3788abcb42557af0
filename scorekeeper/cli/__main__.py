"""``python -m scorekeeper.cli``: the ``scorekeeper`` command."""

import sys

from scorekeeper.cli import main

sys.exit(main())
