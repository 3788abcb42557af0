"""The viewer process, as the server starts, tells and stops it (the server's side).

With ``serve --lan`` (keys, so viewer phones), viewers' tabs are drawn by a second process on the machine's
other core (:mod:`.viewer_server`), and the guard relays their websockets to it
(:class:`scorekeeper.server.relay.Relay`). Figures: docs/server.md ("Viewers on the second core").

This side starts it with the data folder and the path of a Unix socket in a new folder that only this user
may enter (so no other user of the machine can reach it, and a web page in a browser cannot either: it is
no TCP port), tells it of each change (one line per change on its stdin: the match id and the version; and
each match a host opens on its table, for the viewers joined with the table's codes), and
stops it: closing its stdin ends it, even when this process is killed. Nothing secret crosses: no key, no
cookie. The socket's folder is named for this process: a server killed (SIGKILL) cannot remove it, so the
next one clears the folders of servers gone before making its own (:func:`clear_stale_folders`).
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
from typing import Any

log = logging.getLogger(__name__)

READY_SECONDS = 30.0  # how long the server waits at start for the viewer process to listen
STOP_SECONDS = 3.0  # how long it may take to stop before it is killed
MODULE = "scorekeeper.serve.viewer_server"
PREFIX = "scorekeeper-viewers-"  # the socket's folder: PREFIX + the server's pid + "-" + random letters
SOCKET_NAME = "viewers.sock"
WRITER_NAME = "writer.sock"  # the scorer process's folder: the server's writer listens here
#: how many scorer processes (``0`` or ``off``: scorers' tabs in the server, the path on Windows; a comparison)
SCORER_SWITCH = "SCOREKEEPER_SCORER_PROCESS"
#: scorer processes by default: two, so that scorers are drawn on both cores of a 2-core laptop when the
#: server and the viewer process leave them free (one drew 40 tables' scorers at 0.4 of a core, in bursts)
SCORER_PROCESSES = 2
MAX_SCORER_PROCESSES = 8
LEGACY_AGE = 2 * READY_SECONDS  # s: a folder without a pid in its name, older than this, may be judged
CLOCK_SLACK = 2.0  # s: a process's start time as read back (psutil) may be this much after the true one


def supported() -> bool:
    """Whether this system has Unix sockets for uvicorn to listen on (not Windows: viewers stay in-process)."""
    return hasattr(socket, "AF_UNIX") and os.name != "nt"


class ViewerProcess:
    """A started viewer process: ``path`` (its Unix socket), :meth:`changed`, :meth:`alive`, :meth:`stop`.

    With ``scorers``, the scorer process instead (its tabs scorers, their writes sent to the server's writer
    listening on ``writer_path``, in the same folder: :class:`scorekeeper.server.writer.Writer`).

    Use :meth:`start`, then :meth:`wait_ready` before serving. Raises nothing: if the process cannot start or
    dies, :meth:`alive` is ``False`` and the relay serves its tabs in this process.
    """

    def __init__(self, data_dir: Path, scorers: bool = False) -> None:
        # mode 0700: this user only; named for this process, so that a later server knows when it is gone
        self.folder = tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-")
        self.path = os.path.join(self.folder, SOCKET_NAME)
        self.writer_path = os.path.join(self.folder, WRITER_NAME) if scorers else None
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                MODULE,
                str(data_dir),
                self.path,
                *([] if self.writer_path is None else [self.writer_path]),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            close_fds=True,
            start_new_session=True,
        )  # the terminal's Ctrl+C and hang-up are the server's (it stops this one)
        assert self.proc.stdin is not None
        self._stdin = self.proc.stdin.fileno()
        os.set_blocking(self._stdin, False)  # a stuck viewer process never stalls the server's loop
        self._ready = False
        self.writer: Any = None  # the scorer process's: the server's Writer, stopped with it

    @classmethod
    def start(cls, data_dir: Path, scorers: bool = False) -> ViewerProcess | None:
        """Start the viewer process of ``data_dir`` (with ``scorers``, a scorer process; ``None`` where
        :func:`supported` is not)."""
        if not supported():
            return None
        if not scorers:  # once per server, before the first of its folders
            try:
                for folder in clear_stale_folders():
                    log.info("removed the viewer socket's folder of a server that is gone: %s", folder)
            except OSError as err:  # the temporary folder unreadable: litter stays, viewers are served all the same
                log.warning("could not look for old viewer socket folders (%s)", err)
        try:
            return cls(data_dir, scorers)
        except OSError as err:
            log.warning("the %s process could not start (%s): served by the server itself", cls._kind(scorers), err)
            return None

    @staticmethod
    def _kind(scorers: bool) -> str:
        return "scorer" if scorers else "viewer"

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
        log.warning("the %s process did not start: served by the server itself", self._kind(bool(self.writer_path)))
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

    def event_changed(self, event_id: str) -> None:
        """Tell the viewer process that the host changed club event ``event_id`` (a round paired, a paper
        result, a check-in): its projectors and players' phones of that event follow."""
        self._tell({"event": event_id})

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
        """End it (its stdin closed, then SIGTERM, then SIGKILL), stop the writer of its writes (the scorer
        process's) and remove its socket's folder."""
        try:
            if self.writer is not None:
                self.writer.stop()
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


def scorer_processes() -> int:
    """How many scorer processes to start: :data:`SCORER_SWITCH` if it is a count (``0``: none, scorers
    drawn by the server; at most :data:`MAX_SCORER_PROCESSES`), else :data:`SCORER_PROCESSES`."""
    given = os.environ.get(SCORER_SWITCH, "").strip().lower()
    if given in ("off", "no", "false"):
        return 0
    if given.isdigit():
        return min(int(given), MAX_SCORER_PROCESSES)
    return SCORER_PROCESSES


class Tellers:
    """Tells each of ``processes`` (the viewer process, the scorer process: those started) of each change, as
    one :class:`ViewerProcess` does (``make_main``'s ``tell_viewers``)."""

    def __init__(self, *processes: ViewerProcess | None) -> None:
        self.processes = [process for process in processes if process is not None]

    def changed(self, match_id: str, version: int) -> None:
        for process in self.processes:
            process.changed(match_id, version)

    def table_opened(self, match_id: str) -> None:
        for process in self.processes:
            process.table_opened(match_id)

    def event_changed(self, event_id: str) -> None:
        for process in self.processes:
            process.event_changed(event_id)


def clear_stale_folders(base: str | None = None) -> list[str]:
    """Remove the socket folders that servers now gone left in ``base`` (the temporary folder by default):
    a server killed (SIGKILL, a power cut) cannot remove its own. Returns the folders removed.

    Only folders (not links, not files) named :data:`PREFIX` … and owned by this user are looked at. One
    named for a server's pid (``PREFIX<pid>-…``) is removed when no process has that pid any more, or the
    process that has it now started after the folder was last changed (the pid was reused); never while
    its server runs. One from before the pid was in the name (``PREFIX`` + random letters) is removed when
    older than :data:`LEGACY_AGE` and nothing answers on its socket (a running server's viewer process
    listens there within :data:`READY_SECONDS`). Raises ``OSError`` when ``base`` cannot be read."""
    removed = []
    with os.scandir(base or tempfile.gettempdir()) as entries:
        for entry in entries:
            if not entry.name.startswith(PREFIX) or not entry.is_dir(follow_symlinks=False):
                continue
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if hasattr(os, "getuid") and info.st_uid != os.getuid():
                continue  # another user's server: not ours to judge (nor could we remove it)
            if _stale(entry.name[len(PREFIX) :], entry.path, info.st_mtime):
                shutil.rmtree(entry.path, ignore_errors=True)
                if not os.path.exists(entry.path):
                    removed.append(entry.path)
    return removed


def _stale(rest: str, path: str, changed: float) -> bool:
    pid, dash, _ = rest.partition("-")
    if dash and pid.isdigit():
        return not _running_since(int(pid), changed)
    if dash or time.time() - changed < LEGACY_AGE:
        return False  # not a name we made, or a server may still be starting its viewer process
    return not _answers(os.path.join(path, SOCKET_NAME))


def _running_since(pid: int, changed: float) -> bool:
    """Whether process ``pid`` runs and started before ``changed`` (a time stamp): the folder's server."""
    import psutil  # type: ignore[import-untyped]  # the server's: not on a phone

    try:
        process = psutil.Process(pid)
        return process.status() != psutil.STATUS_ZOMBIE and process.create_time() <= changed + CLOCK_SLACK
    except psutil.NoSuchProcess:
        return False
    except psutil.Error:  # cannot tell (access denied): keep the folder
        return True


def _answers(path: str) -> bool:
    """Whether something listens on the Unix socket ``path``."""
    with socket.socket(socket.AF_UNIX) as probe:
        probe.settimeout(1.0)
        try:
            probe.connect(path)
            return True
        except OSError:
            return False
