"""``scorekeeper league hub CONFIG`` and ``scorekeeper league status``: the league's hub (docs/league.md).

``hub`` starts the league's ``nats-server`` (JetStream, the venues' leaf port) from the hub's league
file and folds every venue's events into the store of ``--data-dir`` until Ctrl+C or SIGTERM.
``status`` lists, from that store, the matches folded per venue and every refusal kept for the
secretary (forks, broken or foreign messages). Refusals are one translated line (``--lang``) and
exit code 2. ``nats`` is imported only when ``hub`` runs.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path

from ..i18n import LANGUAGES, Translator
from .command import EXIT_REFUSED


def configure(parser: argparse.ArgumentParser) -> None:
    """``league hub CONFIG [--port N] [--leaf-port N]`` and ``league status``, each with ``--lang``."""
    sub = parser.add_subparsers(dest="league_command", required=True)
    hub = sub.add_parser("hub", help="run the league's hub: its nats-server and the fold into this data folder")
    hub.add_argument("config", type=Path, help="the hub's league file (TOML, docs/league.md)")
    hub.add_argument("--port", type=int, default=4222, help="the hub's client port (default 4222)")
    hub.add_argument("--leaf-port", type=int, default=7422, help="the venues' leaf-node port (default 7422)")
    hub.add_argument("--lang", default="en", choices=LANGUAGES, help="language of the messages")
    hub.add_argument("--http", type=int, default=0, help="serve the read-only standings page on this port")
    hub.add_argument("--http-host", default="127.0.0.1", help="the page's address (default loopback only)")
    status = sub.add_parser("status", help="matches folded per venue and the refusals kept for the secretary")
    status.add_argument("--lang", default="en", choices=LANGUAGES, help="language of the listing")
    table = sub.add_parser("standings", help="the league's standings over every venue's club events")
    table.add_argument("--json", action="store_true", help="the season view and each event's standings as data")
    table.add_argument("--drop-worst", type=int, default=0, help="each player's worst results dropped (default 0)")
    table.add_argument("--lang", default="en", choices=LANGUAGES, help="language of the table")
    link = sub.add_parser("link", help="one person at two venues: OTHER is PLAYER (ids as venue/p1a2b3c4d)")
    link.add_argument("player", help="the league player OTHER is (venue/player id)")
    link.add_argument("other", nargs="?", help="the other venue's id of the same person")
    link.add_argument("--remove", action="store_true", help="take PLAYER's link away")
    link.add_argument("--lang", default="en", choices=LANGUAGES, help="language of the messages")


def _data_dir(args: argparse.Namespace) -> Path:
    from ..app.store_access import resolve_data_dir

    return Path(resolve_data_dir(getattr(args, "data_dir", None)))


def run(args: argparse.Namespace) -> int:
    """Dispatch ``league hub`` / ``league status``; returns the exit code."""
    t = Translator(args.lang)
    from ..club import ClubError
    from ..league.config import LeagueConfigError
    from ..league.server import ServerProblem
    from ..store import StoreError

    try:
        if args.league_command == "hub":
            return _hub(args, t)
        if args.league_command in ("standings", "link"):
            from .league_standings import link_command, standings_command

            command = standings_command if args.league_command == "standings" else link_command
            return command(_data_dir(args), args, t)
        return _status(args, t)
    except (LeagueConfigError, ServerProblem) as err:
        print(t(f"error.{err.code}", **err.params), file=sys.stderr)
    except StoreError as err:
        print(t("error.league_store", reason=err.message[:200]), file=sys.stderr)
    except ClubError as err:
        from ..refusals import problem_words

        print(problem_words(t, err), file=sys.stderr)
    return EXIT_REFUSED


def _hub(args: argparse.Namespace, t: Translator) -> int:
    from ..league.config import load_config
    from ..league.server import hub_conf, start, write_conf
    from ..store import open_store

    config = load_config(args.config, role="hub")
    data = _data_dir(args)
    folder = data / "league-hub"
    conf = write_conf(folder, "hub.conf", hub_conf(config, folder, args.port, args.leaf_port))

    def interrupted(signum: int, frame: object) -> None:
        raise KeyboardInterrupt  # before the loop's own handlers: the finally below still stops the server

    signal.signal(signal.SIGTERM, interrupted)
    server = start(conf, args.port, folder / "hub-server.log")
    try:
        store = open_store(data)
    except BaseException:
        server.stop()
        raise
    stop_page = None
    try:
        if args.http:
            from .league_page import start_page  # league_page.py: the standings page, read-only

            stop_page = start_page(store, folder, t, config.league, args.http, args.http_host)
        line = t("ui.league_hub_running", league=config.league, port=args.port, leaf=args.leaf_port)
        asyncio.run(_fold(config, store, folder, args.port, line))
    finally:
        if stop_page is not None:
            stop_page()
        store.close()
        server.stop()
    return 0


async def _fold(config: object, store: object, folder: Path, port: int, line: str) -> None:
    import nats

    from ..league.club_fold import open_league
    from ..league.config import LeagueConfig
    from ..league.hub import run_fold
    from ..store import MatchStore

    assert isinstance(config, LeagueConfig) and isinstance(store, MatchStore)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    nc = await nats.connect(
        f"nats://127.0.0.1:{port}", user="hub", password=config.password, max_reconnect_attempts=-1, error_cb=_quiet
    )
    print(line, flush=True)  # once the signals are handled here: a SIGTERM after it stops cleanly
    try:
        await run_fold(nc.jetstream(), config, open_league(store, config, folder), stop)
    finally:
        await nc.close()


def _status(args: argparse.Namespace, t: Translator) -> int:
    from ..league.hub import LeagueBook
    from ..store import open_store

    data = _data_dir(args)
    store = open_store(data, read_only=True) if data.is_dir() else None
    if store is None:
        print(t("ui.league_status_empty"))
        return 0
    try:
        book = LeagueBook("", store=store, folder=data / "league-hub")
        per_venue: dict[str, int] = {}
        for venue in book.owner.values():
            per_venue[venue] = per_venue.get(venue, 0) + 1
        if not per_venue and not book.refused:
            print(t("ui.league_status_empty"))
        for venue, count in sorted(per_venue.items()):
            print(t("ui.league_status_venue", venue=venue, count=count))
        for refusal in book.refused:
            print(
                t(
                    "ui.league_status_refusal",
                    outcome=refusal.outcome,
                    subject=refusal.subject,
                    event=refusal.msg_id,
                    reason=refusal.reason,
                )
            )
    finally:
        store.close()
    return 0


async def _quiet(err: Exception) -> None:
    """nats-py's connection errors: one log line, never its default traceback on standard error."""
    logging.getLogger(__name__).info("league: connection: %s", type(err).__name__)
