"""Disconnect holds (issue 21): a device the host disconnected cannot come back with the code it used, neither
by reconnecting with its cookie nor by scanning the same code again; it is admitted with a fresh code (the
codes renewed, or another code the host shows). In-process, the guard as an ASGI app (tests/server/test_guard)."""

from __future__ import annotations

import io

from scorekeeper.i18n import translate
from scorekeeper.server import terminal
from scorekeeper.server.admission import Admission
from scorekeeper.server.guard import Guard
from scorekeeper.server.roles import Role

from .aio import run
from .test_guard import Inner, http, scope

PORT = 8550


def joined(guard: Guard, key: str, cookie: str | None = None) -> tuple[int, str | None, bytes]:
    """Open the join link ``key`` (holding ``cookie``): (status, the cookie set or None, the page)."""
    status, headers, body = run(http(guard, scope("http", query=f"key={key}", cookie=cookie, origin=None)))
    set_cookie = headers.get("set-cookie")
    return status, set_cookie.split(";")[0].split("=", 1)[1] if set_cookie else None, body


def test_a_disconnected_phone_cannot_rejoin_with_its_code_and_can_with_a_fresh_one():
    admission = Admission(key_required=True, port=PORT)
    guard = Guard(Inner(), admission)
    table_scorer = admission.link(Role.SCORER)  # the printed code the whole family scanned
    status, phone, _ = joined(guard, table_scorer.key)
    assert status == 200 and phone
    _, sister, _ = joined(guard, table_scorer.key)  # another phone, same code
    device = admission.device_for_cookie(phone)
    assert device is not None

    assert run(admission.disconnect(device.id))
    refused = translate("en", "server.forbidden_disconnected")
    status, _, page = run(http(guard, scope("http", "/", cookie=phone, origin=None)))  # its tab reloads
    assert status == 403 and refused.encode() in page
    status, cookie, page = joined(guard, table_scorer.key, cookie=phone)  # it scans the same code again
    assert (status, cookie) == (403, None) and refused.encode() in page
    assert run(http(guard, scope("http", "/", cookie=sister, origin=None)))[0] == 200  # the others stay

    other = admission.link(Role.VIEWER, "m1")  # a code the host shows it: another link
    status, cookie, _ = joined(guard, other.key, cookie=phone)
    assert status == 200 and cookie and admission.device_for_cookie(cookie).role is Role.VIEWER


def test_renewing_the_codes_gives_a_disconnected_phone_its_fresh_code():
    admission = Admission(key_required=True, port=PORT)
    guard = Guard(Inner(), admission)
    old = admission.link(Role.SCORER)
    _, phone, _ = joined(guard, old.key)
    run(admission.disconnect(admission.device_for_cookie(phone).id))
    assert joined(guard, old.key, cookie=phone)[0] == 403
    fresh, _ = run(admission.renew())
    assert joined(guard, old.key, cookie=phone)[0] == 403  # the old code is dead for everyone now
    status, cookie, _ = joined(guard, fresh.key, cookie=phone)
    assert status == 200 and admission.device_for_cookie(cookie) is not None
    assert not admission.barred(phone)  # renewed: the bar on the old code is forgotten


def test_the_page_says_what_happened_in_each_language():
    for lang, words in (("uk", "Господар від'єднав"), ("ko", "호스트가 이 기기의 연결을 끊었습니다")):
        assert words in translate(lang, "server.forbidden_disconnected")


def test_the_terminal_prints_the_tables_new_codes_when_the_host_renews_them_in_the_app():
    admission = Admission(key_required=True, port=PORT, addresses=["192.168.1.20"])
    out = io.StringIO()
    terminal.print_renewals(admission, out)
    run(admission.renew("m1"))  # one match's codes: the printed ones stand, nothing printed
    assert out.getvalue() == ""
    scorer, viewer = run(admission.renew())
    printed = out.getvalue()
    assert "renewed on the host's Table screen" in printed
    assert f"scorers (enter moves): http://192.168.1.20:{PORT}/?key={scorer.key}" in printed
    assert f"viewers (watch only): http://192.168.1.20:{PORT}/?key={viewer.key}" in printed
    run(admission.renew(every_match=True))  # SIGHUP's renewal: worded as before
    assert "new scorer and viewer keys; their old links" in out.getvalue()
