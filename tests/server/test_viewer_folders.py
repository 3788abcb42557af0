"""Viewer-socket folders left by servers that are gone are cleared at start, and no other's
(:func:`scorekeeper.serve.viewer_process.clear_stale_folders`): in a folder of the test's own, with folders
named for a running process, a process gone and a pid reused, folders from before the pid was in the name
(answering on their socket or not, young or old), another user's, and things that only look like one. The
real server killed with SIGKILL and started again: ``test_viewer_process.py``."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import psutil
import pytest

from scorekeeper.serve.viewer_process import LEGACY_AGE, PREFIX, SOCKET_NAME, clear_stale_folders

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the viewer process listens on a Unix socket")


def folder(base, name: str, age: float = 0.0) -> str:
    path = os.path.join(base, name)
    os.mkdir(path, 0o700)
    if age:
        stamp = time.time() - age
        os.utime(path, (stamp, stamp))
    return path


def gone_pid() -> int:
    """The pid of a process that ran and ended (reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_only_the_folders_of_servers_gone_are_removed(tmp_path):
    me = os.getpid()
    started = psutil.Process(me).create_time()
    kept = {
        "running": folder(tmp_path, f"{PREFIX}{me}-live1234"),
        "old, no socket, but a running server's name": folder(tmp_path, f"{PREFIX}{me}-live5678", age=1),
        "legacy, young": folder(tmp_path, f"{PREFIX}young123"),
        "legacy, answering": folder(tmp_path, f"{PREFIX}listen12", age=LEGACY_AGE + 60),
        "not our name": folder(tmp_path, f"{PREFIX}x{me}-abc", age=LEGACY_AGE + 60),
        "unrelated": folder(tmp_path, "something-else", age=LEGACY_AGE + 60),
    }
    removed = {
        "pid gone": folder(tmp_path, f"{PREFIX}{gone_pid()}-dead1234", age=3600),
        "pid reused (by this process, started since)": folder(
            tmp_path, f"{PREFIX}{me}-reused12", age=time.time() - started + 3600
        ),
        "legacy, silent": folder(tmp_path, f"{PREFIX}silent12", age=LEGACY_AGE + 60),
    }
    # a file and a link that look like folders of ours are not followed nor removed
    lookalike_file = tmp_path / f"{PREFIX}{gone_pid()}-file1234"
    lookalike_file.write_text("x")
    target = folder(tmp_path, "target", age=3600)
    lookalike_link = tmp_path / f"{PREFIX}{gone_pid()}-link1234"
    os.symlink(target, lookalike_link)
    with open(os.path.join(removed["pid gone"], "left.txt"), "w") as file:  # not empty: removed whole
        file.write("x")
    stale_socket = socket.socket(socket.AF_UNIX)
    stale_socket.bind(os.path.join(removed["legacy, silent"], SOCKET_NAME))  # bound, no one listening
    stale_socket.close()
    stamp = time.time() - LEGACY_AGE - 60
    os.utime(removed["legacy, silent"], (stamp, stamp))
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(os.path.join(kept["legacy, answering"], SOCKET_NAME))
        listening.listen()
        os.utime(kept["legacy, answering"], (stamp, stamp))
        cleared = clear_stale_folders(str(tmp_path))
    assert sorted(cleared) == sorted(removed.values())
    assert [name for name, path in removed.items() if os.path.exists(path)] == []
    assert [name for name, path in kept.items() if not os.path.isdir(path)] == []
    assert lookalike_file.is_file() and lookalike_link.is_symlink() and os.path.isdir(target)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a folder away")
def test_another_users_folder_is_left_alone(tmp_path):
    theirs = folder(tmp_path, f"{PREFIX}{gone_pid()}-theirs12", age=3600)
    os.chown(theirs, 65534, 65534)
    assert clear_stale_folders(str(tmp_path)) == [] and os.path.isdir(theirs)
