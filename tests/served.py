"""The app served in a child process, and the test-hook names of match-format moves.

For whatever drives the app from outside (the browser tests, ``scripts/screenshots.py``,
``benchmarks/ui_tap.py``); the app itself never imports this module.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import weakref
from pathlib import Path

import msgpack

from scorekeeper.rules.tiles import parse_tile

#: Debian's Chromium (never a downloaded browser) and the flags every driver of the app uses
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

#: the console script's entry point (``python -m scorekeeper.cli`` would load a second copy of the CLI)
SCOREKEEPER_MAIN = "import sys; from scorekeeper.cli import main; sys.exit(main())"


def free_port() -> int:
    """A TCP port free on the loopback interface right now: the first free one of ``SCOREKEEPER_PORTS``
    (``"8620-8629"``) when that is set (a shared machine's share of ports), else any the system gives."""
    share = os.environ.get("SCOREKEEPER_PORTS", "")
    if share:
        low, _, high = share.partition("-")
        for port in range(int(low), int(high or low) + 1):
            with socket.socket() as sock:
                try:
                    sock.bind(("127.0.0.1", port))
                except OSError:
                    continue
                return port
        raise RuntimeError(f"no free port in SCOREKEEPER_PORTS={share}")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServedApp:
    """``scorekeeper --data-dir DATA serve --port P`` in a child process, answering HTTP on return.

    ``data``: the data folder (the server's log goes to ``data/server.log``). ``code`` and ``args``
    replace the Python code run and its arguments (``"{port}"`` in an argument is replaced by the
    port), ``env`` adds environment variables. ``url`` is ``http://127.0.0.1:PORT/``.
    Raises ``RuntimeError`` (with the server's log) when it does not answer within ``timeout`` s.
    """

    def __init__(
        self,
        data: str | Path,
        *,
        code: str = SCOREKEEPER_MAIN,
        args: list[str] | None = None,
        env: dict[str, str] | None = None,
        cwd: str | Path | None = None,
        timeout: float = 60,
    ) -> None:
        self.data = Path(data)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        if args is None:
            args = ["--data-dir", str(self.data), "serve", "--port", "{port}"]
        args = [arg.replace("{port}", str(self.port)) for arg in args]
        self.log_path = self.data / "server.log"
        self.log = open(self.log_path, "a")  # noqa: SIM115 - open for the server's whole life
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code, *args],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            cwd=cwd,
            env={**os.environ, **(env or {})},
        )
        deadline = time.time() + timeout
        while True:
            try:
                urllib.request.urlopen(self.url, timeout=1).read()
                return
            except urllib.error.HTTPError:  # answering, with a 403 for want of a key (serve --lan)
                return
            except OSError as err:
                if self.proc.poll() is not None or time.time() > deadline:
                    self.stop(kill=True)
                    raise RuntimeError(f"the app did not start:\n{self.log_path.read_text()}") from err
                time.sleep(0.2)

    def stop(self, kill: bool = False) -> None:
        """End the server: SIGTERM (SIGKILL after 10 s), or SIGKILL at once with ``kill=True``."""
        if kill:
            self.proc.kill()
        else:
            self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


PHONE_BROWSER = re.compile(r"Android|iPhone|iPad")  # a user agent Flutter takes for a phone's


def open_app_page(
    browser,
    url: str,
    viewport: dict,
    *,
    init_script: str | None = None,
    load_timeout: int = 60_000,
    join: str | None = None,
    setup=None,
    **context_options,
):
    """A fresh Playwright page on the served app, ready to tap: non-loopback requests blocked, the app
    loaded and its accessibility tree (the test hooks) switched on.

    ``browser``: a Playwright browser; ``viewport``: ``{"width": px, "height": px}``; ``init_script``:
    JavaScript run in the page before the app's; ``join``: a join link (``serve --lan``) opened first, as a
    phone scanning its QR code would (the page then moves on to ``url``, the address without the key);
    ``setup(page)``: called before the page loads (e.g. to route its websocket); ``context_options``: more
    ``new_context`` options.
    Raises Playwright's ``TimeoutError`` when the app does not load within ``load_timeout`` ms.
    """
    context = browser.new_context(viewport=viewport, device_scale_factor=1, reduced_motion="reduce", **context_options)
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    _record_sent(page)
    page.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda route: route.abort())
    if setup is not None:
        setup(page)
    if join is not None:
        page.goto(join)
        page.wait_for_url(url, timeout=load_timeout)
    else:
        page.goto(url)
    page.wait_for_selector("#loading", state="detached", timeout=load_timeout)
    placeholder = page.locator("flt-semantics-placeholder")
    if PHONE_BROWSER.search(page.evaluate("navigator.userAgent")):
        # a phone's browser (Flutter's platform Android or iOS): its semantics enabler wants a tap inside the
        # placeholder, which covers the page there, not just a click event
        box = placeholder.evaluate("e => e.getBoundingClientRect().toJSON()")
        at = {"clientX": box["x"] + box["width"] / 2, "clientY": box["y"] + box["height"] / 2, "bubbles": True}
        for event in ("pointerdown", "pointerup"):
            placeholder.dispatch_event(event, at)
        placeholder.dispatch_event("click", at)
    else:
        placeholder.dispatch_event("click")
    page.wait_for_selector("[flt-semantics-identifier]", timeout=load_timeout // 3)
    return page


#: the websocket frames each page opened by :func:`open_app_page` sent to the server, in order
_SENT: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
CONTROL_EVENT = 3  # Flet's MessageAction.CONTROL_EVENT: a frame is b"\x00" + msgpack [action, body]


def _record_sent(page) -> None:
    sent: list[bytes | str] = []
    _SENT[page] = sent
    # a lambda, not sent.append: Playwright keeps an attribute on each handler
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(payload)))


def _last_change(frames: list[bytes | str]) -> object:
    """The ``data`` of the last change event among ``frames`` (``None``: none yet)."""
    for frame in reversed(frames):
        if isinstance(frame, bytes) and frame[:1] == b"\x00":
            try:
                action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
            except (ValueError, TypeError):
                continue
            if action == CONTROL_EVENT and isinstance(body, dict) and body.get("name") == "change":
                return body.get("data")
    return None


def wait_change_sent(page, value: object, timeout_ms: int = 10_000) -> None:
    """Wait until the last change event that the app in ``page`` (opened by :func:`open_app_page`) sent to the
    server carries ``value``: a text field's whole text, a switch's ``True`` or ``False``.

    Flutter reports a field's text after the keys, asynchronously; a tap made once this returns reaches the
    server after that change (one websocket, its events handled in order), so the server holds the text as
    typed. Raises ``AssertionError`` after ``timeout_ms``."""
    frames = _SENT[page]
    deadline = time.monotonic() + timeout_ms / 1000
    while _last_change(frames) != value:
        if time.monotonic() > deadline:
            raise AssertionError(f"no change event with {value!r} was sent (the last: {_last_change(frames)!r})")
        page.wait_for_timeout(20)  # Playwright delivers the page's events while it waits


def focus_text_field(page, field, timeout_ms: int = 10_000) -> None:
    """Click the text field ``field`` (a Playwright locator of its ``input``) and select all it holds,
    ready to be typed over as a user types over it.

    The browser focuses the input at once, but Flutter takes the field a frame or more later (its text
    editing connection configures the input: ``autocorrect`` turns ``on``); keys typed before that are
    replaced by Flutter's own text when it takes the field (seen on a loaded machine: "Bo" became "o",
    a name's first key lost and the old name back). So wait for that, then press Ctrl+A until the
    input reports its whole text selected.

    The input keeps ``autocorrect="on"`` after Flutter lets the field go, so on a field typed into before
    the wait passed on the browser's own focus, before Flutter took the field again (its text written back
    with the caret at the end: "Ann8-0й" typed over as "An", then back to "Ann8-0й", then "n9-0й" appended,
    seen under load). Flutter sets the attribute again on every take (with the text and caret), so it is
    cleared first: the wait then sees this take, not the last one.
    """
    field.evaluate("el => { if (document.activeElement !== el) el.removeAttribute('autocorrect'); }")
    field.click()
    field.evaluate(
        """(el, limit) => new Promise((resolve, reject) => {
        const start = performance.now();
        const check = () => {
            if (el.getAttribute("autocorrect") === "on" && document.activeElement === el) resolve();
            else if (performance.now() - start > limit) reject(new Error("Flutter never took the text field"));
            else setTimeout(check, 10);
        };
        check();
    })""",
        timeout_ms,
    )
    for _ in range(50):
        page.keyboard.press("Control+A")
        if field.evaluate("el => el.selectionStart === 0 && el.selectionEnd === el.value.length"):
            return
        page.wait_for_timeout(20)
    raise AssertionError("Ctrl+A never selected the field's text")


def tile_hook(text: str) -> str:
    """``"4-1"`` (match-format tile, either order) -> ``"tile-1-4"``, the tile picker's hook."""
    low, high = parse_tile(text)
    return f"tile-{low}-{high}"


def spot_hook(at: str) -> str:
    """``"4-1:high"`` (a move's ``at``: tile and side) -> ``"spot-1-4-high"``, the open spot's hook."""
    tile, side = at.split(":")
    return f"spot-{tile_hook(tile).removeprefix('tile-')}-{side}"


def stock_after_draw(stock: int, count: int, reserve: int = 0) -> int:
    """What the table's ``stock`` hook says after a draw of ``count`` tiles that did not fit from a stock of
    ``stock`` (``reserve``: house rule R3's undrawn tiles): the tile drawn next, which fits, is out of the stock
    too until it is played, unless nothing drawable was left (then the player passes)."""
    left = stock - count
    return left - 1 if left > reserve else left
