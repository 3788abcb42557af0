"""The app's commands of ``scorekeeper``: ``app`` (the default: start it and open it) and ``serve``.

The app is imported only when one of them runs, so the other commands start without Flet.
"""

from __future__ import annotations

import argparse


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


def run_serve(args: argparse.Namespace) -> int:
    """Serve the app (to the phones at the table with ``--lan``); returns the exit code."""
    from ..app.store_access import resolve_data_dir
    from ..serve.launch import serve

    return serve(resolve_data_dir(args.data_dir), args.host, args.port, lan=args.lan)
