"""Bad input: every refusal kind of match-format.md, generated from simulated matches.

Each test takes a legal simulated match, breaks it in one place the way the
format's "Refusals" section lists, and works out *from the record and the
hidden hands* (not by asking the engine) which round, move and rule the
refusal must name. Moves before the change are legal, so the first fault is
exactly the change.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from scorekeeper.rules import ALL_TILES, RuleViolation, load_document, parse_spot, parse_tile
from scorekeeper.rules.variants import get_variant
from tests.rules.helpers import SIMULATED, reference_layout
from tests.simulator import CONFIGS, simulate

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PICKS = st.integers(min_value=0, max_value=2**32 - 1)
CONFIG = st.sampled_from(CONFIGS)


class Position:
    """One move of a document with what the record says about the table just before it."""

    def __init__(self, round_no, index, move, stock, on_table, placements, prev):
        self.round_no, self.index, self.move = round_no, index, move
        self.stock, self.on_table, self.placements, self.prev = stock, on_table, placements, prev

    @property
    def where(self) -> tuple[int, int]:
        return self.round_no, self.index + 1


def positions(doc: dict) -> list[Position]:
    """Walk a legal document: stock count, tiles on the table and placements before each move."""
    n = len(doc["players"])
    variant = get_variant(doc["variant"])
    out = []
    for round_no, rnd in enumerate(doc["rounds"], start=1):
        stock = variant.stock_size(n)
        placements: list = []
        prev = None
        for index, move in enumerate(rnd["moves"]):
            on_table = {tile for tile, _ in placements}
            out.append(Position(round_no, index, move, stock, on_table, list(placements), prev))
            if "draw" in move:
                stock -= move["draw"]
            elif "play" in move:
                stock -= bool(move.get("drawn"))
                placements.append((parse_tile(move["play"]), parse_spot(move["at"]) if "at" in move else None))
            prev = move
    return out


def table_after(rnd: dict) -> set:
    return {parse_tile(m["play"]) for m in rnd["moves"] if "play" in m}


def refused(doc: dict | str) -> RuleViolation:
    text = doc if isinstance(doc, str) else json.dumps(doc, ensure_ascii=False)
    with pytest.raises(RuleViolation) as caught:
        load_document(text.encode())
    return caught.value


def assert_refused(doc, rules: set[str], round_no, move_no) -> RuleViolation:
    err = refused(doc)
    assert (err.round_no, err.move_no) == (round_no, move_no), err.message
    assert err.rule in rules, err.message
    return err


def setup(config, seed, pick):
    sim = simulate(config, seed)
    return sim, copy.deepcopy(sim.document), random.Random(pick)


def set_move(doc: dict, pos: Position, move: dict) -> None:
    doc["rounds"][pos.round_no - 1]["moves"][pos.index] = move


# ----------------------------------------------------------------- malformed
@given(config=CONFIG, seed=SEEDS, pick=PICKS)
@SIMULATED
def test_truncated_file_is_refused_without_a_position(config, seed, pick):
    sim, doc, rng = setup(config, seed, pick)
    text = json.dumps(doc)
    err = refused(text[: rng.randrange(len(text))])
    assert (err.rule, err.round_no, err.move_no) == ("", None, None)
    assert "not a JSON document" in err.message


BAD_MOVES = [
    lambda m: {k: v for k, v in m.items() if k != "player"},  # no player
    lambda m: {**m, "player": str(m["player"])},  # seat as text
    lambda m: {**m, "note": "x"},  # unknown field
    lambda m: {"player": m["player"]},  # no play, draw or pass
    lambda m: {"player": m["player"], "play": "1-2", "draw": 1},  # two kinds at once
    lambda m: {**m, "drawn": "yes"} if "play" in m else {**m, "pass": 1},
    lambda m: {"player": m["player"], "draw": "2"},
    lambda m: [m],
]


@given(config=CONFIG, seed=SEEDS, pick=PICKS, kind=st.sampled_from(range(len(BAD_MOVES))))
@SIMULATED
def test_malformed_move_is_refused_at_its_position(config, seed, pick, kind):
    sim, doc, rng = setup(config, seed, pick)
    pos = rng.choice(positions(doc))
    set_move(doc, pos, BAD_MOVES[kind](pos.move))
    assert_refused(doc, {""}, *pos.where)


@given(config=CONFIG, seed=SEEDS, pick=PICKS)
@SIMULATED
def test_malformed_round_or_header_is_refused(config, seed, pick):
    sim, doc, rng = setup(config, seed, pick)
    r = rng.randrange(len(doc["rounds"]))
    choice = rng.randrange(5)
    if choice == 0:
        doc["rounds"][r]["starter"] = "0"
        assert_refused(doc, {""}, r + 1, 1)
    elif choice == 1:
        doc["rounds"][r]["moves"] = {}
        assert_refused(doc, {""}, r + 1, 1)
    elif choice == 2:
        doc["format"] = "scorekeeper-match/2"
        assert_refused(doc, {""}, None, None)
    elif choice == 3:
        doc["players"] = doc["players"] + ["Eve"] * (5 - len(doc["players"]))  # five players
        assert_refused(doc, {"H1", "E1"}, None, None)
    else:
        doc["variant"] = "five-up"
        assert_refused(doc, {""}, None, None)


# -------------------------------------------------------------- tiles and spots
@given(config=CONFIG, seed=SEEDS, pick=PICKS, bad=st.sampled_from(["5-7", "7-7", "-1-2", "1-2-3", "", "x", "12"]))
@SIMULATED
def test_unknown_tile_is_refused(config, seed, pick, bad):
    sim, doc, rng = setup(config, seed, pick)
    pos = rng.choice([p for p in positions(doc) if "play" in p.move])
    if "at" in pos.move and rng.random() < 0.3:
        set_move(doc, pos, {**pos.move, "at": bad + ":low"})
    else:
        set_move(doc, pos, {**pos.move, "play": bad})
    assert_refused(doc, {"S2"}, *pos.where)


@given(config=CONFIG, seed=SEEDS, pick=PICKS)
@SIMULATED
def test_tile_already_on_the_table_is_refused(config, seed, pick):
    sim, doc, rng = setup(config, seed, pick)
    pos = rng.choice([p for p in positions(doc) if "play" in p.move and p.index > 0])
    tile = rng.choice(sorted(pos.on_table))
    set_move(doc, pos, {**pos.move, "play": f"{tile[0]}-{tile[1]}"})
    assert_refused(doc, {"S4"}, *pos.where)


@given(config=CONFIG, seed=SEEDS, pick=PICKS)
@SIMULATED
def test_attachment_to_a_spot_not_open_or_not_matching_is_refused(config, seed, pick):
    sim, doc, rng = setup(config, seed, pick)
    pos = rng.choice([p for p in positions(doc) if "play" in p.move])
    tile = parse_tile(pos.move["play"])
    if pos.index == 0:  # the lead joins nothing
        target = rng.choice(ALL_TILES)
        side = "line-a" if target[0] == target[1] else "low"
        set_move(doc, pos, {**pos.move, "at": f"{target[0]}-{target[1]}:{side}"})
        assert_refused(doc, {"S4"}, *pos.where)
        return
    _, open_spots = reference_layout(pos.placements)
    candidates = []  # (spot text, rules it breaks)
    for target in ALL_TILES:
        sides = ["line-a", "line-b", "branch-a", "branch-b"] if target[0] == target[1] else ["low", "high"]
        for side in sides:
            spot = (target, side)
            if spot in open_spots:
                if open_spots[spot] not in tile:
                    candidates.append((spot, {"S4"}))  # value mismatch
            elif target not in pos.on_table:
                candidates.append((spot, {"S4"}))  # no such tile on the table
            elif side.startswith("branch") and not all(
                (target, line) not in open_spots for line in ("line-a", "line-b")
            ):
                candidates.append((spot, {"S5"}))  # a branch before both lines are filled
            else:
                candidates.append((spot, {"S4"}))  # already filled
    (target, side), rules = rng.choice(candidates)
    if rng.random() < 0.2:
        set_move(doc, pos, {k: v for k, v in pos.move.items() if k != "at"})  # no spot at all
        rules = {"S4"}
    else:
        set_move(doc, pos, {**pos.move, "at": f"{target[0]}-{target[1]}:{side}"})
    assert_refused(doc, rules, *pos.where)


# ----------------------------------------------------------------- who moves
@given(config=CONFIG, seed=SEEDS, pick=PICKS)
@SIMULATED
def test_move_by_the_wrong_player_is_refused_with_the_reason(config, seed, pick):
    sim, doc, rng = setup(config, seed, pick)
    n = config.players
    pos = rng.choice(positions(doc))
    mover = pos.move["player"]
    if rng.random() < 0.1:
        other, rules = rng.choice([-1, n, n + 3]), {"S1"}
    else:
        other = rng.choice([s for s in range(n) if s != mover])
        prev = pos.prev
        if pos.index == 0 or prev["player"] != mover:
            rules = {"S3"}  # lead, or clockwise order
        elif "draw" in prev:
            rules = {"S8"}  # the drawn tile must be played (or a pass after the last tiles)
        else:
            assert "play" in prev and not prev.get("drawn") and config.variant == "horse-race"
            rules = {"H4"}  # a skipped continuation
    set_move(doc, pos, {**pos.move, "player": other})
    assert_refused(doc, rules, *pos.where)


# ------------------------------------------------------------ draws and passes
@given(config=CONFIG, seed=SEEDS, pick=PICKS)
@SIMULATED
def test_draw_from_an_empty_stock_or_of_no_tiles_is_refused(config, seed, pick):
    sim, doc, rng = setup(config, seed, pick)
    empty = [p for p in positions(doc) if p.stock == 0 and "pass" in p.move]
    draws = [p for p in positions(doc) if "draw" in p.move]
    if empty and (rng.random() < 0.5 or not draws):
        pos = rng.choice(empty)
        set_move(doc, pos, {"player": pos.move["player"], "draw": rng.randint(1, 3)})
    else:
        pos = rng.choice(draws)
        count = rng.choice([0, -1, pos.stock + 1, pos.stock + 10])
        set_move(doc, pos, {"player": pos.move["player"], "draw": count})
    assert_refused(doc, {"S8"}, *pos.where)


@given(config=CONFIG, seed=SEEDS, pick=PICKS)
@SIMULATED
def test_hand_tile_right_after_a_draw_is_refused(config, seed, pick):
    sim, doc, rng = setup(config, seed, pick)
    after_draw = [p for p in positions(doc) if p.prev and "draw" in p.prev and "play" in p.move]
    if not after_draw:
        return
    pos = rng.choice(after_draw)
    set_move(doc, pos, {k: v for k, v in pos.move.items() if k != "drawn"})
    assert_refused(doc, {"S8", "H5"}, *pos.where)


@given(config=CONFIG, seed=SEEDS, pick=PICKS)
@SIMULATED
def test_pass_while_the_stock_has_tiles_is_refused(config, seed, pick):
    sim, doc, rng = setup(config, seed, pick)
    pos = rng.choice([p for p in positions(doc) if p.stock > 0])
    set_move(doc, pos, {"player": pos.move["player"], "pass": True})
    err = assert_refused(doc, {"S8"}, *pos.where)
    if pos.index > 0:
        assert err.code == "pass_with_stock" and err.params["stock"] == pos.stock


# ------------------------------------------------------ proven fitting tiles (S8)
def expected_proof(sim) -> tuple[int, int] | None:
    """Where the record proves the cheat, worked out from the hidden hands: the cheater
    plays a tile he held at the cheat from hand before drawing again, or still shows it."""
    cheat = sim.cheat
    rnd = sim.document["rounds"][cheat.round_no - 1]
    for move in rnd["moves"][cheat.move + 1 :]:
        if move["player"] != cheat.seat:
            continue
        if "draw" in move:
            return None  # new tiles in hand: a later tile could be one of them
        if "play" in move and not move.get("drawn") and parse_tile(move["play"]) in cheat.held:
            return cheat.round_no, cheat.move + 1
    shown = rnd.get("hands", {}).get(str(cheat.seat))
    if isinstance(shown, list) and {parse_tile(t) for t in shown} & set(cheat.held):
        return cheat.round_no, cheat.move + 1
    return None


@given(config=CONFIG, seed=SEEDS, chance=st.integers(min_value=0, max_value=60))
@SIMULATED
def test_draw_or_pass_while_holding_a_fitting_tile(config, seed, chance):
    sim = simulate(config, seed, cheat=chance)
    if sim.cheat is None:  # fewer chances in this match than asked
        assert sim.refusal is None
        return
    expected = expected_proof(sim)
    if expected is None:  # nothing in the record proves it: the record stands
        assert sim.refusal is None
        load_document(json.dumps(sim.document))
        return
    err = assert_refused(sim.document, {"S8"}, *expected)
    assert err.code == "held_fitting_tile" and parse_tile(err.params["tile"]) in sim.cheat.held
    # The record up to the proof is accepted: it is the proof that is refused.
    rnd = sim.document["rounds"][-1]
    if "hands" in rnd:
        rnd["hands"][str(sim.cheat.seat)] = sum(sum(parse_tile(t)) for t in rnd["hands"][str(sim.cheat.seat)])
    else:
        rnd["moves"].pop()
    load_document(json.dumps(sim.document))


def test_cheats_are_both_proven_and_unprovable():
    """The cheat test above meets both outcomes, and honest players are never refused."""
    proven = unprovable = 0
    for seed in range(60):
        sim = simulate(CONFIGS[seed % 7], seed, cheat=seed % 5)
        if sim.cheat is not None:
            if expected_proof(sim):
                proven += 1
            else:
                unprovable += 1
    assert proven >= 20 and unprovable >= 3


# ------------------------------------------------------------ after the end
@given(config=CONFIG, seed=SEEDS, pick=PICKS)
@SIMULATED
def test_move_after_the_round_or_match_ended_is_refused(config, seed, pick):
    sim, doc, rng = setup(config, seed, pick)
    exact = config.variant == "exact-61"
    r = rng.randrange(len(doc["rounds"]))
    rnd = doc["rounds"][r]
    result = sim.match.rounds[r].result
    free = sorted(set(ALL_TILES) - table_after(rnd))
    tile = rng.choice(free)
    lead = parse_tile(rnd["moves"][0]["play"])
    rnd["moves"].append(
        {
            "player": rng.randrange(config.players),
            "play": f"{tile[0]}-{tile[1]}",
            "at": f"{lead[0]}-{lead[1]}:" + ("line-a" if lead[0] == lead[1] else "low"),
        }
    )
    where = (r + 1, len(rnd["moves"]))
    if result == "match-end":
        assert_refused(doc, {"E9" if exact else "H6"}, *where)
    elif result == "domino":
        assert_refused(doc, {"E6" if exact else "H7"}, *where)
    else:
        assert_refused(doc, {"S8"}, *where)


@given(config=CONFIG, seed=SEEDS)
@SIMULATED
def test_round_after_the_match_ended_is_refused(config, seed):
    sim = simulate(config, seed)
    if not sim.match.finished:
        return
    doc = copy.deepcopy(sim.document)
    doc["rounds"].append({"starter": 0, "moves": []})
    assert_refused(doc, {"E9" if config.variant == "exact-61" else "H6"}, len(doc["rounds"]), 1)


# ------------------------------------------------------------------- hands
def settled_rounds(sim) -> list[int]:
    """Rounds that ended by a domino or a block (so their hands were settled); at least one."""
    rounds = [i for i, r in enumerate(sim.match.rounds) if r.result in ("domino", "block", "draw")]
    assume(rounds)
    return rounds


@given(config=CONFIG, seed=SEEDS, pick=PICKS)
@SIMULATED
def test_hands_before_the_round_ended_are_refused(config, seed, pick):
    sim, doc, rng = setup(config, seed, pick)
    r = rng.choice(settled_rounds(sim))
    moves = doc["rounds"][r]["moves"]
    del moves[len(moves) - rng.randint(1, min(3, len(moves) - 1)) :]
    assert_refused(doc, {"E6" if config.variant == "exact-61" else "H7"}, r + 1, "hands")


@given(config=CONFIG, seed=SEEDS, pick=PICKS)
@SIMULATED
def test_missing_hands_are_refused(config, seed, pick):
    sim, doc, rng = setup(config, seed, pick)
    r = rng.choice(settled_rounds(sim))
    del doc["rounds"][r]["hands"]
    exact = config.variant == "exact-61"
    rule = {"domino": "E6" if exact else "H8"}.get(sim.match.rounds[r].result, "E7" if exact else "H7")
    assert_refused(doc, {rule}, r + 1, "hands")


def listed(hands: dict) -> dict[str, list]:
    return {seat: hand for seat, hand in hands.items() if isinstance(hand, list)}


@given(config=CONFIG, seed=SEEDS, pick=PICKS, kind=st.sampled_from(range(5)))
@SIMULATED
def test_hands_that_contradict_the_table_are_refused(config, seed, pick, kind):
    sim = simulate(config, seed, reveal="mixed")
    doc, rng = copy.deepcopy(sim.document), random.Random(pick)
    r = rng.choice(settled_rounds(sim))
    rnd = doc["rounds"][r]
    hands = rnd["hands"]
    on_table = table_after(rnd)
    shown = {parse_tile(t) for hand in listed(hands).values() for t in hand}
    unseen = sorted(set(ALL_TILES) - on_table - shown)  # in pip-total hands or the stock
    deal_rule = "E2" if config.variant == "exact-61" else "H2"
    lists = [seat for seat, hand in listed(hands).items() if hand]
    if kind == 0 and len(lists) >= 2:  # a tile twice (the counts stay right)
        a, b = rng.sample(lists, 2)
        hands[b][rng.randrange(len(hands[b]))] = rng.choice(hands[a])
        assert_refused(doc, {"S2"}, r + 1, "hands")
    elif kind == 1 and lists:  # a tile on the table
        seat = rng.choice(lists)
        tile = rng.choice(sorted(on_table))
        hands[seat][rng.randrange(len(hands[seat]))] = f"{tile[0]}-{tile[1]}"
        assert_refused(doc, {"S2"}, r + 1, "hands")
    elif kind == 2 and listed(hands):  # a count that is not the tracked hand size
        seat = rng.choice(sorted(listed(hands)))
        candidates = [t for t in unseen if t not in shown]
        if candidates and (not hands[seat] or rng.random() < 0.5):
            tile = rng.choice(candidates)
            hands[seat].append(f"{tile[0]}-{tile[1]}")
        else:
            assume(hands[seat])
            hands[seat].pop(rng.randrange(len(hands[seat])))
        assert_refused(doc, {deal_rule}, r + 1, "hands")
    elif kind == 3:  # a pip total no tiles of that number can make
        seat = rng.choice(sorted(hands))
        size = len(hands[seat]) if isinstance(hands[seat], list) else None
        if size is None:
            size = sim.match.rounds[r].hand_sizes[int(seat)]
        pool = sorted((a + b for a, b in unseen), reverse=True)
        if isinstance(hands[seat], list):
            pool = sorted(pool + [sum(parse_tile(t)) for t in hands[seat]], reverse=True)
        hands[seat] = sum(pool[:size]) + 1
        assert_refused(doc, {"S2"}, r + 1, "hands")
    elif kind == 4 and sim.match.rounds[r].stock == 0:  # stock empty: the totals must share out the rest
        for seat, hand in list(hands.items()):
            if isinstance(hand, list):
                hands[seat] = sum(sum(parse_tile(t)) for t in hand)
        seat = rng.choice(sorted(hands))
        hands[seat] += rng.choice([-1, 1, 2]) if hands[seat] > 1 else 1
        assert_refused(doc, {"S2"}, r + 1, "hands")
    else:
        assume(False)  # this kind of contradiction does not fit this round
