"""A store warning is one ``warning:`` line on a real command line (logging's last-resort handler printed
it a second time, bare, before the CLI's own line: docs/next-steps.md)."""

from __future__ import annotations

import subprocess
import sys


def test_a_store_warning_is_printed_once(tmp_path):
    data = tmp_path / "data"
    (data).mkdir()
    (data / "index").write_text("not Scorekeeper's\n")  # a stray file where the index folder goes
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "--data-dir", str(data), "history"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"warning: index in the data folder {data} is a file, not a folder: ")
