"""Fixed pairs through Swiss and free rounds, and the same pairing whatever Python's hash seed."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from scorekeeper.club import ClubRules, FixtureResult, Format, Pairing, Player, Roster, pair_round, standings

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TEAMS = (("a1", "a2"), ("b1", "b2"), ("c1", "c2"), ("d1", "d2"), ("e1", "e2"))


def pairs_roster() -> Roster:
    return Roster.of([Player(p, p.upper()) for team in TEAMS for p in team], partnerships=TEAMS)


def test_a_swiss_of_five_pairs_gives_each_pair_a_bye_before_any_second():
    """Five pairs, five rounds: a bye each round, to five different pairs; the side that sits first wins."""
    roster = pairs_roster()
    history: list[Pairing] = []
    results: list[FixtureResult] = []
    for _ in range(5):
        pairing = pair_round(Format.SWISS, roster, ClubRules(), history, results)
        assert all(side in TEAMS for table in pairing.tables for side in table.sides)
        history.append(pairing)
        results += [
            *pairing.bye_results(),
            *(FixtureResult(pairing.round, t.number, t.sides, ((61, 40),)) for t in pairing.tables),
        ]
    assert sorted(unit for p in history for unit in p.byes) == sorted(TEAMS)
    rows = standings(roster, ClubRules(), results)
    assert [row.unit for row in rows][0] in TEAMS and all(row.byes == 1 for row in rows)


def test_a_free_round_of_pairs_names_partners_in_any_order():
    roster = pairs_roster()
    pairing = pair_round(Format.FREE, roster, ClubRules(), [], [], tables=[[("a2", "a1"), ("c1", "c2")]])
    assert pairing.tables[0].sides == (("a1", "a2"), ("c1", "c2"))  # the roster's partnerships, as ranked


def test_the_same_event_pairs_alike_under_any_hash_seed():
    script = textwrap.dedent("""
        import random
        from scorekeeper.club import *
        rng = random.Random(3)
        for fmt, n in ((Format.SWISS, 41), (Format.ROTATING_PARTNERS, 22), (Format.GROUPS, 17)):
            roster = Roster.of([Player(f"p{i:03}", "x") for i in range(1, n + 1)])
            history, results = [], []
            for _ in range(4):
                p = pair_round(fmt, roster, ClubRules(), history, results)
                history.append(p)
                results += p.bye_results()
                results += [FixtureResult(p.round, t.number, t.sides,
                                          (tuple(rng.choice((61, rng.randrange(61))) for _ in t.sides),))
                            for t in p.tables]
            print(history)
            print(standings(roster, ClubRules(), results))
    """)
    outputs = set()
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=ROOT)
        out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env)
        assert out.returncode == 0, out.stderr[-2000:]
        outputs.add(out.stdout)
    assert len(outputs) == 1 and "Pairing(round=4" in outputs.pop()
