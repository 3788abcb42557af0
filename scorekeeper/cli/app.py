"""The app's commands of ``scorekeeper``: ``app`` (the default: start it and open it) and ``serve``.

The app is imported only when one of them runs, so the other commands start without Flet.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..i18n import LANGUAGES, Translator
from .command import EXIT_REFUSED


def configure_app(parser: argparse.ArgumentParser) -> None:
    """``app``'s arguments: ``--port``."""
    parser.add_argument(
        "--port", type=int, default=0, help="port of the local web view (default 8550, or a free one if 8550 is taken)"
    )


def run_app(args: argparse.Namespace) -> int:
    """Start the app on this computer and open it; returns the exit code."""
    from ..app.store_access import resolve_data_dir
    from ..serve.launch import run_app as launch

    return launch(resolve_data_dir(getattr(args, "data_dir", None)), getattr(args, "port", 0) or 0)


def configure_serve(parser: argparse.ArgumentParser) -> None:
    """``serve``'s arguments: ``--lan``, ``--host``, ``--port``."""
    parser.add_argument(
        "--lan",
        action="store_true",
        help="serve the phones at the table: listen on this "
        "computer's network addresses and print the join links and QR codes (a key is required)",
    )
    parser.add_argument(
        "--host",
        default=None,
        help="address to listen on (default 127.0.0.1, or 0.0.0.0 "
        "with --lan); any address beyond loopback requires the key, as --lan does",
    )
    parser.add_argument("--port", type=int, default=8550, help="port to listen on (default 8550)")
    parser.add_argument(
        "--league",
        type=Path,
        default=None,
        help="this venue's league file: its own nats-server, a leaf of the league's hub, and every event published",
    )
    parser.add_argument("--lang", default="en", choices=LANGUAGES, help="language of a league refusal")


def run_serve(args: argparse.Namespace) -> int:
    """Serve the app (to the phones at the table with ``--lan``); returns the exit code."""
    from ..app.store_access import resolve_data_dir
    from ..serve.launch import serve

    data_dir = resolve_data_dir(args.data_dir)
    league = None
    if getattr(args, "league", None) is not None:
        from ..league.config import LeagueConfigError, load_config
        from ..league.link import start_beside
        from ..league.server import ServerProblem

        try:
            config = load_config(args.league, role="venue")
        except LeagueConfigError as err:
            print(Translator(args.lang)(f"error.{err.code}", **err.params), file=sys.stderr)
            return EXIT_REFUSED
        folder = Path(data_dir) / "league"

        def league(store):  # type: ignore[no-untyped-def]
            try:
                return start_beside(store, config, folder)
            except ServerProblem as err:
                print(Translator(args.lang)(f"error.{err.code}"), file=sys.stderr)
                return None

    return serve(data_dir, args.host, args.port, lan=args.lan, league=league)
