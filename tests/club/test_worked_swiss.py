"""A worked small event by hand: 6 players, Swiss, 3 rounds, one bye, a tie settled by head-to-head.

The club's rules: a win 2, a draw 1, a loss 0, a bye 2; one game a fixture; tie-breaks head-to-head,
then Buchholz. Players a..f are seeds 1..6; f arrives late, after round 1.

Round 1 — five present (a b c d e), all on 0, ranked by seed. Odd: the bye goes to the lowest-ranked
player without one: e. The rest pair neighbours: a–b, c–d.
    a 61–40 b, c 52–61 d, e bye.
    Points: a 2, d 2, e 2, b 0, c 0.

Round 2 — f enters (seed 6). Ranking: a, d, e on 2 (nobody met among them: head-to-head 0 each;
Buchholz a 0 (b), d 0 (c), e 0 (no opponent): level, so seed order), then b, c, f on 0 (head-to-head 0;
Buchholz b 2 (a), c 2 (d), f 0): a d e b c f at ranks 0..5. Rematches to avoid: a–b, c–d. Three on 2
points and three on 0 make one pair across (Σ points difference² = 4 at least); neighbours a–d, e–b,
c–f meet no one twice and have every rank difference 1 (Σ = 3, the least possible).
    a 61–30 d, e 55–61 b, c 35–61 f.
    Points: a 4; b, d, e, f 2; c 0.

Round 3 — ranking: a 4; the four on 2: head-to-head among b d e f: only b–e met (b won): b 2, the others
0; d, e, f by Buchholz: d 4 (c 0 + a 4), e 2 (b 2), f 0 (c 0); then c. So a b d e f c, ranks 0..5.
Earlier meetings: a–b, c–d, a–d, b–e, c–f. a (4) must meet a 2 (a–b, a–d are rematches: a–e or a–f),
c (0) must meet a 2 (c–d, c–f are rematches: c–b or c–e), the other two 2s meet: Σ points difference²
is 8 for each of a–e b–c d–f (rank differences² 9+16+4 = 29), a–f b–c d–e (16+16+1 = 33),
a–f b–d c–e (16+1+4 = 21): the last one.
    a 61–48 f, b 61–57 d, e 61–20 c.

Standings: a 6 (3 wins); b 4, e 4 (level on points; they met in round 2, b won: head-to-head b 2, e 0);
d 2, f 2 (never met: head-to-head 0 each; Buchholz d = c 0 + a 6 + b 4 = 10, f = c 0 + a 6 = 6); c 0.
Buchholz a = b 4 + d 2 + f 2 = 8, b = a 6 + e 4 + d 2 = 12, e = b 4 + c 0 = 4 (the bye has no
opponent), c = d 2 + f 2 + e 4 = 8. Sonneborn–Berger (beaten opponents' points): a = 4 + 2 + 2 = 8,
b = e 4 + d 2 = 6, d = f = e = c 0 = 0.
Points difference: a 21 + 31 + 13 = 65; b −21 + 6 + 4 = −11; e 6·(−1) + 41 = 35; d 9 − 31 − 4 = −26;
f 26 − 13 = 13; c −9 − 26 − 41 = −76 (they add up to 0).
"""

from __future__ import annotations

from fractions import Fraction

from scorekeeper.club import (
    ClubRules,
    Criterion,
    FixtureResult,
    Format,
    Pairing,
    Player,
    Roster,
    Table,
    pair_round,
    standings,
)

RULES = ClubRules(tie_breaks=(Criterion.HEAD_TO_HEAD, Criterion.BUCHHOLZ))


def one_game(round_no: int, table: Table, *scores: int) -> FixtureResult:
    return FixtureResult(round_no, table.number, table.sides, (tuple(scores),))


def tables(pairing: Pairing) -> list[tuple[str, ...]]:
    return [tuple(side[0] for side in table.sides) for table in pairing.tables]


def test_six_players_swiss_by_hand():
    players = [Player(pid, pid.upper()) for pid in "abcdef"]
    roster = Roster.of(players[:5])
    history: list[Pairing] = []
    results: list[FixtureResult] = []

    r1 = pair_round(Format.SWISS, roster, RULES, history, results)
    assert tables(r1) == [("a", "b"), ("c", "d")]
    assert r1.byes == (("e",),)
    history.append(r1)
    results += [*r1.bye_results(), one_game(1, r1.tables[0], 61, 40), one_game(1, r1.tables[1], 52, 61)]

    roster = roster.enter(players[5])
    assert [row.unit[0] for row in standings(roster, RULES, results)] == ["a", "d", "e", "b", "c", "f"]
    r2 = pair_round(Format.SWISS, roster, RULES, history, results)
    assert tables(r2) == [("a", "d"), ("e", "b"), ("c", "f")]
    assert r2.byes == ()
    history.append(r2)
    results += [one_game(2, r2.tables[0], 61, 30), one_game(2, r2.tables[1], 55, 61), one_game(2, r2.tables[2], 35, 61)]

    assert [row.unit[0] for row in standings(roster, RULES, results)] == ["a", "b", "d", "e", "f", "c"]
    r3 = pair_round(Format.SWISS, roster, RULES, history, results)
    assert tables(r3) == [("a", "f"), ("b", "d"), ("e", "c")]
    history.append(r3)
    results += [one_game(3, r3.tables[0], 61, 48), one_game(3, r3.tables[1], 61, 57), one_game(3, r3.tables[2], 61, 20)]

    rows = standings(roster, RULES, results)
    got = [
        (r.place, r.unit[0], r.points, r.played, r.won, r.lost, r.byes, r.buchholz, r.head_to_head, r.placed_by)
        for r in rows
    ]
    assert got == [
        (1, "a", 6, 3, 3, 0, 0, 8, None, Criterion.POINTS),
        (2, "b", 4, 3, 2, 1, 0, 12, 2, Criterion.HEAD_TO_HEAD),
        (3, "e", 4, 2, 1, 1, 1, 4, 0, Criterion.HEAD_TO_HEAD),
        (4, "d", 2, 3, 1, 2, 0, 10, 0, Criterion.BUCHHOLZ),
        (5, "f", 2, 2, 1, 1, 0, 6, 0, Criterion.BUCHHOLZ),
        (6, "c", 0, 3, 0, 3, 0, 8, None, Criterion.POINTS),
    ]
    by_id = {r.unit[0]: r for r in rows}
    assert {pid: by_id[pid].points_difference for pid in "abcdef"} == {
        "a": 65,
        "b": -11,
        "c": -76,
        "d": -26,
        "e": 35,
        "f": 13,
    }
    assert {pid: by_id[pid].sonneborn_berger for pid in "abcdef"} == {
        "a": Fraction(8),
        "b": Fraction(6),
        "c": 0,
        "d": 0,
        "e": 0,
        "f": 0,
    }
    assert not any(r.shared for r in rows)
    # every result came from a table of the pairing: the round is complete, round 4 could be paired
    assert pair_round(Format.SWISS, roster, RULES, history, results).round == 4
