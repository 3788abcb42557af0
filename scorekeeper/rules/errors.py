"""Errors the rules engine raises: every refusal names the rule it enforces.

A refusal carries its rule id, a code and the values it talks about, never a sentence: the words
are the catalogs' (``scorekeeper/i18n/<lang>.json``, entry ``error.<code>``), put in the chosen
language by the presentation (:mod:`scorekeeper.refusals`). So that a log line or a traceback still
says something readable, ``str(err)`` is the English catalog's words, read here from ``en.json``
with the standard library alone (the engine imports neither the i18n package nor Babel).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path

# (catalog key, values) -> the words of that entry in one language
Lookup = Callable[..., str]

_EN_CATALOG = Path(__file__).resolve().parents[1] / "i18n" / "en.json"


class Clause(str):
    """A value of a refusal that is itself words: the catalog entry ``error.clause.<value>``, filled with
    the refusal's other values (``Clause("after_double")`` → ``"the double {tile}"``). Compares and
    prints as its name, so a test or a log can still read it as a value."""

    __slots__ = ()


class RuleViolation(Exception):
    """A move, a reveal or a document field that breaks a rule of RULES.md.

    Attributes:
        rule: the RULES.md id broken, e.g. ``"S8"`` (``""`` for a malformed
            record that no rule names).
        code: a stable machine name for the refusal kind (``"pass_with_stock"``):
            its words are the catalog entry ``error.<code>``.
        params: the values the words talk about (tiles and spots as the match
            format writes them, counts, names, seats).
        round_no / move_no: where it happened, counted from 1 as people count
            (``move_no`` may be ``"hands"``); ``None`` until the match layer
            locates the error.

    A malformed record (code ``malformed``) names its fault in ``params["what"]``
    (catalog ``error.malformed.<what>``), and a field refused for a fault of its
    own (a player's name) that fault's code in ``params["fault"]``.

    The engine never changes its state before raising, so a refused move
    loses nothing already recorded.
    """

    def __init__(self, rule: str, code: str, /, **params: object) -> None:
        self.rule = rule
        self.code = code
        self.params = params
        self.round_no: int | None = None
        self.move_no: int | str | None = None
        super().__init__(rule, code)

    def at(self, round_no: int | None, move_no: int | str | None) -> RuleViolation:
        """Record where the violation happened (1-based round and move, or ``"hands"``)."""
        self.round_no = round_no
        self.move_no = move_no
        return self

    def words(self, t: Lookup, values: Mapping[str, object] | None = None) -> str:
        """What is wrong and what to do, from the catalog ``t`` looks in (``t(key, **values)``): the entry
        ``error.<code>`` with :attr:`params` (or ``values``: the same, some put in the reader's words), each
        :class:`Clause` among them worded first; a malformed record's ``detail`` is ``error.malformed.<what>``
        and a faulty field's ``problem`` is ``error.<fault>``. No rule id, no place (see :meth:`line`)."""
        given = dict(self.params if values is None else values)
        params = dict(given)
        for name, value in given.items():
            if isinstance(value, Clause):
                params[name] = t(f"error.clause.{value}", **given)
        if self.code == "malformed":
            fault = params.get("fault")
            if isinstance(fault, str):
                params["problem"] = t(f"error.{fault}", **params)
            params["detail"] = t(f"error.malformed.{params.get('what')}", **params)
        return t(f"error.{self.code}", **params)

    def where(self, t: Lookup) -> str:
        """``"round 2, move 7:"`` (``ui.at_move``), ``"round 2, hands:"``, ``"round 2:"``, or ``""`` before
        the error is located."""
        if self.round_no is None:
            return ""
        if self.move_no is None:
            return t("ui.at_round", round=self.round_no)
        if self.move_no == "hands":
            return t("ui.at_hands", round=self.round_no)
        return t("ui.at_move", round=self.round_no, move=self.move_no)

    def line(self, t: Lookup, words: str | None = None) -> str:
        """One line: place, rule and words, ``"round 2, move 7: S8: pass while the stock has 3 tiles: …"``
        (``words``: already worded, e.g. with values put in the reader's language; default :meth:`words`)."""
        body = self.words(t) if words is None else words
        body = f"{self.rule}: {body}" if self.rule else body
        where = self.where(t)
        return f"{where} {body}" if where else body

    @property
    def message(self) -> str:
        """:meth:`line` in English, from the English catalog."""
        return self.line(english)

    def __str__(self) -> str:
        return self.message


@cache
def _english_catalog() -> dict[str, str | dict[str, str]]:
    with open(_EN_CATALOG, encoding="utf-8") as handle:
        data: dict[str, str | dict[str, str]] = json.load(handle)
    return data


def english(key: str, /, **params: object) -> str:
    """The English catalog's entry ``key`` with ``params`` filled in (``"one"`` for a count of 1, else
    ``"other"``: English's plural rule); the key itself when the catalog lacks it. For :attr:`message`
    only: the app and the CLI word refusals through :mod:`scorekeeper.i18n`."""
    entry = _english_catalog().get(key, key)
    if isinstance(entry, dict):
        number = params.get(entry.get("_count", "count"))
        entry = entry.get("one", entry["other"]) if number == 1 and not isinstance(number, bool) else entry["other"]
    try:
        return entry.format(**params)
    except (KeyError, IndexError, ValueError):
        return entry
