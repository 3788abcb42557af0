"""The server's small parts: keys, Host/Origin checks, roles, the guarded store, pages, redaction, exposure."""

from __future__ import annotations

import logging

import pytest

from scorekeeper.rules import StartRound
from scorekeeper.server import exposure as exposure_module
from scorekeeper.server import pages, redact
from scorekeeper.server.addresses import HostCheck, same_origin, split_host
from scorekeeper.server.admission import Access, Admission
from scorekeeper.server.devices import device_label
from scorekeeper.server.exposure import exposure
from scorekeeper.server.keys import new_key, same_secret
from scorekeeper.server.roles import AccessDenied, Role
from scorekeeper.server.store_guard import GuardedStore
from scorekeeper.store import open_store

from .aio import run


def test_keys_are_long_random_and_compared_exactly():
    keys = {new_key() for _ in range(200)}
    assert len(keys) == 200 and {len(k) for k in keys} == {22}
    key = new_key()
    assert same_secret(key, key) and not same_secret(key, key[:-1] + ("A" if key[-1] != "A" else "B"))
    assert not same_secret("ключ", key)  # non-ASCII input is simply wrong, not an error


@pytest.mark.parametrize(
    "header, parsed",
    [
        ("127.0.0.1:8550", ("127.0.0.1", 8550)),
        ("LOCALHOST:80", ("localhost", 80)),
        ("example", ("example", None)),
        ("[::1]:8550", ("::1", 8550)),
        ("[::1]", ("::1", None)),
        ("::1", ("::1", None)),
        ("", None),
        ("host:", None),
        ("host:99999", None),
        ("host:x1", None),
        ("[::1]x", None),
    ],
)
def test_host_headers_are_split_into_name_and_port(header, parsed):
    assert split_host(header) == parsed


def test_only_this_servers_names_and_port_are_its_host():
    check = HostCheck(8550)
    for host in ("127.0.0.1:8550", "localhost:8550", "[::1]:8550"):
        assert check.allows(host), host
    for host in ("evil.example:8550", "127.0.0.1:8551", "127.0.0.1", "192.168.1.5:8550", None, ""):
        assert not check.allows(host), host
    assert HostCheck(80).allows("localhost")  # no port is port 80
    named = HostCheck(8550, names={"192.168.1.5"})
    assert named.allows("192.168.1.5:8550") and not named.allows("192.168.1.6:8550")


def test_the_origin_must_be_the_page_this_server_serves():
    assert same_origin("http://127.0.0.1:8550", "127.0.0.1:8550")
    assert same_origin("HTTP://LocalHost:8550", "localhost:8550")
    for origin in ("http://evil.example", "https://127.0.0.1:8550", "http://127.0.0.1:8551", "null", None, ""):
        assert not same_origin(origin, "127.0.0.1:8550"), origin


@pytest.mark.parametrize(
    "header, lang",
    [
        (None, "en"),
        ("", "en"),
        ("uk-UA,uk;q=0.9,en;q=0.8", "uk"),
        ("ko", "ko"),
        ("fr-FR,ko;q=0.5,uk;q=0.7", "uk"),
        ("de, en;q=0.1", "en"),
        ("uk;q=0, ko;q=0.2", "ko"),
        ("uk;q=abc,ko", "ko"),
    ],
)
def test_pages_speak_the_browsers_language(header, lang):
    assert pages.language(header) == lang


def test_the_403_page_says_ask_the_host_in_each_language():
    assert b"Ask the host for the table&#x27;s QR code" in pages.forbidden(pages.NO_KEY, "en")
    assert "Попросіть у господаря QR-код столу".encode() in pages.forbidden(pages.NO_KEY, "uk")
    assert "호스트에게 테이블 QR 코드를 요청하세요".encode() in pages.forbidden(pages.EXPIRED, "ko")
    assert b"no longer valid" in pages.forbidden(pages.EXPIRED, "en")


def test_the_join_page_moves_on_without_letting_a_path_end_its_script():
    page = pages.joining("/</script><script>alert(1)</script>", "en").decode()
    assert "<script>alert(1)" not in page and 'location.replace("/\\u003c/script>' in page


def test_device_labels():
    android = (
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 "
        "Mobile Safari/537.36"
    )
    iphone = (
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1"
    )
    assert device_label(android) == "Android · Chrome"
    assert device_label(iphone) == "iPhone · Safari"
    assert device_label("") == "browser"


# ---------------------------------------------------------------- roles and the guarded store
def access_of(admission: Admission, role: Role, match_id: str | None = None) -> Access:
    device, _ = admission.join(admission.link(role, match_id), "test", "127.0.0.1")
    return admission.access_for_session(f"session-{device.id}", device)


def test_what_each_role_may_do():
    admission = Admission(key_required=True, port=8550)
    host, scorer, viewer = (access_of(admission, role) for role in Role)
    table_scorer = access_of(admission, Role.SCORER, "m1")
    assert host.may_manage() and host.may_start() and host.may_score("m1")
    assert not scorer.may_manage() and scorer.may_start() and scorer.may_score("m1") and scorer.may_score("m2")
    assert table_scorer.may_score("m1") and not table_scorer.may_score("m2") and not table_scorer.may_start()
    assert not viewer.may_score("m1") and not viewer.may_start() and not viewer.may_manage()
    assert host.admission is admission and scorer.admission is None


def test_a_viewer_and_another_tables_scorer_write_nothing(tmp_path):
    store = open_store(tmp_path)
    try:
        match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
        other = store.create_match("horse-race", ["Cy", "Di"], False)
        admission = Admission(key_required=True, port=8550)
        viewer = GuardedStore(store, access_of(admission, Role.VIEWER, match_id))
        scorer = GuardedStore(store, access_of(admission, Role.SCORER, match_id))
        for attempt in (
            lambda: viewer.record(match_id, StartRound(0)),
            lambda: viewer.undo(match_id),
            lambda: viewer.create_match("horse-race", ["Ed", "Flo"], False),
            lambda: viewer.import_documents([]),
            lambda: viewer.import_report([]),
            lambda: viewer.abandon(match_id),
            lambda: viewer.rename(match_id, {1: "Bob"}),
        ):
            with pytest.raises(AccessDenied) as refused:
                attempt()
            assert refused.value.code == "access_viewer"
        for attempt in (
            lambda: scorer.record(other, StartRound(0)),
            lambda: scorer.abandon(other),
            lambda: scorer.rename(other, {0: "Cyd"}),
        ):
            with pytest.raises(AccessDenied) as refused:
                attempt()
            assert refused.value.code == "access_other_match"
        assert store.version(match_id) == 1 and store.version(other) == 1  # only the creation events
        assert len(store.list_matches()) == 2 and store.summary(other).players == ("Cy", "Di")
        scorer.record(match_id, StartRound(0))  # its own match: recorded
        assert store.version(match_id) == 2
        scorer.rename(match_id, {1: "Bob"})
        scorer.undo(match_id)
        assert store.version(match_id) == 4 and store.summary(match_id).players == ("Ann", "Bo")
        assert viewer.version(match_id) == 4 and viewer.open_match(match_id).players == ["Ann", "Bo"]  # reads pass
        assert viewer.read_only is None and viewer.writable and viewer.check_documents([]) == []
        assert [d["meta"]["id"] for d in viewer.export_report().documents] == [match_id, other]
        with pytest.raises(AttributeError):
            viewer.close()
    finally:
        store.close()


def test_renewing_a_key_revokes_the_devices_that_joined_with_it(tmp_path):
    admission = Admission(key_required=True, port=8550)
    old_scorer = admission.link(Role.SCORER)
    scorer = access_of(admission, Role.SCORER)
    table = access_of(admission, Role.SCORER, "m1")
    host = access_of(admission, Role.HOST)
    renewed = run(admission.renew())
    assert renewed[0].role is Role.SCORER and renewed[0].key != old_scorer.key
    assert admission.find_link(old_scorer.key) is None and admission.find_link(renewed[0].key) is renewed[0]
    with pytest.raises(AccessDenied) as refused:
        scorer.check_score("m1")
    assert refused.value.code == "access_revoked"
    assert table.may_score("m1") and host.may_manage()  # another table's link and the host link are kept
    run(admission.renew(every_match=True))
    assert not table.may_score("m1") and host.may_manage()


def test_a_session_stays_bound_to_the_device_that_made_it():
    admission = Admission(key_required=True, port=8550)
    viewer, _ = admission.join(admission.link(Role.VIEWER), "phone", "10.0.0.2")
    scorer, _ = admission.join(admission.link(Role.SCORER), "phone", "10.0.0.3")
    first = admission.access_for_session("s1", viewer)
    assert admission.access_for_session("s1", scorer) is first and first.role is Role.VIEWER
    assert admission.session_device("s1") is viewer and admission.session_device("s2") is None


def test_without_a_key_there_are_no_links_and_every_tab_is_this_computer():
    admission = Admission(key_required=False, port=8550)
    assert admission.device_for_cookie(None) is admission.local
    with pytest.raises(RuntimeError):
        admission.link(Role.SCORER)
    access = admission.access_for_session("s1", admission.local)
    assert access.role is Role.HOST and access.may_manage() and access.device is None


# ---------------------------------------------------------------- logs and exposure
def test_log_lines_never_show_a_key(caplog):
    key = new_key()
    undo = redact.install(lambda: {key})
    try:
        logger = logging.getLogger("scorekeeper.test.redact")
        with caplog.at_level(logging.INFO):
            logger.info('%s - "WebSocket %s" [accepted]', "127.0.0.1:5000", f"/ws?key={key}&x=1")
            logger.warning("cookie %s", key)
            try:
                raise ValueError(f"bad url /?key={key}")
            except ValueError:
                logger.exception("failed")
        text = caplog.text
        assert key not in text and text.count("[hidden]") >= 4
        assert "/ws?key=[hidden]&x=1" in text
    finally:
        undo()


def test_where_serve_listens_and_whether_a_key_is_required(monkeypatch):
    monkeypatch.setattr(exposure_module, "lan_addresses", lambda: ["192.168.1.5", "10.0.0.7"])
    plain = exposure(None, 8550, lan=False)
    assert (plain.bind, plain.key_required, plain.addresses) == ("127.0.0.1", False, [])
    lan = exposure(None, 8550, lan=True)
    assert (lan.bind, lan.key_required, lan.addresses, lan.host_address) == (
        "0.0.0.0",
        True,
        ["192.168.1.5", "10.0.0.7"],
        "127.0.0.1",
    )
    every = exposure("0.0.0.0", 8550, lan=False)
    assert every.key_required and every.addresses == lan.addresses
    assert any("as --lan does: a key is required" in note for note in every.notes)
    loop = exposure("127.0.0.1", 9000, lan=True)
    assert (loop.bind, loop.key_required, loop.addresses) == ("127.0.0.1", True, ["127.0.0.1"])
    one = exposure("192.168.1.5", 8550, lan=False)
    assert one.key_required and one.host_address == "192.168.1.5"
    monkeypatch.setattr(exposure_module, "lan_addresses", lambda: [])
    alone = exposure(None, 8550, lan=True)
    assert alone.addresses == ["127.0.0.1"] and any("no network address" in note for note in alone.notes)


def test_join_urls_and_qr_codes():
    admission = Admission(key_required=True, port=8550, addresses=["192.168.1.5"])
    link = admission.link(Role.VIEWER, "m7")
    assert admission.url(link) == f"http://192.168.1.5:8550/?key={link.key}"
    assert admission.url(link, "::1") == f"http://[::1]:8550/?key={link.key}"
    assert admission.qr_svg(link).startswith("<svg")
    assert admission.qr_data_url(link).startswith("data:image/png;base64,")
    assert link.key not in repr(link)


def test_a_terminal_that_cannot_draw_the_qr_code_still_gets_the_links():
    import io

    from scorekeeper.server import terminal

    admission = Admission(key_required=True, port=8550, addresses=["192.168.1.5"])
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="cp1252")
    terminal.print_links(admission, out)
    out.flush()
    text = raw.getvalue().decode("cp1252")
    assert f"scorers (enter moves): {admission.url(admission.link(Role.SCORER))}" in text
    assert text.count("cannot draw the QR code") == 2
