"""Store test fixtures: every test gets its own data folder; no test touches the user's."""

from __future__ import annotations

import json

import pytest

from scorekeeper.rules import load_document
from scorekeeper.store import store as store_module
from tests.conftest import CASES

LEGAL_CASES = sorted(p for p in CASES.glob("*.json") if (CASES / (p.stem + ".report.json")).exists())


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_DATA", str(tmp_path / "default-data"))
    yield
    for store in list(store_module._REGISTRY.values()):
        store.close()


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path / "data"


def case_doc(name: str) -> dict:
    """A shared case's match document."""
    return json.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))


def case_report(name: str) -> dict:
    return json.loads((CASES / f"{name}.report.json").read_text(encoding="utf-8"))


def case_match(name: str):
    return load_document((CASES / f"{name}.json").read_bytes())


def record_case(store, name: str) -> str:
    """Record a case action by action through the live path; return the match id."""
    match = case_match(name)
    match_id = store.create_match(match.variant, match.players, match.partnerships)
    for action in match.actions:
        store.record(match_id, action)
    return match_id


def without_meta(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k != "meta"}
