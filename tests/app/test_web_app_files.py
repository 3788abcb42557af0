"""The served page as an installable web app: its manifest, icons and page, over HTTP from ``scorekeeper serve``."""

from __future__ import annotations

import json
import struct
import urllib.request

import pytest

from scorekeeper.serve.web_app_files import APP_NAME, ASSETS, ICONS, THEME_COLOUR, index_html, manifest
from tests.served import ServedApp

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """``(width, height)`` from a PNG's header chunk (IHDR, always first)."""
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def get(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers.get_content_type(), response.read()


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    app = ServedApp(tmp_path_factory.mktemp("web-app-files"))
    yield app.url
    app.stop()


def test_committed_files_are_what_the_script_writes():
    # scripts/make_app_icons.py writes them; a flet-web upgrade that changes its page shows up here
    assert json.loads((ASSETS / "manifest.json").read_text(encoding="utf-8")) == manifest()
    assert (ASSETS / "index.html").read_text(encoding="utf-8") == index_html()


def test_index_edits_refuse_a_page_they_do_not_recognise():
    with pytest.raises(ValueError, match="<title>Flet</title>"):
        index_html(
            '<meta name="description" content="Flet application.">\n'
            '<meta name="apple-mobile-web-app-title" content="Flet">\n<title>Other</title>'
        )


def test_pictures_have_the_sizes_they_are_named_for():
    sizes = {
        "icon.png": 1024,
        "splash.png": 1024,
        "favicon.png": 32,
        "icons/apple-touch-icon-192.png": 192,
        "icons/loading-animation.png": 512,
    }
    sizes.update({src: int(size.split("x")[0]) for src, size, _ in ICONS if src.endswith(".png")})
    for name, side in sizes.items():
        assert png_size((ASSETS / name).read_bytes()) == (side, side), name


@pytest.mark.slow
def test_manifest_is_served_with_the_apps_name_and_icons(served):
    status, kind, body = get(served + "manifest.json")
    assert (status, kind) == (200, "application/json")
    served_manifest = json.loads(body)
    assert served_manifest["name"] == served_manifest["short_name"] == APP_NAME == "Scorekeeper"
    assert served_manifest["theme_color"] == served_manifest["background_color"] == THEME_COLOUR == "#2E6B4A"
    assert served_manifest["display"] == "standalone"
    icons = served_manifest["icons"]
    # what Chrome asks of an installable app: a 192 and a 512 px icon, and maskable ones for Android
    assert {(i["sizes"], i["purpose"]) for i in icons} >= {
        ("192x192", "any"),
        ("512x512", "any"),
        ("192x192", "maskable"),
        ("512x512", "maskable"),
    }
    for icon in icons:
        status, kind, data = get(served + icon["src"])
        assert (status, kind) == (200, icon["type"]), icon["src"]
        assert data == (ASSETS / icon["src"]).read_bytes()  # ours, not Flet's
        if icon["type"] == "image/png":
            width, height = png_size(data)
            assert f"{width}x{height}" == icon["sizes"], icon["src"]
        else:
            assert data.startswith(b"<svg") and icon["sizes"] == "any"


@pytest.mark.slow
def test_page_names_the_app_and_links_our_icons(served):
    status, kind, body = get(served)
    page = body.decode()
    assert (status, kind) == (200, "text/html")
    assert "<title>Scorekeeper</title>" in page
    assert '<meta name="apple-mobile-web-app-title" content="Scorekeeper">' in page  # iOS's Home Screen label
    assert f'<meta name="theme-color" content="{THEME_COLOUR}">' in page
    assert '<link rel="manifest" href="manifest.json">' in page
    assert "flet.noCdn=true;" in page  # flet-web still filled in its settings
    for name in ("favicon.png", "icons/apple-touch-icon-192.png", "icons/loading-animation.png"):
        assert f'"{name}"' in page
        assert get(served + name)[2] == (ASSETS / name).read_bytes(), name
