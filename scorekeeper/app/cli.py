"""Sub-commands of ``scorekeeper`` for the app: ``app`` (the default) and ``serve``."""

from __future__ import annotations

import argparse

from ..cli import register
from .store_access import resolve_data_dir


def _configure_app(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=0,
                        help="port of the local web view (default 8550, or a free one if 8550 is taken)")


def _run_app(args: argparse.Namespace) -> int:
    from ..serve.launch import run_app

    return run_app(resolve_data_dir(getattr(args, "data_dir", None)), getattr(args, "port", 0) or 0)


def _configure_serve(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lan", action="store_true", help="serve the phones at the table: listen on this "
                        "computer's network addresses and print the join links and QR codes (a key is required)")
    parser.add_argument("--host", default=None, help="address to listen on (default 127.0.0.1, or 0.0.0.0 "
                        "with --lan); any address beyond loopback requires the key, as --lan does")
    parser.add_argument("--port", type=int, default=8550, help="port to listen on (default 8550)")


def _run_serve(args: argparse.Namespace) -> int:
    from ..serve.launch import serve

    return serve(resolve_data_dir(args.data_dir), args.host, args.port, lan=args.lan)


register("app", _configure_app, _run_app,
         help='start the app and open it (the default)')
register("serve", _configure_serve, _run_serve,
         help='serve the app without opening a browser')
