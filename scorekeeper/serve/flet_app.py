"""The app as Flet's own tools start it: ``flet run`` and an app built by ``flet build apk`` / ``ipa``.

Both run ``main.py`` at the repository root (``[tool.flet.app]`` in
pyproject.toml), which calls :func:`run`. ``scorekeeper`` and ``scorekeeper
serve`` do not come through here (:mod:`scorekeeper.serve.launch`).

The data folder (:func:`app_data_dir`): ``$SCOREKEEPER_DATA`` if set; on a
phone (Flet sets ``FLET_PLATFORM`` to ``android`` or ``ios``) Flet's app
storage, ``$FLET_APP_STORAGE_DATA``, kept across app updates; on a computer
the per-user folder of platformdirs, as ``scorekeeper`` uses, so ``flet run``
sees the same history.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, MutableMapping
from pathlib import Path

import flet as ft

from ..app.main import ASSETS, make_main
from ..app.store_access import open_app_store
from ..store import StoreError
from ..store.paths import resolve_data_dir

MOBILE_PLATFORMS = ("android", "ios")  # values of FLET_PLATFORM in an app built for a phone
APP_STORAGE_VAR = "FLET_APP_STORAGE_DATA"  # the built app's durable data folder (flet_cli/commands/run.py)


def app_data_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """The data folder of the app started by Flet (absolute; created when the store opens).

    ``$SCOREKEEPER_DATA``, else on a phone ``$FLET_APP_STORAGE_DATA``, else the
    platformdirs folder (``~/.local/share/scorekeeper`` on Linux). ``environ``:
    the environment to read (the process's by default).
    """
    if environ.get("SCOREKEEPER_DATA"):
        return resolve_data_dir(environ["SCOREKEEPER_DATA"])
    if environ.get("FLET_PLATFORM") in MOBILE_PLATFORMS and environ.get(APP_STORAGE_VAR):
        return resolve_data_dir(environ[APP_STORAGE_VAR])
    return resolve_data_dir(None)


def keep_web_server_on_loopback(environ: MutableMapping[str, str] = os.environ) -> None:
    """Under ``flet run --web`` without ``--host``, listen on 127.0.0.1 only, as ``scorekeeper serve`` does.

    flet-cli leaves the host unset, and flet-web's uvicorn then listens on every
    interface (0.0.0.0 and ::, checked with flet-cli 1.0.5): anyone on the network could
    open the match history. ``--host 0.0.0.0`` still opens it to phones on the network
    (and ``flet run --android`` / ``--ios`` need that). ``environ``: the environment
    ``ft.run`` reads (``FLET_FORCE_WEB_SERVER``, ``FLET_SERVER_IP``).
    """
    forced_web = environ.get("FLET_FORCE_WEB_SERVER", "").lower() in ("true", "1", "yes")  # as flet reads it
    if forced_web and not environ.get("FLET_SERVER_IP"):
        environ["FLET_SERVER_IP"] = "127.0.0.1"


def refusal_main(message: str):
    """``main(page)`` that only says why the app cannot start (a phone has no terminal to print to)."""

    async def main(page: ft.Page) -> None:
        page.title = "Scorekeeper"
        page.add(ft.SafeArea(ft.Text(message, size=16)))

    return main


def run() -> int:
    """Open the store and run the app with Flet's ``ft.run`` (offline web client: ``no_cdn``).

    Flet decides how it is shown: the phone's own window in a built app, a web
    server under ``flet run --web`` (its port and host come from flet-cli's
    environment). Returns the exit code: 0, or 2 when the store cannot be opened
    (one line on stderr; on a phone the message is shown in the app instead).
    """
    data_dir = app_data_dir()
    keep_web_server_on_loopback()
    try:
        store = open_app_store(data_dir)
    except StoreError as err:
        message = f"scorekeeper: {err.message}"
        print(message, file=sys.stderr)
        if os.environ.get("FLET_PLATFORM") not in MOBILE_PLATFORMS:
            return 2
        ft.run(refusal_main(message))
        return 2
    # A built app's client reads the assets from the app's own `assets/` folder, and the
    # package's copy is left out of it (pyproject's [tool.flet.app] exclude): pass it only if here.
    assets = str(ASSETS) if ASSETS.is_dir() else None
    ft.run(make_main(store, data_dir), assets_dir=assets, no_cdn=True)
    return 0
