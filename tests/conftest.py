"""Shared test helpers: where the acceptance cases live."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The acceptance cases are vendored in tests/cases (a copy of ../shared/cases, which a
# clean CI clone may not have); test_cases.py checks the copy is current when both exist.
CASES = ROOT / "tests" / "cases"
SHARED_CASES = ROOT.parent / "shared" / "cases"


@pytest.fixture
def cases_dir() -> Path:
    return CASES
