"""Refusals and problems in the reader's language: the one place their words are chosen.

The engine's :class:`~scorekeeper.rules.RuleViolation` carries a rule id, a code and values; its
words are the catalog entry ``error.<code>`` (with ``error.clause.*``, ``error.malformed.*``), put
together by :meth:`RuleViolation.words`. This module fills them in for a language, with the values
that are words put in that language too (a spot's side, a game, a house rule's name), and says the
place (``ui.at_move``…) and the ``refused:`` line (``error.refused``). The app's message line and
the command line (``scorekeeper replay --lang uk``, the store commands) both word refusals here, so
a refusal reads the same wherever it is shown. Store errors and the app's own problems (a ``code``
and ``params`` too) are worded by :func:`problem_words`.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Protocol

from .club.errors import ClubError
from .i18n import Translator, catalog, template
from .rules.errors import RuleViolation
from .rules.house import OPTION_BY_NAME
from .rules.layout import Spot, parse_spot
from .rules.tiles import tile_text

_HOUSE_RULE_NAMED = ("house_rule_value", "house_rule_not_here")  # refusals whose ``name`` is a house rule's


def spot_words(t: Translator, spot: Spot, spinner: bool = True) -> str:
    """``"1-4 (low end)"`` for the spot ``((1, 4), "low")``. ``spinner`` False: the double is no spinner
    (R9 ``none``, Fives and Threes; R9 ``first`` after the first double), so it has no lines and branches,
    only two ends: its line A / line B are said ``one end`` / ``other end`` (``"2-2 (other end)"``)."""
    side = spot[1]
    if not spinner and side in ("line-a", "line-b"):
        side = "end-a" if side == "line-a" else "end-b"
    return f"{tile_text(spot[0])} ({t('side.' + side)})"


def worded_params(t: Translator, err: RuleViolation) -> dict[str, object]:
    """The refusal's values with those that are words put in the reader's language: a ``spot``
    (``"1-1:branch-a"`` → ``"1-1 (гілка A)"``; one that does not read stays as written), a ``game``
    (``"horse-race"`` → ``"Хорс Рейс"``) and a house rule's ``name`` (``"reserve"`` → its title)."""
    params = dict(err.params)
    spot = params.get("spot")
    if isinstance(spot, str):
        with suppress(RuleViolation):  # bad_spot / bad_side: quoted as written
            params["spot"] = spot_words(t, parse_spot(spot))
    game = params.get("game")
    if isinstance(game, str) and f"game.{game}" in catalog("en"):
        params["game"] = t(f"game.{game}")
    name = params.get("name")
    if err.code in _HOUSE_RULE_NAMED and isinstance(name, str) and name in OPTION_BY_NAME:
        params["name"] = t(f"house.{name}")
    return params


def violation_words(t: Translator, err: RuleViolation, sentence: bool = False) -> str:
    """A refusal in the chosen language: the rule and what is wrong and what to do,
    ``"S8: pass while the stock has 14 tiles: Ann must draw until a tile fits"`` (no place).

    The catalog's words are lower-case clauses, to be put after a rule id or inside a sentence;
    ``sentence=True`` is for a message shown on its own: a clause without a rule id gets a capital
    first letter, unless it starts with a value such as a player's name, which is kept as typed.
    """
    words = err.words(t, worded_params(t, err))
    if err.rule:
        return f"{err.rule}: {words}"
    if sentence and template(t.lang, f"error.{err.code}", **err.params)[:1].isalpha():
        words = capitalised(words)
    return words


def refusal_line(t: Translator, err: RuleViolation) -> str:
    """The place, the rule and the words: ``"round 1, move 3: S8: pass while …"`` (``раунд 1, хід 3: …``)."""
    return err.line(t, err.words(t, worded_params(t, err)))


def refused_line(t: Translator, err: RuleViolation) -> str:
    """The line a command prints for a refusal: ``"refused: round 1, move 3: S8: …"`` (``error.refused``)."""
    return t("error.refused", refusal=refusal_line(t, err))


class Coded(Protocol):
    """A message with a stable ``code`` (catalog key ``error.<code>``) and the ``params`` its words take:
    a store error (``StoreError``) or the app's own problem (``Problem``)."""

    code: str
    params: dict[str, object]


def problem_words(t: Translator, err: RuleViolation | Coded, sentence: bool = False) -> str:
    """Any message a screen shows, in the chosen language: an engine refusal (:func:`violation_words`),
    or a store error or app problem worded by its code. A store error without a code (one the app is not
    meant to meet) says the store's own English ``message`` inside ``error.store_problem``.

    A store error's params may hold a malformed record's ``what`` (``error.malformed.<what>``) and a
    failed write's ``reason`` (the system's English words), said from its errno name ``cause``
    (``error.os.ENOSPC``), or as ``error.os.other`` with that name when the catalog has no words for it.
    """
    if isinstance(err, RuleViolation):
        return violation_words(t, err, sentence)
    if isinstance(err, ClubError):
        return club_words(t, err, sentence)
    code = err.code or "store_problem"
    params: dict[str, object] = {"detail": getattr(err, "message", ""), **err.params}
    key = f"error.{code}"
    body = t(key, **_worded(t, code, params)) if key in catalog("en") else str(params["detail"] or code)
    words = template(t.lang, key, **params) if key in catalog("en") else ""
    if sentence and words[:1].isalpha():  # not "{name}…": a name stays as typed
        body = capitalised(body)
    return body


def _worded(t: Translator, code: str, params: dict[str, object]) -> dict[str, object]:
    params = dict(params)
    if code == "malformed":
        what = f"error.malformed.{params.get('what')}"
        params["detail"] = t(what, **params) if what in catalog("en") else params.get("detail", "")
    cause = params.get("cause")
    if isinstance(cause, str) and "reason" in params:
        os_key = f"error.os.{cause}"
        params["reason"] = t(os_key) if os_key in catalog("en") else t("error.os.other", code=cause or "?")
    return params


def capitalised(text: str) -> str:
    """``text`` with a capital first letter: a catalog clause shown as a sentence on its own."""
    return text[:1].upper() + text[1:]


def club_words(t: Translator, err: ClubError, sentence: bool = False) -> str:
    """The club engine's refusal (:class:`~scorekeeper.club.ClubError`) in the reader's language: the catalog's
    ``club.error.<code>`` with its values (a list of tables or players joined by commas), or the engine's
    English text for a code the catalogs have no words for (``tests/app/test_club_words.py`` keeps that
    from happening for every code the club can raise)."""
    key = f"club.error.{err.code}"
    if key not in catalog("en"):
        return err.text
    params = {k: _shown(v) for k, v in err.params.items()}
    try:
        words = t(key, **params)
    except (KeyError, IndexError, ValueError):
        return err.text
    return capitalised(words) if sentence else words


def _shown(value: object) -> object:
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(str(_shown(v)) for v in value)
    return value
