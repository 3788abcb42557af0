"""A phone build (``flet build apk|ipa``) installs only the dependencies without a platform marker
excluding phones (pyproject.toml): orjson, psutil, uvicorn, h11, websockets and flet-web are not there. The app's entry
must import and open its store without them."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NOT_ON_A_PHONE = ("orjson", "psutil", "uvicorn", "h11", "flet_web", "websockets")


def test_the_phone_entry_starts_without_the_computer_only_packages(tmp_path):
    script = textwrap.dedent(f"""
        import sys
        for name in {NOT_ON_A_PHONE!r}:
            sys.modules[name] = None  # import fails, as where the package is not installed
        import flet as ft
        started = []
        ft.run = lambda main, **options: started.append((main, options))
        sys.path.insert(0, {ROOT!r})
        import main as entry  # the project's Flet entry point (pyproject [tool.flet.app])
        from scorekeeper.serve import flet_app
        from scorekeeper.rules import strict_json
        code = flet_app.run()
        assert code == 0 and len(started) == 1 and callable(started[0][0]), (code, started)
        assert strict_json.backend() == "json"
        print("started", started[0][1].get("no_cdn"))
    """)
    env = {k: v for k, v in os.environ.items() if k != "SCOREKEEPER_DATA"}
    env.update(FLET_APP_STORAGE_DATA=str(tmp_path), FLET_PLATFORM="android", PYTHONPATH=ROOT)
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().endswith("started True")
    assert any(tmp_path.iterdir()), "the store was not opened in the app's storage folder"


def test_each_computer_only_package_is_marked_so_in_pyproject():
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as file:
        text = file.read()
    for name in ("orjson", "psutil", "uvicorn", "h11", "websockets", "flet-web"):
        line = next(li for li in text.splitlines() if li.strip().startswith(f'"{name}'))
        assert "platform_system != 'Android' and platform_system != 'iOS'" in line, line
