"""Words for the engine's data: scoring ends, awards, turns and refusals.

The engine returns explanations as values (:class:`ScoringEnd`,
:class:`ScoreEvent`, :class:`Turn`, :class:`RuleViolation`); this module turns
them into sentences in the chosen language for the CLI account and the app.
It computes no score: every number comes from the engine. Refusals are worded by
:mod:`scorekeeper.refusals` (re-exported here for the app's screens).
"""

from __future__ import annotations

from collections.abc import Mapping

from .i18n import Translator
from .refusals import Coded as Coded  # re-exported: the app's screens word messages through explain
from .refusals import capitalised as capitalised
from .refusals import problem_words as problem_words
from .refusals import spot_words
from .refusals import violation_words as violation_words
from .refusals import worded_params as worded_params
from .rules.clock import ClockCall
from .rules.house import OPTION_BY_NAME
from .rules.layout import ScoringEnd
from .rules.match import Match, Round
from .rules.moves import Draw, PlacementInfo, Play, ScoreEvent, Turn
from .rules.scoring import FIVES_AND_THREES, threes_and_fives, to_points
from .rules.settlement import exact61_block_order
from .rules.tiles import Tile, tile_text


def ends_words(t: Translator, ends: tuple[ScoringEnd, ...] | list[ScoringEnd], end_sum: int) -> str:
    """``"1-1: 2 + 3-4: 3 = 5"``: each scoring end with its contribution (S6)."""
    if not ends:
        return t("ends.none", sum=end_sum)
    parts = " + ".join(f"{tile_text(e.tile)}: {e.value}" for e in ends)
    return f"{parts} = {end_sum}"


def scores_words(t: Translator, sides, points, sep_key: str = "list.scores") -> str:
    """``"Ann 62, Bo 0"``: each side's name with its points (whatever scale the caller gives), a
    name never parted from its points when the line wraps. ``sep_key``: the catalog's separator."""
    return t(sep_key).join(
        t("list.side_points", name=name, points=value) for name, value in zip(sides, points, strict=False)
    )


def winners_words(t: Translator, sides, winners) -> str:
    """``"Winner: Ann"``; several sides sharing a Horse Race win (H10) are joined by the
    language's word for "and" (``"Winner: Ann & Bo"``). ``winners``: side indices."""
    return t("ui.winners", sides=t("list.winners").join(sides[s] for s in winners))


def signed(points: int) -> str:
    """Display points with a sign: ``+3``, ``-2``."""
    return f"{points:+d}"


def event_words(t: Translator, match: Match, event: ScoreEvent) -> str:
    """One sentence for a score event: the award, or why it was rejected (E3)."""
    side = match.side_names[event.side]
    if not event.accepted:
        return t(
            "award.rejected",
            side=side,
            points=signed(event.points),
            would=event.would_reach_points,
            score=event.points_before,
        )
    return t("award.points", side=side, points=signed(event.points), total=event.points_after)


def threes_fives_words(t: Translator, end_sum: int) -> str:
    """R12 ``fives-and-threes``: an end sum's two parts, ``"15: 5 × 3 + 3 × 5 → 8"``, ``"9: 3 × 3 → 3"``,
    ``"10: 2 × 5 → 2"`` (the counts are the engine's :func:`~scorekeeper.rules.scoring.threes_and_fives`);
    ``""`` for a sum that scores nothing."""
    threes, fives = threes_and_fives(end_sum)
    if threes and fives:
        return t("score.threes_fives", sum=end_sum, threes=threes, fives=fives, points=threes + fives)
    if threes or fives:
        return t(
            "score.threes" if threes else "score.fives", sum=end_sum, threes=threes, fives=fives, points=threes + fives
        )
    return ""


def placement_words(t: Translator, match: Match, info: PlacementInfo) -> str:
    """``"1-1: 2 + 3-4: 3 = 5 → +1 Bo & Di"`` (or the rejection, or no points); under R12
    ``fives-and-threes`` with the sum's two parts: ``"… = 15; 15: 5 × 3 + 3 × 5 → 8 → +8 Bo (8)"``."""
    text = ends_words(t, info.ends, info.end_sum)
    threes = match.rules.options["scoring"] == FIVES_AND_THREES
    if threes and info.raw:
        text += "; " + threes_fives_words(t, info.end_sum)
    if info.claimed is not None and info.raw:  # R13: "Ann claimed 1, the ends made 2: muggins, Bo +1"
        text += "; " + claim_words(t, match, info)
    if info.event is not None:
        return f"{text} → {event_words(t, match, info.event)}"
    if info.joins_settlement and info.raw:  # E5: no event of its own
        if threes:  # R12 counts points, not pips
            return f"{text} → {t('award.joins_settlement_points', points=signed(to_points(info.raw)))}"
        return f"{text} → {t('award.joins_settlement', raw=info.raw)}"
    return text


def summed(names: list[str], hands: dict, total: int) -> str:
    """Hands and their sum as a settlement line writes them: ``Ann 5 + Cy 13 = 18``; one hand alone is just
    ``Bo 18`` (``Bo 18 = 18`` said nothing more). ``hands``: ``{seat: pips}`` in the event's order."""
    text = " + ".join(f"{names[seat]} {pips}" for seat, pips in hands.items())
    return text if len(hands) == 1 else f"{text} = {total}"


def settlement_words(t: Translator, match: Match, event: ScoreEvent) -> str:
    """How a domino, settlement or block award was reached, step by step (H8, H9, E6, E7)."""
    names = match.players
    side = match.side_names[event.side]
    d = event.detail
    if "go" in d:  # R12 fives-and-threes: the go, 1 point (with an exact target joined to the last tile)
        if event.parts is not None:
            text = t(
                "settle.go_exact",
                side=side,
                play=signed(to_points(event.parts["play"])),
                go=signed(to_points(event.parts["go"])),
                points=signed(event.points),
            )
        else:
            text = t("settle.go", side=side, points=signed(event.points))
    elif event.kind == "misplay":  # R14: a recorded offence's penalty, with its proof
        drew = d["claim"] in ("draw", "drawn")
        values = ", ".join(str(v) for v in d["open"]) if d["open"] else t("settle.misplay_double")
        text = t(
            "settle.misplay",
            name=names[d["offender"]],
            verb=t("settle.misplay_drew" if drew else "settle.misplay_passed"),
            move=d["move"] + 1,
            tile=d["tile"],
            values=values,
            side=side,
            points=signed(event.points),
            penalty=t("house.misplay_kind." + d["kind"]),
        )
    elif event.kind == "domino":
        hands = summed(names, d["hands"], d["total"])
        opponents = event.parts["opponents"] if event.parts else event.raw  # R8: before the partner's
        text = t(
            "settle.domino",
            side=side,
            hands=hands,
            total=d["total"],
            rounded=d["rounded"],
            points=signed(to_points(opponents)),
        )
        if d.get("partner_hand"):  # R8: the partner's pips subtracted
            partner = " + ".join(f"{names[s]} {v}" for s, v in d["partner_hand"].items())
            text += " " + t(
                "settle.partner",
                partner=partner,
                partner_total=d["partner_total"],
                partner_rounded=d["partner_rounded"],
            )
            text += " " + t("settle.total", raw=event.raw, points=signed(event.points))
    elif event.kind == "settlement":
        opp = summed(names, d["opponent_hands"], d["opponents_total"])
        parts = event.parts or {}
        text = t(
            "settle.exact",
            side=side,
            play=parts["play"],
            opponents=opp,
            opponents_total=d["opponents_total"],
            opponents_rounded=parts["opponents"],
            raw=event.raw,
            points=signed(event.points),
        )
        if d["partner_hand"]:
            partner = summed(names, d["partner_hand"], d["partner_total"])
            text += " " + t(
                "settle.partner", partner=partner, partner_total=d["partner_total"], partner_rounded=-parts["partner"]
            )
        text += " " + t("settle.total", raw=event.raw, points=signed(event.points))
    elif event.hand is not None:
        text = t(
            "settle.block_hand",
            name=names[event.hand],
            side=side,
            pips=d["pips"],
            differences=differences_words(t, match, event),
            rounded=d["rounded"],
            points=signed(event.points),
        )
    elif "shared" in d:  # R5 split
        text = t(
            "settle.block_split",
            side=side,
            own=d["totals"][event.side],
            others=d["award"],
            shared=d["shared"],
            share=d["share"],
            rounded=d["rounded"],
            points=signed(event.points),
        )
    elif "difference" in d:  # R4 difference
        text = t(
            "settle.block_difference",
            side=side,
            own=d["own"],
            others=d["others"],
            difference=d["difference"],
            rounded=d["rounded"],
            points=signed(event.points),
        )
    else:
        text = t(
            "settle.block_side",
            side=side,
            own=d["totals"][event.side],
            others=d["others"],
            rounded=d["rounded"],
            points=signed(event.points),
        )
    if not event.accepted:
        text += " — " + event_words(t, match, event)
    return text


def claim_words(t: Translator, match: Match, info: PlacementInfo) -> str:
    """R13 ``muggins``: ``"Ann claimed 1, the ends made 2: muggins, Bo +1"`` (display points; the
    call's part only when an opponent called); ``""`` without a claim."""
    if info.claimed is None:
        return ""
    name = match.players[match_player(match, info)]
    text = t("account.claim", name=name, claimed=to_points(info.claimed), ends=to_points(info.raw))
    called = info.called
    if called is not None:
        caller = match.players[called.detail["caller"]]
        text += ": " + t("account.muggins", caller=caller, points=called.points)
    return text


def match_player(match: Match, info: PlacementInfo) -> int:
    """The seat that made the placement ``info`` (found in the round that holds it)."""
    for r in match.rounds:
        if r.placements.get(info.move) is info:
            return r.moves[info.move].player
    raise LookupError(info.move)


def move_words(t: Translator, match: Match, r: Round, index: int) -> str:
    """Move ``index`` (0-based) of round ``r``: ``Bo plays 2-4 at 2-2 (line A)``, ``Bo leads 6-6``,
    ``Bo draws 2 tiles…``, ``Bo passes``, or a pass that ended a continuation under house rule R1
    (the engine's :attr:`Round.stops`): ``Ann passes: nothing to play from hand, the turn ends (R1)``."""
    move = r.moves[index]
    name = match.players[move.player]
    if type(move) is Play:
        if move.spot is None:
            return t("account.lead", name=name, tile=tile_text(move.tile))
        key = "account.play_drawn" if move.drawn else "account.play"
        return t(
            key, name=name, tile=tile_text(move.tile), spot=spot_words(t, move.spot, r.layout.is_spinner(move.spot[0]))
        )
    if type(move) is Draw:
        return t("account.draw", name=name, count=move.count)
    return t("account.pass_stop" if index in r.stops else "account.pass", name=name)


def hands_words(t: Translator, match: Match, r: Round) -> str:
    """A round's revealed hands: ``Hands: Ann 1-2 4-6 = 13; Bo 0`` (``""`` before they are given)."""
    if r.hands is None or r.pips is None:
        return ""
    shown = []
    for seat in range(match.n):
        hand = r.hands[seat]
        tiles = tile_list(hand) + " = " if isinstance(hand, list) and hand else ""
        shown.append(t("account.hand", name=match.players[seat], tiles=tiles, pips=r.pips[seat]))
    return t("account.hands", hands="; ".join(shown))


def differences_words(t: Translator, match: Match, event: ScoreEvent) -> str:
    """E7: one hand's differences with each larger opponent hand, and their sum when there are several:
    ``"Ann 56 − 6 = 50, Cy 7 − 6 = 1; 50 + 1 = 51"``. The hands' totals are the round's revealed pips,
    the differences and the sum the engine's ``detail`` (nothing is computed here)."""
    d = event.detail
    pips = _round_of(match, event).pips or []
    diffs: dict[int, int] = d["differences"]
    text = t("list.scores").join(
        t("settle.difference", name=match.players[seat], hand=pips[seat], pips=d["pips"], difference=value)
        for seat, value in diffs.items()
    )
    if len(diffs) > 1:
        text += t("settle.sum", parts=" + ".join(str(value) for value in diffs.values()), total=d["total"])
    return text


def _round_of(match: Match, event: ScoreEvent) -> Round:
    """The round whose settlement holds ``event`` (the last round if none does)."""
    return next((r for r in match.rounds if any(e is event for e in r.settlement)), match.rounds[-1])


def settlement_lines(t: Translator, match: Match, r: Round) -> list[str]:
    """A settled round told as a referee would, one line each (H7–H10, E6–E8).

    A blocked round first lists each hand's pip total (lowest first in Exact 61, E7's order;
    seat order in Horse Race), then every award of the settlement step by step (awards of 0 raw
    and rejected ones included, :func:`settlement_words`), then, for an Exact 61 block, who won the
    round and why (E8): the holder of the lowest hand, a partnership holding the tied lowest hands,
    or a draw when opponents share it. ``[]`` before the hands are settled.
    """
    if not r.settled or r.pips is None:
        return []
    pips = r.pips
    lines: list[str] = []
    blocked = r.ended == "block"
    cascade = match.rules.options["block_award"] == "cascade"  # E7's order and E8's result (R4)
    if blocked:
        order = exact61_block_order(pips, r.starter) if cascade else list(range(match.n))
        hands = t("list.scores").join(
            t("list.side_points", name=match.players[seat], points=pips[seat]) for seat in order
        )
        lines.append(t("settle.hands_lowest_first" if cascade else "settle.hands", hands=hands))
    lines += [settlement_words(t, match, event) for event in r.settlement]
    if blocked and match.rules.options["scoring"] == FIVES_AND_THREES:  # R12: a block scores nothing
        lines.append(t("settle.block_none"))
    elif blocked and cascade:
        lines.append(block_result_words(t, match, r, pips))
    elif r.result == "draw":
        lines.append(t("result.draw"))
    clock = clock_words(t, match, r)  # R15: the match clock's end, after the settlement
    if clock is not None:
        lines.append(clock)
    return lines


def clock_words(t: Translator, match: Match, r: Round) -> str | None:
    """R15: what the match clock's end did after round ``r``'s settlement (:attr:`Round.clock`), or ``None``:
    ``"Time called (R15): Bo is ahead and wins"``, ``"… the sides are level, one more round"``, ``"… the
    target is now 31"`` or ``"… the target is now 31, Bo past it: Bo wins"``."""
    clock = r.clock
    if clock is None:
        return None
    names = match.side_names
    winners = t("list.winners").join(names[s] for s in clock["winners"])
    if clock["rule"] == "leader-wins":
        return t("account.clock_leader", side=winners) if clock["winners"] else t("account.clock_level")
    if not clock["winners"]:
        return t("account.clock_lower", target=clock["target"])
    reached = t("list.winners").join(names[s] for s in clock["reached"])
    return t("account.clock_lower_won", target=clock["target"], sides=reached, side=winners)


def clock_call_words(t: Translator, match: Match, r: Round) -> str | None:
    """R15: ``"Time called (R15) at round 1, move 9"`` for the round where time was called, else ``None``."""
    called = match.clock_called
    if called is None or called.round != r.number:
        return None
    return called_words(t, called)


def called_words(t: Translator, called: ClockCall) -> str:
    """R15: where time was called, ``"Time called (R15) at round 1, move 9"`` (a round's start, its hands)."""
    if called.move == 0:
        return t("clock.called_at_start", round=called.round)
    if called.move == "hands":
        return t("clock.called_at_hands", round=called.round)
    return t("clock.called_at", round=called.round, move=called.move)


def block_result_words(t: Translator, match: Match, r: Round, pips: list[int]) -> str:
    """E8: who won a blocked Exact 61 round: ``"Round won by Bo & Di: Di holds the lowest hand (6) (E8)"``,
    the partners sharing it, or ``"Round drawn: Ann & Bo share the lowest hand (3) on opposing sides (E8)"``.
    The result and the winners are the engine's (:attr:`Round.result`, :attr:`Round.winners`)."""
    lowest = min(pips)
    holders = t("list.winners").join(match.players[seat] for seat in range(match.n) if pips[seat] == lowest)
    if r.result == "draw" or not r.winners:
        return t("settle.block_draw", names=holders, pips=lowest)
    key = "settle.block_won_shared" if pips.count(lowest) > 1 else "settle.block_won"
    return t(key, side=match.side_names[r.winners[0]], names=holders, pips=lowest)


def turn_words(t: Translator, match: Match, turn: Turn) -> str:
    """Whose move it is and why: ``"Bo continues: the double 6-6"``."""
    name = match.players[turn.seat]
    if turn.reason == "next" and turn.previous is not None:
        return t(f"turn.next.{turn.ended_by}", name=name, previous=match.players[turn.previous])
    tile = tile_text(turn.tile) if turn.tile else ""
    text = t(f"turn.{turn.reason}", name=name, tile=tile)
    if turn.may_stop:  # R1 stop: a pass ends the turn instead of a draw
        text += t("turn.may_stop", name=name)
    elif turn.lead_double:  # R10
        text += t("turn.lead_double", name=name)
    elif turn.may_play:  # R2: drew while able, the stock ran out
        text += t("turn.may_play", name=name)
    return text


def house_rule_words(t: Translator, name: str, value: str | int) -> str:
    """One house rule in the reader's words: ``"R1 Stuck while continuing: the turn simply ends"``."""
    option = OPTION_BY_NAME[name]
    shown = t(f"house.{name}.number", points=value) if not option.values else t(f"house.{name}.{value}")
    return t("house.item", rule=option.rule, option=t(f"house.{name}"), value=shown)


def house_rules_words(t: Translator, house: Mapping[str, str | int]) -> str:
    """The house rules in effect, one after another (``"; "``), or the game's own rules."""
    if not house:
        return t("house.none")
    return "; ".join(house_rule_words(t, name, value) for name, value in house.items())


def rule_set_words(t: Translator, variant: str, house_rules: Mapping[str, str | int]) -> str:
    """The game and, when some are on, its house rules: ``Horse Race``, ``All Fives`` (a preset is a game),
    ``Horse Race · R1 Stuck while continuing: the turn simply ends`` (a table's own way of playing, kept
    apart from the game's rules: the house options): the history row's and the statistics' heading, in the app and
    in ``scorekeeper stats``."""
    game = t("game." + variant)
    return f"{game} · {house_rules_words(t, house_rules)}" if house_rules else game


def tile_list(tiles: list[Tile]) -> str:
    """``"0-0 3-3 5-6"``."""
    return " ".join(tile_text(tile) for tile in tiles)
