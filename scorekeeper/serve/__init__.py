"""The processes that run the app: what starts Flet, serves it and draws the viewers (docs/server.md).

``launch`` (``scorekeeper`` and ``scorekeeper serve``: the store opened once, uvicorn behind the guard),
``flet_app`` (what ``flet run`` and a phone app start), ``viewer_process`` and ``viewer_server`` (the viewer
process of ``serve --lan``), ``flet_fixes`` (flet-web's send made quiet), ``quiet`` (a tab that left is not an
error in the log), ``web_app_files`` (the served page's manifest and ``index.html``).

Above the app: this package imports :mod:`scorekeeper.app` (the tab: ``make_main``) and
:mod:`scorekeeper.server` (who may connect); neither imports it, only the ``app`` and ``serve`` commands
start it (tests/structure/test_imports.py). Why not inside ``server/``: docs/server.md, "The serving process".
"""
