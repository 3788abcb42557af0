"""Match documents (``scorekeeper-match/1``, see shared/spec/match-format.md).

:func:`load_document` reads a document's text, validates every field and
folds its moves through the engine, refusing the first fault with a
:class:`RuleViolation` located at its round and move (counted from 1) or at
``"hands"``; :func:`match_to_document` writes a match back out. Pure: no
file or console I/O here.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from . import strict_json
from .errors import RuleViolation
from .layout import parse_spot, spot_text
from .match import Match
from .moves import Action, Draw, Hand, Misplay, Move, Pass, Play, Reveal, StartRound
from .names import check_distinct, clean_name
from .tiles import parse_tile, tile_text
from .times import parse_time
from .variants import get_variant

FORMAT = "scorekeeper-match/1"
_TOP_KEYS = {"format", "variant", "players", "partnerships", "house_rules", "rounds", "meta"}
_ROUND_KEYS = {
    "starter",
    "moves",
    "hands",
    "misplays",
    "times",
}  # misplays: R14, only when recorded; times: R15, optional
MAX_MISPLAYS = 100  # R14: recorded offences in one round (each names a draw or pass of it)
MAX_MOVE_INDEX = 10_000
_MOVE_KEYS = {"player", "play", "at", "drawn", "draw", "pass", "claim", "muggins"}
_SEAT_KEYS = {str(seat): seat for seat in range(4)}


def _malformed(
    what: str, round_no: int | None = None, move_no: int | str | None = None, **values: object
) -> RuleViolation:
    """A refusal of a malformed record (no rule id, code ``"malformed"``).

    ``what`` is the fault's stable machine name (``"players"``, ``"move_kind"``…): the app words
    it from the catalog entry ``error.malformed.<what>`` with ``values`` (field names, the value
    found, a seat key); no English is carried (``str()`` reads the English catalog).
    """
    return RuleViolation("", "malformed", what=what, **values).at(round_no, move_no)


def _shown(value: object) -> str:
    """A document value as JSON writes it (``null``, ``"x"``, ``2``), cut to 40 characters: quoted
    in a translated message, where Python's ``None`` or ``'x'`` would mean nothing to a user."""
    try:
        text = strict_json.dumps(value).decode()
    except TypeError:
        text = str(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _fields(names: list[str]) -> str:
    """Unknown field names for a translated message: the first five, comma-separated."""
    return ", ".join(_shown(name) for name in names[:5]) + (", …" if len(names) > 5 else "")


def parse_json(text: str | bytes) -> object:
    """Parse JSON text; raise :class:`RuleViolation` (no rule, no position) if it is not JSON.

    Strict where the standard library is lenient (``NaN``, ``Infinity``:
    :mod:`.strict_json`): neither belongs in a match record, so both are
    refused as malformed.
    """
    try:
        return strict_json.loads(text)
    except (ValueError, TypeError, RecursionError) as err:  # the parsers' JSONDecodeError is a ValueError
        # the place the parser stopped, in every language (its own English words are not kept)
        line, column = getattr(err, "lineno", None), getattr(err, "colno", None)
        if line is None:
            raise RuleViolation("", "not_json") from None
        raise RuleViolation("", "not_json_at", line=line, column=column) from None


def load_document(text: str | bytes, explain: bool = False) -> Match:
    """Read a match document's text and fold it into a :class:`Match`.

    Raises :class:`RuleViolation`: malformed JSON or fields (no rule id, or
    the rule a field breaks, e.g. H1 for five players), or the first move,
    round start or reveal that breaks a rule, located as the format asks.
    """
    return match_from_document(parse_json(text), explain=explain)


def match_from_document(doc: object, explain: bool = False, awaiting_hands: bool = False) -> Match:
    """Fold an already-parsed match document (see :func:`load_document`).

    ``awaiting_hands`` accepts a last round that ended without ``hands``
    (a match saved while the table was counting its hands); by default such a
    document is refused, as match-format.md requires the hands of a round
    that ended.
    """
    if not isinstance(doc, dict):
        raise _malformed("not_object")
    unknown = set(doc) - _TOP_KEYS
    if unknown:
        raise _malformed("unknown_fields", fields=_fields(sorted(unknown)), count=len(unknown))
    if doc.get("format") != FORMAT:
        raise _malformed("format", expected=FORMAT, found=_shown(doc.get("format")))
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise _malformed("players")
    if len(players) <= 4:  # more is refused by the game's seating rule (H1/E1) before any name is read
        players = _clean_players(players)
    partnerships = doc.get("partnerships", False)
    if not isinstance(partnerships, bool):
        raise _malformed("partnerships")
    rounds = doc.get("rounds")
    if not isinstance(rounds, list):
        raise _malformed("rounds")
    # an unknown game first, then its house rules (validated strictly: docs/house-rules.md)
    variant = get_variant(doc.get("variant")).name
    if "house_rules" in doc and not isinstance(doc["house_rules"], dict):
        raise RuleViolation("", "house_rules_object", found=_shown(doc["house_rules"]))
    match = Match(variant, players, partnerships, explain=explain, house_rules=doc.get("house_rules"))
    apply = match.apply
    for r_index, rnd in enumerate(rounds, start=1):
        if not isinstance(rnd, dict) or set(rnd) - _ROUND_KEYS:
            raise _malformed("round_object", r_index)
        starter = rnd.get("starter")
        if type(starter) is not int:
            raise _malformed("starter", r_index, 1)
        moves = rnd.get("moves")
        if not isinstance(moves, list):
            raise _malformed("moves", r_index, 1)
        times = _round_times(rnd, r_index, 1 + len(moves) + ("hands" in rnd))
        apply(StartRound(starter, time=times[0]))
        misplays = _round_misplays(rnd, r_index)
        for m_index, raw_move in enumerate(moves, start=1):
            try:
                move = parse_move(raw_move)
            except RuleViolation as err:
                raise err.at(r_index, m_index) from None
            apply(move if times[m_index] is None else replace(move, time=times[m_index]))
            if misplays:  # R14: each right after the draw or pass it names (rare: the hot path skips it)
                for misplay in misplays.pop(m_index - 1, ()):
                    apply(misplay)
        for late in misplays.values():  # a move the round does not have: the engine refuses it
            for misplay in late:
                apply(misplay)
        if "hands" in rnd:
            try:
                hands = parse_hands(rnd["hands"], len(players))
            except RuleViolation as err:
                raise err.at(r_index, "hands") from None
            apply(Reveal(hands, time=times[-1]))
    last = match.round
    if last is not None and last.ended in ("domino", "block") and not last.settled and not awaiting_hands:
        rule = match.rules.rule("domino" if last.ended == "domino" else "block")  # H8/E6, H7/E7
        raise RuleViolation(rule, "hands_missing").at(last.number, "hands")
    return match


def _round_misplays(rnd: dict[str, Any], r_index: int) -> dict[int, list[Misplay]]:
    """R14: a round's ``"misplays"`` (absent: none) by the 0-based move each names, in order."""
    raw = rnd.get("misplays", [])
    if not isinstance(raw, list) or len(raw) > MAX_MISPLAYS:
        raise _malformed("misplays", r_index)
    out: dict[int, list[Misplay]] = {}
    for item in raw:
        try:
            misplay = parse_misplay(item)
        except RuleViolation as err:
            raise err.at(r_index, None) from None
        out.setdefault(misplay.move, []).append(misplay)
    return out


def parse_misplay(item: object) -> Misplay:
    """One recorded offence ``{"player": seat, "move": 0-based move, "tile": "3-5"}`` → :class:`Misplay`
    (R14). Raises :class:`RuleViolation` (unlocated) for another shape or an unknown tile (S2)."""
    if type(item) is not dict or set(item) != {"player", "move", "tile"}:
        raise _malformed("misplays")
    player, move = item["player"], item["move"]
    if type(player) is not int or type(move) is not int or not 0 <= move < MAX_MOVE_INDEX:
        raise _malformed("misplays")
    return Misplay(player, move, parse_tile(item["tile"]))


def misplay_to_json(misplay: Misplay) -> dict[str, Any]:
    """A recorded offence as the match format and the log write it (R14)."""
    return {"player": misplay.player, "move": misplay.move, "tile": tile_text(misplay.tile)}


PROOF_CODES = frozenset({"held_fitting_tile", "held_fitting_tile_stop", "held_double"})  # proven_fit's (S8, R1, R10)


def fold_recording_offences(doc: object, explain: bool = False) -> tuple[Match, list[tuple[int, Misplay]]]:
    """Fold a document as :func:`match_from_document`, reading every S8 offence its record proves as
    what happened at the table when R14 ``misplay: penalty`` is in effect: each proof refusal
    (:data:`PROOF_CODES`) adds that offence to the round's ``"misplays"`` and the fold starts again.

    Returns the match and the offences added, ``(round from 1, Misplay)`` in order (``[]`` under
    ``refuse``: the first proof is refused as ever). Raises :class:`RuleViolation` as
    :func:`match_from_document` does (an offence proven twice, or past :data:`MAX_MISPLAYS` in a
    round, is refused as the proof was).
    """
    added: list[tuple[int, Misplay]] = []
    work = doc
    while True:
        try:
            return match_from_document(work, explain=explain), added
        except RuleViolation as err:
            rounds = work.get("rounds") if isinstance(work, dict) else None
            house = work.get("house_rules") if isinstance(work, dict) else None
            penalty = isinstance(house, dict) and house.get("misplay") == "penalty"
            if not penalty or err.code not in PROOF_CODES or not isinstance(rounds, list) or err.round_no is None:
                raise
            misplay = Misplay(
                int(str(err.params["seat"])), int(str(err.params["move"])) - 1, parse_tile(err.params["tile"])
            )
            if (err.round_no, misplay) in added or len(added) >= MAX_MISPLAYS:
                raise
            added.append((err.round_no, misplay))
            work = copy.deepcopy(work)
            assert isinstance(work, dict)
            rnd = work["rounds"][err.round_no - 1]
            rnd["misplays"] = [*rnd.get("misplays", []), misplay_to_json(misplay)]


def _round_times(rnd: dict[str, Any], r_index: int, count: int) -> list[float | None]:
    """R15: a round's optional ``"times"`` — one ISO 8601 time per action of the round (its start, each
    move, its hands), as the store recorded them — in seconds since the epoch; ``None`` each without it.
    Refused (``malformed`` ``round_times``) unless it is exactly that many real times (years 1971–8999)."""
    if "times" not in rnd:
        return [None] * count
    times = rnd["times"]
    if not isinstance(times, list) or len(times) != count:
        raise _malformed("round_times", r_index, count=count)
    out: list[float | None] = []
    for text in times:
        moment = parse_time(text)
        if moment is None:
            raise _malformed("round_times", r_index, count=count)
        out.append(moment.timestamp())
    return out


def time_of(seconds: float) -> str:
    """Seconds since the epoch as the log writes a time: ``2025-06-12T15:30:12.123Z`` (UTC, milliseconds)."""
    moment = datetime.fromtimestamp(seconds, UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def _clean_players(players: list[str]) -> list[str]:
    """The document's names cleaned by the names policy (:func:`.names.clean_name`, then no two
    alike); a refusal names the field and the name's place, counted from 1 (``"players", name 2:
    …``), with the policy's code as ``fault`` and its values (the app words it from
    ``error.malformed.player_name`` and ``error.<fault>``)."""
    cleaned = []
    for number, name in enumerate(players, start=1):
        try:
            cleaned.append(clean_name(name))
        except RuleViolation as err:
            raise RuleViolation(
                "", "malformed", what="player_name", number=number, fault=err.code, **err.params
            ) from None
    try:
        check_distinct(cleaned)
    except RuleViolation as err:
        raise RuleViolation("", "malformed", what="player_names", fault=err.code, **err.params) from None
    return cleaned


# Plays already read, by (player, tile text, spot text[, True for drawn]): a match repeats
# the same few thousand plays, and Play objects are immutable, so one can serve them all.
_PlayKey = tuple[int, str] | tuple[int, str, str] | tuple[int, str, str, bool]
_PLAYS: dict[_PlayKey, Move] = {}
_PLAYS_MAX = 65536


def parse_move(move: object) -> Move:
    """One move object of a document → :class:`Play`, :class:`Draw` or :class:`Pass`.

    Raises :class:`RuleViolation` (unlocated) for a malformed move or an
    unknown tile (S2) or spot (S4).
    """
    key: _PlayKey | None = None
    if type(move) is dict:  # the usual shapes of a play, looked up without re-reading
        player, tile, at = move.get("player"), move.get("play"), move.get("at")
        if type(player) is int and type(tile) is str:  # exact types: 1.0 == True == 1
            size = len(move)
            if size == 2:
                key = (player, tile)
            elif type(at) is str:
                if size == 3:
                    key = (player, tile, at)
                elif size == 4 and move.get("drawn") is True:
                    key = (player, tile, at, True)
    if key is None:
        return _read_move(move)
    play = _PLAYS.get(key)
    if play is None:
        play = _read_move(move)
        if len(_PLAYS) >= _PLAYS_MAX:
            _PLAYS.clear()
        _PLAYS[key] = play
    return play


def _read_move(move: object) -> Move:
    """:func:`parse_move` without the look-up: checks every field."""
    if type(move) is not dict:
        raise _malformed("move_object")
    player = move.get("player")
    if type(player) is not int:
        raise _malformed("move_player")
    if len(move) > 2 and not move.keys() <= _MOVE_KEYS:
        unknown = sorted(set(move) - _MOVE_KEYS)
        raise _malformed("move_fields", fields=_fields(unknown), count=len(unknown))
    if "play" in move:
        if "draw" in move or "pass" in move:
            raise _malformed("move_kinds")
        tile = parse_tile(move["play"])
        at = move.get("at")
        drawn = move.get("drawn", False)
        if type(drawn) is not bool:
            raise _malformed("drawn")
        claim, caller = move.get("claim"), move.get("muggins")
        if (claim is not None and type(claim) is not int) or (caller is not None and type(caller) is not int):
            raise _malformed("claim")  # R13: whole numbers (the engine checks their ranges)
        return Play(player, tile, parse_spot(at) if at is not None else None, drawn, claim, caller)
    if "claim" in move or "muggins" in move:
        raise _malformed("move_kinds")
    if "draw" in move:
        if "pass" in move or "at" in move or "drawn" in move:
            raise _malformed("move_kinds")
        count = move["draw"]
        if type(count) is not int:
            raise _malformed("draw_count")
        return Draw(player, count)
    if "pass" in move:
        if move["pass"] is not True or len(move) != 2:
            raise _malformed("pass")
        return Pass(player)
    raise _malformed("move_kind")


def parse_hands(hands: object, players: int) -> dict[int, Hand]:
    """The ``hands`` object of a round → ``{seat: [tiles] or pip total}``.

    Raises :class:`RuleViolation` (unlocated) for a malformed object or an
    unknown tile (S2).
    """
    if not isinstance(hands, dict):
        raise _malformed("hands_object")
    out: dict[int, Hand] = {}
    for key, hand in hands.items():
        # Looked up, not int()-parsed: "²" passes str.isdigit() but int() refuses it, and
        # int() refuses digit strings longer than 4300 characters.
        seat = _SEAT_KEYS.get(key) if isinstance(key, str) else None
        if seat is None or seat >= players:
            raise RuleViolation("S2", "hands_key", key=str(key), last=players - 1)
        if type(hand) is int:
            if hand < 0:
                raise _malformed("pip_negative", key=key)
            out[seat] = hand
        elif isinstance(hand, list):
            out[seat] = [parse_tile(t) for t in hand]
        else:
            raise _malformed("hand_value", key=key)
    return out


def move_to_json(move: Move) -> dict[str, Any]:
    """A move as the match format writes it."""
    if type(move) is Play:
        out: dict[str, Any] = {"player": move.player, "play": tile_text(move.tile)}
        if move.spot is not None:
            out["at"] = spot_text(move.spot)
        if move.drawn:
            out["drawn"] = True
        if move.claim is not None:  # R13
            out["claim"] = move.claim
        if move.muggins is not None:
            out["muggins"] = move.muggins
        return out
    if type(move) is Draw:
        return {"player": move.player, "draw": move.count}
    return {"player": move.player, "pass": True}


def hands_to_json(hands: dict[int, Hand]) -> dict[str, list[str] | int]:
    """Revealed hands as the match format writes them (string seat keys)."""
    return {
        str(seat): (hand if isinstance(hand, int) else [tile_text(t) for t in hand])
        for seat, hand in sorted(hands.items())
    }


def match_to_document(match: Match) -> dict[str, Any]:
    """The ``scorekeeper-match/1`` document of a match (its rounds, moves and hands), with
    ``"house_rules"`` after ``partnerships`` only when some are in effect (a match with the game's
    own rules exports exactly as before house rules existed). Under R15 (a match clock) each round whose
    actions all carry a time has ``"times"`` (its start, each move, its hands: ISO 8601 UTC), so a replay
    calls time where the table did."""
    rounds = []
    clocked = bool(match.rules.options["clock"])  # R15: its rounds keep their times (absent otherwise)
    by_round = _actions_by_round(match.actions)
    for r, actions in zip(match.rounds, by_round, strict=True):
        rnd: dict[str, Any] = {"starter": r.starter, "moves": [move_to_json(m) for m in r.moves]}
        if r.hands is not None:
            rnd["hands"] = hands_to_json(r.hands)
        if r.misplays:  # R14: only a round with a recorded offence has the key (older documents unchanged)
            rnd["misplays"] = [{key: item[key] for key in ("player", "move", "tile")} for item in r.misplays]
        # R15: the times of the round's start, moves and hands (a recorded offence, R14, has none here)
        times = [a.time for a in actions if type(a) is not Misplay]
        if clocked and times and all(t is not None for t in times):
            rnd["times"] = [time_of(t) for t in times if t is not None]
        rounds.append(rnd)
    doc: dict[str, Any] = {
        "format": FORMAT,
        "variant": match.variant,
        "players": list(match.players),
        "partnerships": match.partnerships,
    }
    if match.house_rules:
        doc["house_rules"] = match.house_rules
    doc["rounds"] = rounds
    return doc


def _actions_by_round(actions: list[Action]) -> list[list[Action]]:
    """The actions of each round (its start, its moves, its hands), in round order."""
    out: list[list[Action]] = []
    for action in actions:
        if type(action) is StartRound:
            out.append([])
        if out:
            out[-1].append(action)
    return out


def actions_of(match: Match) -> list[Action]:
    """The actions a match was folded from (StartRound, moves, Reveal), in order."""
    return list(match.actions)
