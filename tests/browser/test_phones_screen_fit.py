"""The host's Phones screen at phone width (390 x 844, issue 21): every Disconnect button shows its whole
label (it was cut to "D") and every device row its whole words (the host's row read "this d…"), in English
and in Ukrainian (the longest words). A screenshot of each is kept in $SCOREKEEPER_ARTIFACTS (or the temp
folder) to look at.

What "not cut" means here: each button's box is at least as wide as its label drawn in the app's font (the
page measures it with the same font file), and each device row's box has room for its words at that width
(the lines they wrap into); every box lies within the window. The accessibility tree carries each whole
label as well."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import pytest

from scorekeeper.app import settings
from scorekeeper.i18n import translate
from tests.served import ServedApp, open_app_page
from tests.wire import join_cookie, key_of

from .conftest import PHONE, UI, _require_browser

JOIN_LINE = re.compile(r"^  (this computer \(host\)|scorers \(enter moves\)|viewers \(watch only\)): (\S+)$", re.M)
PHONES = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Mobile Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/18.0 Mobile/15E148 Safari/604.1",
)

# the app's own font (as the banner script loads it), then each text's width in it; sizes as drawn: a
# Material button's label is 14 px weight 500, a body text 14 px
MEASURE = """async ([texts, size]) => {
    const face = new FontFace("MeasureNoto", "url(/fonts/NotoSansKR-Subset-Regular.otf)");
    document.fonts.add(face);
    await face.load();
    const ctx = document.createElement("canvas").getContext("2d");
    ctx.font = `${size}px MeasureNoto`;
    return texts.map(text => ctx.measureText(text).width);
}"""


@pytest.fixture(params=["en", "uk"])
def lan_phones(request):
    """``serve --lan`` on loopback, its settings in ``lang``, with two phones joined by the printed codes
    (no tab open: each listed with its Disconnect): (url, host link, lang)."""
    _require_browser()
    data = tempfile.mkdtemp(prefix="h-phones-fit-")
    settings.save(data, {settings.LANG: request.param})
    server = ServedApp(data, args=["--data-dir", data, "serve", "--lan", "--host", "127.0.0.1", "--port", "{port}"])
    links = dict(JOIN_LINE.findall(server.log_path.read_text()))
    for link, agent in zip((links["scorers (enter moves)"], links["viewers (watch only)"]), PHONES, strict=True):
        join_cookie(server.port, key_of(link), user_agent=agent)
    yield server.url, links["this computer (host)"], request.param
    server.stop()


def box(locator) -> dict:
    found = locator.bounding_box()
    assert found is not None, "not laid out"
    return found


def test_the_phones_screen_fits_a_phone(lan_phones, browser):
    from playwright.sync_api import expect

    url, host_link, lang = lan_phones
    ui = UI(open_app_page(browser, url, PHONE, join=host_link))
    try:
        ui.tap("phones")  # the start screen's: no match is open, the table's codes
        rows = ui.page.locator('[flt-semantics-identifier^="device-"]')
        expect(rows).to_have_count(3, timeout=10_000)  # the host's own, the scorer's, the viewer's
        buttons = ui.page.locator('[flt-semantics-identifier^="disconnect-"]')
        expect(buttons).to_have_count(2, timeout=10_000)  # none for the host's own device
        ui.settle(ui.hook("renew-keys"))
        ui.settle(buttons.nth(1))
        folder = Path(os.environ.get("SCOREKEEPER_ARTIFACTS", tempfile.gettempdir()))
        ui.page.screenshot(path=str(folder / f"phones-screen-390-{lang}-top.png"))
        ui.page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
        ui.page.mouse.wheel(0, 3000)  # the screen's column scrolls: the device list is below the codes
        expect(buttons.nth(1)).to_be_in_viewport(timeout=10_000)
        ui.settle(buttons.nth(1))
        ui.page.screenshot(path=str(folder / f"phones-screen-390-{lang}.png"))

        label = translate(lang, "ui.disconnect")
        renew = translate(lang, "ui.renew_table_keys")
        widths = ui.page.evaluate(MEASURE, [[label, renew], 14])
        for index in range(buttons.count()):
            button = buttons.nth(index)
            expect(button).to_have_attribute("aria-label", label)  # the whole label in the accessibility tree
            found = box(button)
            assert found["width"] >= widths[0] + 18, (lang, found, widths[0])  # its icon (18 px) and label
            assert found["x"] >= 0 and found["x"] + found["width"] <= PHONE["width"]
        found = box(ui.hook("renew-keys"))
        assert found["width"] >= widths[1] + 18 and found["x"] + found["width"] <= PHONE["width"], (lang, found)

        words = [rows.nth(index).inner_text().strip() for index in range(rows.count())]
        own = [w for w in words if w.endswith(translate(lang, "ui.device_this"))]
        assert len(own) == 1, words  # the host's row, whole
        texts = ui.page.evaluate(MEASURE, [words, 14])
        for index, width in enumerate(texts):
            found = box(rows.nth(index))
            assert found["x"] >= 0 and found["x"] + found["width"] <= PHONE["width"], (lang, words[index], found)
            lines = -(-width // found["width"])  # at least this many lines at this width
            assert found["height"] >= lines * 14, (lang, words[index], found, width)  # room for every line

        ui.tap("renew-keys")  # the confirmation, in the button's place: its words and both choices fit too
        for name in ("renew-confirm", "renew-cancel"):
            expect(ui.hook(name)).to_be_visible(timeout=10_000)
        ui.settle(ui.hook("renew-cancel"))
        ui.page.screenshot(path=str(folder / f"phones-screen-390-{lang}-renew.png"))
        for name, key in (("renew-confirm", "ui.renew_confirm"), ("renew-cancel", "ui.renew_cancel")):
            expect(ui.hook(name)).to_have_attribute("aria-label", translate(lang, key))
            found = box(ui.hook(name))
            assert found["width"] >= ui.page.evaluate(MEASURE, [[translate(lang, key)], 14])[0], (lang, name)
            assert found["x"] >= 0 and found["x"] + found["width"] <= PHONE["width"], (lang, name, found)
        ui.tap("renew-cancel")
        expect(ui.hook("renew-keys")).to_be_visible(timeout=10_000)
    finally:
        ui.page.context.close()
