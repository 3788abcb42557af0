"""Shared test helpers: where the acceptance cases live, and the hypothesis profiles of every property test."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
# The acceptance cases are vendored in tests/cases (a copy of ../shared/cases, which a
# clean CI clone may not have); test_cases.py checks the copy is current when both exist.
CASES = ROOT / "tests" / "cases"
SHARED_CASES = ROOT.parent / "shared" / "cases"


@pytest.fixture
def cases_dir() -> Path:
    return CASES


# Hypothesis: one profile for CI, one for a quick local run (README, "Tests"). HYPOTHESIS_PROFILE=ci|quick (or
# pytest --hypothesis-profile) chooses; else "ci" where CI=true (.ci/run sets it, as CI services do), else
# "quick". Examples are never timed: on a loaded 2-core machine a deadline or the too-slow check fails by
# chance. A property whose examples each play whole simulated matches runs a tenth of these
# (tests/rules/helpers.py, SIMULATED).
PROFILES = {"ci": 200, "quick": 30}  # examples per property test
for _name, _examples in PROFILES.items():
    settings.register_profile(
        _name, max_examples=_examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI", "").lower() == "true" else "quick")
)
