"""Fixing a mistake several moves back (scorekeeper.rules.fix), over simulated matches.

The reference is the hand-edited document: a fix (replace, delete or insert a move, or
replace revealed hands) folded by the engine must give exactly what replaying the match
document edited the same way by hand gives — the same corrected match, or the same
refusal naming the same round, move and rule. A fix never changes the match it is given.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import (
    ALL_TILES,
    Draw,
    Match,
    Pass,
    Play,
    RuleViolation,
    StartRound,
    build_report,
    match_to_document,
)
from scorekeeper.rules.document import hands_to_json, match_from_document, move_to_json
from scorekeeper.rules.fix import (
    DeleteMove,
    InsertMove,
    ReplaceHands,
    ReplaceMove,
    apply_fix,
    position,
    preview_fix,
)
from tests.conftest import CASES
from tests.rules.helpers import SIMULATED, state_of
from tests.simulator import CONFIGS, simulate

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
CONFIG_IDS = [c.name for c in CONFIGS]


def fresh(sim) -> Match:
    """The simulated match folded again, as the store holds it (explain on)."""
    c = sim.config
    return Match.replay(c.variant, sim.document["players"], c.partnerships, sim.actions, explain=True)


def positions(match: Match):
    """Every (round, move, action, open spots before it) of a match, with one extra fold."""
    c = Match(match.variant, match.players, match.partnerships)
    out = []
    for action in match.actions:
        if isinstance(action, (Play, Draw, Pass)):
            r = c.round
            out.append((r.number, len(r.moves) + 1, action, dict(r.layout.open_spots), set(r.layout.on_table)))
        c.apply(action)
    return out


def pick(rng: random.Random, places: list):
    """A place to fix: anywhere, or (half the time) among the match's last moves, where a fix
    more often leaves every later move legal."""
    return rng.choice(places if rng.random() < 0.5 else places[-3:])


def outcome_of_fix(match: Match, edits):
    preview = preview_fix(match, edits)
    if preview.ok:
        return "ok", match_to_document(preview.match), build_report(preview.match)
    return "refused", preview.refusal.message


def outcome_of_document(doc: dict):
    try:
        m = match_from_document(doc, awaiting_hands=True)
    except RuleViolation as err:
        return "refused", err.message
    return "ok", match_to_document(m), build_report(m)


def other_moves(rng: random.Random, move, spots: dict, on_table: set, n: int) -> list:
    """Moves that could be recorded instead of ``move`` at its place: the same tile at another
    open spot it fits, another tile off the table at a spot it fits, a draw or a pass by the same player."""
    out = []
    if isinstance(move, Play) and move.spot is not None:
        out += [
            Play(move.player, move.tile, s, move.drawn) for s, v in spots.items() if s != move.spot and v in move.tile
        ]
    off = [t for t in ALL_TILES if t not in on_table and t != getattr(move, "tile", None)]
    for tile in rng.sample(off, min(4, len(off))):
        fitting = [s for s, v in spots.items() if v in tile]
        if fitting:
            out.append(Play(move.player, tile, rng.choice(fitting)))
    out += [Draw(move.player, 1), Pass(move.player)]
    if isinstance(move, Play):  # the right tile, entered for the next player
        out.append(Play((move.player + 1) % n, move.tile, move.spot, move.drawn))
    return out


def edit_document(doc: dict, round_no: int, move_no: int, how: str, new=None) -> dict:
    edited = copy.deepcopy(doc)
    moves = edited["rounds"][round_no - 1]["moves"]
    if how == "replace":
        moves[move_no - 1] = move_to_json(new)
    elif how == "delete":
        del moves[move_no - 1]
    else:
        moves.insert(move_no - 1, move_to_json(new))
    return edited


def check_unchanged(match: Match, before: dict, actions: list) -> None:
    assert state_of(match) == before and match.actions == actions


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@SIMULATED
@given(seed=SEEDS, choice=st.integers(min_value=0, max_value=2**32 - 1))
def test_a_fix_equals_replaying_the_hand_edited_document(config, seed, choice):
    sim = simulate(config, seed)
    match = fresh(sim)
    before, actions = state_of(match), list(match.actions)
    rng = random.Random(choice)
    round_no, move_no, move, spots, on_table = pick(rng, positions(match))
    how = rng.choice(["replace", "delete", "insert"])
    if how == "delete":
        edits, new = DeleteMove(round_no, move_no), None
    else:
        new = rng.choice(other_moves(rng, move, spots, on_table, match.n))
        cls = ReplaceMove if how == "replace" else InsertMove
        edits = cls(round_no, move_no, new)
    assert outcome_of_fix(match, edits) == outcome_of_document(edit_document(sim.document, round_no, move_no, how, new))
    check_unchanged(match, before, actions)  # refused or not, the match given is not touched


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@SIMULATED
@given(seed=SEEDS, choice=st.integers(min_value=0, max_value=2**32 - 1))
def test_replacing_hands_equals_replaying_the_hand_edited_document(config, seed, choice):
    sim = simulate(config, seed)
    match = fresh(sim)
    revealed = [r for r in match.rounds if r.hands is not None]
    if not revealed:
        return
    rng = random.Random(choice)
    r = rng.choice(revealed)
    seat = rng.randrange(match.n)
    hand = r.hands[seat]
    pips = hand if isinstance(hand, int) else sum(a + b for a, b in hand)
    new = rng.choice([pips, pips + rng.choice([-2, 2, 5]), sorted(hand) if isinstance(hand, list) else pips])
    edits = ReplaceHands(r.number, {seat: max(new, 0) if isinstance(new, int) else new})
    doc = copy.deepcopy(sim.document)
    doc["rounds"][r.number - 1]["hands"] = hands_to_json({**r.hands, **edits.hands})
    assert outcome_of_fix(match, edits) == outcome_of_document(doc)
    if new == pips:  # the same pips as a total: the same match, that hand shown as a total
        fixed = apply_fix(match, edits)
        assert fixed.points == match.points and build_report(fixed) == build_report(match)


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@SIMULATED
@given(seed=SEEDS, choice=st.integers(min_value=0, max_value=2**32 - 1))
def test_refused_fix_names_the_first_broken_move_and_can_keep_the_moves_before(config, seed, choice):
    sim = simulate(config, seed)
    match = fresh(sim)
    before, actions = state_of(match), list(match.actions)
    rng = random.Random(choice)
    for _ in range(40):  # look for a fix refused at a later move
        round_no, move_no, move, spots, on_table = rng.choice(positions(match))
        new = rng.choice(other_moves(rng, move, spots, on_table, match.n))
        preview = preview_fix(match, ReplaceMove(round_no, move_no, new))
        if preview.broken is not None:
            break
    else:
        return
    broken = preview.broken
    check_unchanged(match, before, actions)
    # the refusal is the engine's for that action in the corrected record
    assert preview.refusal.round_no is not None and preview.refusal.rule is not None
    assert preview.actions[broken.index] == match.actions[broken.old_index] == broken.action
    assert position(match, broken.old_index) == (broken.round, broken.move)
    assert broken.index > preview.start
    with pytest.raises(RuleViolation) as caught:
        apply_fix(match, ReplaceMove(round_no, move_no, new))
    assert caught.value.message == preview.refusal.message
    # keeping the moves before it: exactly the corrected actions up to the broken one
    kept = preview.result(keep_before_broken=True)
    assert kept.actions == list(preview.actions[: broken.index])
    assert preview.dropped == len(preview.actions) - broken.index
    assert state_of(kept) == state_of(
        Match.replay(match.variant, match.players, match.partnerships, list(preview.actions[: broken.index]))
    )
    check_unchanged(match, before, actions)


def test_both_outcomes_are_exercised():
    """The property above must see fixes that stand and fixes refused at a later move."""
    seen = {"ok": 0, "broken": 0, "own": 0}
    for seed in range(12):
        sim = simulate(CONFIGS[seed % len(CONFIGS)], seed)
        match = fresh(sim)
        rng = random.Random(seed)
        for _ in range(10):
            round_no, move_no, move, spots, on_table = pick(rng, positions(match))
            new = rng.choice(other_moves(rng, move, spots, on_table, match.n))
            preview = preview_fix(match, ReplaceMove(round_no, move_no, new))
            seen["ok" if preview.ok else "broken" if preview.broken else "own"] += 1
    assert min(seen.values()) >= 5, seen


# ----------------------------------------------------------------- worked by hand
# The seeds' worked layout (tests/cases/hr-2p-seed-layout.json), its first seven moves:
SEED_LAYOUT = [
    Play(0, (1, 4)),  # 1: ends 1 + 4 = 5 -> Ann 1 (scored: goes on, H4)
    Play(0, (1, 1), ((1, 4), "low")),  # 2: 1-1 end double 2 + 4 = 6 (a double: goes on)
    Draw(0, 2),  # 3
    Play(0, (4, 4), ((1, 4), "high"), True),  # 4: 2 + 8 = 10 -> Ann 2 (drawn: turn over, H5)
    Play(1, (3, 4), ((4, 4), "line-b")),  # 5: 2 + 3 = 5 -> Bo 1
    Play(1, (1, 2), ((1, 1), "line-b")),  # 6: 2 + 3 = 5 -> Bo 1
    Play(1, (1, 5), ((1, 1), "branch-a")),  # 7: 2 + 5 + 3 = 10 -> Bo 2
]


def seed_layout_match(moves) -> Match:
    return Match.replay("horse-race", ["Ann", "Bo"], False, [StartRound(0), *moves], explain=True)


def test_worked_example_forgotten_draw_inserted():
    # Recorded without Ann's draw of 2: the drawn 4-4 then reads as the very first tile drawn,
    # which S8 accepts. Inserting the forgotten draw before move 3 gives the seeds' record.
    wrong = seed_layout_match([m for m in SEED_LAYOUT if type(m) is not Draw])
    assert wrong.points == [3, 4] and wrong.round.hand_sizes == [5, 4] and wrong.round.stock == 13
    preview = preview_fix(wrong, InsertMove(1, 3, Draw(0, 2)))
    assert preview.ok and preview.rechecked == 4  # old moves 3 to 6, folded again
    assert preview.match.round.hand_sizes == [7, 4] and preview.match.round.stock == 11  # 14 - 2 - 1
    assert [c.text() for c in preview.changes] == ["Ann 3 → 3", "Bo 4 → 4"]
    assert preview.match.actions == seed_layout_match(SEED_LAYOUT).actions


def test_worked_example_wrong_spot_several_moves_back():
    # The whole seeds' record, but Bo's 1-3 (move 10) entered at 3-4:low instead of 1-1:branch-b.
    # Ends after move 9: 1-2's 2, 0-5's 0, 3-4's 3 = 5. Right: 1-3 on branch-b adds 3 (8); Ann's 2-6
    # on 1-2:high makes 6 + 0 + 3 + 3 = 12; Bo's 0-3 on 0-5:low 6 + 3 + 3 + 3 = 15 -> Bo 3.
    # Wrong: 1-3 covers the 3-4's 3 and leaves its 1 (3); 2-6: 6 + 0 + 1 = 7; 0-3: 6 + 3 + 1 = 10 -> Bo 2.
    # Ann's 6 tiles left hold 40 pips -> 8 for Bo (H8) either way: Bo 19 right, 18 wrong.
    doc = copy.deepcopy(json.loads((CASES / "hr-2p-seed-layout.json").read_text(encoding="utf-8")))
    right = match_from_document(doc, explain=True)
    doc["rounds"][0]["moves"][9]["at"] = "3-4:low"
    wrong = match_from_document(doc, explain=True)
    assert wrong.points == [3, 18] and right.points == [3, 19]
    preview = preview_fix(wrong, ReplaceMove(1, 10, Play(1, (1, 3), ((1, 1), "branch-b"))))
    assert preview.ok and preview.rechecked == 2  # Ann's 2-6 and Bo's 0-3
    assert [c.text() for c in preview.changes] == ["Ann 3 → 3", "Bo 18 → 19"]
    assert build_report(preview.match) == build_report(right)


def test_refused_fix_reports_the_later_move_in_both_numberings():
    match = seed_layout_match(SEED_LAYOUT)
    # Without Ann's 1-1 (move 2): 1-4, the draw, 4-4 (drawn, sum 1 + 8 = 9: turn over), Bo's 3-4
    # (1 + 3 = 4: no score, turn over); Bo's 1-2 (old move 6) is then out of turn: Ann is to move.
    preview = preview_fix(match, DeleteMove(1, 2))
    assert not preview.ok and preview.broken is not None
    assert (preview.broken.round, preview.broken.move) == (1, 6)  # as the table sees it now
    assert (preview.refusal.round_no, preview.refusal.move_no) == (1, 5)  # in the corrected record
    assert (preview.refusal.rule, preview.refusal.code) == ("S3", "wrong_player")
    assert preview.kept.actions == [StartRound(0), SEED_LAYOUT[0], *SEED_LAYOUT[2:5]]
    assert preview.dropped_moves == 2 and [c.text() for c in preview.kept_changes] == ["Ann 3 → 1", "Bo 4 → 0"]


def test_fix_positions_that_do_not_exist_are_refused():
    match = seed_layout_match(SEED_LAYOUT)
    for edit, code in [
        (ReplaceMove(2, 1, Pass(0)), "no_such_round"),
        (DeleteMove(1, 8), "no_such_move"),
        (DeleteMove(1, 0), "no_such_move"),
        (ReplaceHands(1, {0: 3}), "no_hands"),
        ([DeleteMove(1, 3), ReplaceMove(1, 3, Draw(0, 1))], "fix_twice"),
    ]:
        with pytest.raises(RuleViolation) as caught:
            preview_fix(match, edit)
        assert caught.value.code == code
    # after the last move: Bo goes on after the scoring 1-5 and the stock has 11 tiles (S8)
    preview = preview_fix(match, InsertMove(1, 8, Pass(1)))
    assert preview.refusal.code == "pass_with_stock" and preview.broken is None and preview.kept is None


def test_several_edits_name_the_record_before_the_fix():
    # The forgotten draw inserted before move 3 and Bo's 1-5 (move 6 of the record as it stands)
    # moved to branch-b, in one fix: positions never shift each other.
    recorded = seed_layout_match([m for m in SEED_LAYOUT if type(m) is not Draw])
    fixed = apply_fix(
        recorded, [InsertMove(1, 3, Draw(0, 2)), ReplaceMove(1, 6, Play(1, (1, 5), ((1, 1), "branch-b")))]
    )
    assert fixed.round.moves[2] == Draw(0, 2) and fixed.round.moves[6] == Play(1, (1, 5), ((1, 1), "branch-b"))
    assert fixed.points == [3, 4]


def test_s8_proof_says_what_to_do():
    # Ann drew at move 3 with 1 and 4 open; at move 11 she plays 0-4 from hand, which fitted then.
    # The refusal says how to fix the record: a forgotten later draw, or the draw itself.
    later = [
        Play(1, (5, 5), ((1, 5), "high")),
        Play(1, (0, 5), ((5, 5), "line-b")),
        Play(1, (1, 3), ((1, 1), "branch-b")),
    ]
    match = seed_layout_match(SEED_LAYOUT + later)
    with pytest.raises(RuleViolation) as caught:
        match.apply(Play(0, (0, 4), ((0, 5), "low")))
    err = caught.value
    assert (err.rule, err.code, err.round_no, err.move_no) == ("S8", "held_fitting_tile", 1, 3)
    assert err.message == (
        "round 1, move 3: S8: Ann drew at move 3 while holding 0-4, which fitted an open "
        "1, 4 (Ann plays it from hand at move 11); a player who can play must play. If Ann "
        "drew again after that, record that draw first; otherwise correct move 3"
    )
    from scorekeeper.i18n import Translator
    from scorekeeper.refusals import refusal_line

    assert refusal_line(Translator("uk"), err) == (
        "раунд 1, хід 3: S8: Ann добирав на ході 3, маючи 0-4, яка підходила до відкритого 1, 4 (Ann викладає "
        "її з рук на ході 11); хто може походити, мусить ходити. Якщо Ann добирав ще раз після цього, спершу "
        "запишіть той добір; інакше виправте хід 3"
    )
    assert refusal_line(Translator("ko"), err) == (
        "1라운드 3번째 수: S8: Ann은(는) 3번째 수에서 열린 1, 4에 맞는 0-4을(를) 가지고도 뽑았습니다 (Ann은(는) "
        "11번째 수에서 그 타일을 손패에서 놓습니다); 놓을 수 있으면 놓아야 합니다. 그 뒤에 Ann이(가) 다시 뽑았다면 "
        "그 뽑기를 먼저 기록하고, 아니면 3번째 수를 고치세요"
    )
