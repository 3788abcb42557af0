"""A readable account of a match for ``scorekeeper replay FILE``.

Each move with the scoring ends added up, each settlement with its
rounding, the running scores after each round and the result. The match
must have been folded with ``explain=True`` (placements keep their ends).
"""

from __future__ import annotations

from .explain import (
    clock_call_words,
    clock_words,
    event_words,
    house_rules_words,
    move_words,
    placement_words,
    settlement_words,
    spot_words,
    tile_list,
)
from .i18n import Translator
from .rules.match import Match
from .rules.moves import Play
from .rules.scoring import FIVES_AND_THREES, to_points
from .rules.tiles import tile_text


def match_account(match: Match, lang: str = "en") -> str:
    """The whole account as text (one line per move, settlement and score line)."""
    t = Translator(lang)
    names = match.players
    lines = [t("account.title", game=t("game." + match.variant), players=", ".join(names))]
    if match.partnerships:
        lines.append(t("account.sides", sides=" — ".join(match.side_names)))
    if match.house_rules:
        lines.append(t("account.house_rules", rules=house_rules_words(t, match.house_rules)))
    running = [0] * len(match.sides)
    for r in match.rounds:
        lines.append("")
        lines.append(t("account.round", number=r.number, name=names[r.starter]))
        for index, move in enumerate(r.moves):
            name = names[move.player]
            prefix = f"  {index + 1:>3}. "
            if type(move) is Play:
                if move.spot is None:
                    head = t("account.lead", name=name, tile=tile_text(move.tile))
                else:
                    key = "account.play_drawn" if move.drawn else "account.play"
                    head = t(
                        key,
                        name=name,
                        tile=tile_text(move.tile),
                        spot=spot_words(t, move.spot, r.layout.is_spinner(move.spot[0])),
                    )
                info = r.placements.get(index)
                tail = placement_words(t, match, info) if info is not None else ""
                lines.append(f"{prefix}{head}: {tail}")
            else:  # a draw or a pass (one that ended a continuation under R1 says so)
                lines.append(prefix + move_words(t, match, r, index))
        called = clock_call_words(t, match, r)  # R15: where time was called
        if called is not None:
            lines.append("  " + called)
        for event in r.events:
            if event.accepted:
                running[event.side] += event.raw
        if r.ended == "domino" and r.finisher is not None:
            lines.append("  " + t("account.domino", name=names[r.finisher]))
        elif r.ended == "block":
            lines.append("  " + t("account.blocked"))
        elif r.ended == "match-end":
            winner = r.winners[0]
            lines.append(
                "  " + t("account.match_end", side=match.side_names[winner], points=to_points(running[winner]))
            )
        if r.hands is not None and r.pips is not None:
            shown = []
            for seat in range(match.n):
                hand = r.hands[seat]
                tiles = tile_list(hand) + " = " if isinstance(hand, list) and hand else ""
                shown.append(t("account.hand", name=names[seat], tiles=tiles, pips=r.pips[seat]))
            lines.append("  " + t("account.hands", hands="; ".join(shown)))
        for event in r.settlement:  # awards of 0 raw too: "2 → 0 → +0" settles an argument
            lines.append("  " + settlement_words(t, match, event))
        if r.result == "draw" and r.ended == "block" and match.rules.options["scoring"] == FIVES_AND_THREES:
            lines.append("  " + t("settle.block_none"))  # R12: a blocked round scores nothing
        elif r.result == "draw":
            lines.append("  " + t("result.draw"))
        clock = clock_words(t, match, r)  # R15: the match clock's end after this round
        if clock is not None:
            lines.append("  " + clock)
        scores = ", ".join(f"{side} {to_points(raw)}" for side, raw in zip(match.side_names, running, strict=False))
        lines.append("  " + t("account.scores", scores=scores))
    lines.append("")
    if match.finished:
        lines.append(
            t(
                "account.winners",
                sides=" & ".join(match.side_names[s] for s in match.winners),
                scores=", ".join(str(p) for p in match.points),
            )
        )
    else:
        lines.append(t("account.unfinished"))
    return "\n".join(lines) + "\n"


__all__ = ["match_account", "event_words"]
