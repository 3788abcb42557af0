"""The viewer process, as the server starts, tells and stops it (the server's side).

With ``serve --lan`` (keys, so viewer phones), viewers' tabs are drawn by a second process on the machine's
other core (:mod:`.viewer_server`), and the guard relays their websockets to it
(:class:`scorekeeper.server.relay.Relay`). Figures: docs/server.md ("Viewers on the second core").

This side starts it with the data folder and the path of a Unix socket in a new folder that only this user
may enter (so no other user of the machine can reach it, and a web page in a browser cannot either: it is
no TCP port), tells it of each change (one line per change on its stdin: the match id and the version; and
each match a host opens on its table, for the viewers joined with the table's codes), and
stops it: closing its stdin ends it, even when this process is killed. Nothing secret crosses: no key, no
cookie.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

log = logging.getLogger(__name__)

READY_SECONDS = 30.0  # how long the server waits at start for the viewer process to listen
STOP_SECONDS = 3.0  # how long it may take to stop before it is killed
MODULE = "scorekeeper.app.viewer_server"


def supported() -> bool:
    """Whether this system has Unix sockets for uvicorn to listen on (not Windows: viewers stay in-process)."""
    return hasattr(socket, "AF_UNIX") and os.name != "nt"


class ViewerProcess:
    """A started viewer process: ``path`` (its Unix socket), :meth:`changed`, :meth:`alive`, :meth:`stop`.

    Use :meth:`start`, then :meth:`wait_ready` before serving. Raises nothing: if the process cannot start or
    dies, :meth:`alive` is ``False`` and the relay serves viewers in this process.
    """

    def __init__(self, data_dir: Path) -> None:
        self.folder = tempfile.mkdtemp(prefix="scorekeeper-viewers-")  # mode 0700: this user only
        self.path = os.path.join(self.folder, "viewers.sock")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", MODULE, str(data_dir), self.path],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, close_fds=True,
            start_new_session=True)  # the terminal's Ctrl+C and hang-up are the server's (it stops this one)
        assert self.proc.stdin is not None
        self._stdin = self.proc.stdin.fileno()
        os.set_blocking(self._stdin, False)  # a stuck viewer process never stalls the server's loop
        self._ready = False

    @classmethod
    def start(cls, data_dir: Path) -> ViewerProcess | None:
        """Start the viewer process of ``data_dir`` (``None`` where :func:`supported` is not)."""
        if not supported():
            return None
        try:
            return cls(data_dir)
        except OSError as err:
            log.warning("the viewer process could not start (%s): viewers are drawn by the server itself", err)
            return None

    def wait_ready(self, timeout: float = READY_SECONDS) -> bool:
        """Wait until it accepts connections on its socket (``True``), it ended or ``timeout`` s passed."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.proc.poll() is None:
            with socket.socket(socket.AF_UNIX) as probe:
                try:
                    probe.connect(self.path)
                    self._ready = True
                    return True
                except OSError:
                    time.sleep(0.05)
        log.warning("the viewer process did not start: viewers are drawn by the server itself")
        return False

    def alive(self) -> bool:
        """Whether viewers' tabs should be relayed to it (ready and still running)."""
        return self._ready and self.proc.poll() is None

    def changed(self, match_id: str, version: int) -> None:
        """Tell it that ``match_id`` is now at ``version`` (its tabs showing that match follow): the line
        ``["<match id>", <version>]``."""
        self._tell([match_id, version])

    def table_opened(self, match_id: str) -> None:
        """Tell it that a host opened ``match_id`` on its table (a new match, or one resumed): its viewers
        joined with the table's codes open it. The line ``{"table": "<match id>"}``."""
        self._tell({"table": match_id})

    def _tell(self, message: object) -> None:
        if not self.alive():
            return
        line = json.dumps(message).encode("ascii") + b"\n"
        try:
            os.write(self._stdin, line)  # a few dozen bytes: whole, or not at all (below PIPE_BUF)
        except BlockingIOError:
            log.warning("the viewer process is not reading: its tabs miss a change of a match")
        except OSError as err:
            log.warning("the viewer process cannot be told of changes (%s)", err)

    def stop(self) -> None:
        """End it (its stdin closed, then SIGTERM, then SIGKILL) and remove its socket's folder."""
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
            try:
                self.proc.wait(STOP_SECONDS)
            except subprocess.TimeoutExpired:
                self.proc.terminate()
                try:
                    self.proc.wait(STOP_SECONDS)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
