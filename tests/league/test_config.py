"""The league file: a good one read, each bad one refused with worded, secret-free words."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.i18n import Translator
from scorekeeper.league.config import MAX_BYTES, LeagueConfigError, load_config
from scorekeeper.refusals import problem_words

SECRET = "s3cret-Pa55"
GOOD = (
    'league = "north"\nvenue = "red-lion"\nhub = "nats-leaf://127.0.0.1:8671"\n'
    f'user = "red-lion"\npassword = "{SECRET}"\n'
)


def write(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "league.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return path


def refused(path: Path, role: str = "venue") -> LeagueConfigError:
    with pytest.raises(LeagueConfigError) as caught:
        load_config(path, role)
    return caught.value


def test_a_good_file_is_read(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, GOOD))
    assert (config.league, config.venue, config.hub) == ("north", "red-lion", "nats-leaf://127.0.0.1:8671")
    assert (config.user, config.password, config.creds) == ("red-lion", SECRET, None)
    assert SECRET not in repr(config)


def test_a_creds_file_and_tls_paths_are_taken_from_the_files_folder(tmp_path: Path) -> None:
    (tmp_path / "v.creds").write_text("x")
    (tmp_path / "ca.pem").write_text("x")
    config = load_config(
        write(tmp_path, 'league = "n"\nvenue = "v"\nhub = "tls://h:1"\ncreds = "v.creds"\ntls_ca = "ca.pem"\n')
    )
    assert config.creds == (tmp_path / "v.creds").resolve()
    assert config.tls_ca == (tmp_path / "ca.pem").resolve()
    assert config.user == "" and config.tls_cert is None


def test_the_hubs_file_needs_no_hub_url(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, GOOD.replace('hub = "nats-leaf://127.0.0.1:8671"\n', "")), "hub")
    assert config.hub == ""
    assert refused(write(tmp_path, GOOD.replace('hub = "nats-leaf://127.0.0.1:8671"\n', ""))).params["key"] == "hub"


@pytest.mark.parametrize(
    ("text", "code", "key"),
    [
        (GOOD + 'colour = "red"\n', "league_unknown_key", "colour"),
        (GOOD.replace('league = "north"\n', ""), "league_missing", "league"),
        (GOOD.replace('"north"', '"north.east"'), "league_bad_value", "league"),  # a dot would split the subject
        (GOOD.replace('"north"', '"n>"'), "league_bad_value", "league"),  # a wildcard
        (GOOD.replace('venue = "red-lion"', "venue = 7"), "league_bad_value", "venue"),
        (GOOD.replace('"red-lion"\nhub', '"' + "v" * 33 + '"\nhub'), "league_bad_value", "venue"),
        (GOOD.replace("nats-leaf://127.0.0.1:8671", f"nats://u:{SECRET}@h:1"), "league_bad_value", "hub"),
        (GOOD.replace(f'password = "{SECRET}"\n', ""), "league_credentials", None),
        (GOOD + 'creds = "none.creds"\n', "league_file_missing", "creds"),
        (GOOD.replace(f'"{SECRET}"', '"' + "p" * 257 + '"'), "league_bad_value", "password"),
    ],
)
def test_a_bad_setting_is_refused_naming_the_key_never_the_secret(
    tmp_path: Path, text: str, code: str, key: str | None
) -> None:
    err = refused(write(tmp_path, text))
    assert (err.code, err.params.get("key")) == (code, key)
    assert err.params["path"] == "league.toml"
    for lang in ("en", "uk", "ko"):
        words = problem_words(Translator(lang), err)
        assert "league.toml" in words and SECRET not in words and "{" not in words
    assert SECRET not in err.message and SECRET not in str(err.params)


def test_both_credentials_are_refused(tmp_path: Path) -> None:
    (tmp_path / "v.creds").write_text("x")
    assert refused(write(tmp_path, GOOD + 'creds = "v.creds"\n')).code == "league_credentials"


def test_broken_toml_is_refused_without_quoting_the_file(tmp_path: Path) -> None:
    err = refused(write(tmp_path, GOOD.replace(f'"{SECRET}"', f'"{SECRET}')))  # an unclosed string
    assert err.code == "league_syntax"
    assert SECRET not in err.message and err.__cause__ is None and err.__suppress_context__


def test_not_utf8_too_big_and_missing_are_refused(tmp_path: Path) -> None:
    assert refused(write(tmp_path, b"league = \xff\n")).code == "league_syntax"
    err = refused(write(tmp_path, GOOD + "#" * MAX_BYTES))
    assert (err.code, err.params["limit"]) == ("league_too_big", 16384)
    assert refused(tmp_path / "nothing.toml").code == "league_unreadable"
    assert refused(tmp_path).code == "league_unreadable"  # a folder
