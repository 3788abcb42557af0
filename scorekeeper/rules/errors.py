"""Errors the rules engine raises: every refusal names the rule it enforces."""

from __future__ import annotations


class RuleViolation(Exception):
    """A move, a reveal or a document field that breaks a rule of RULES.md.

    Attributes:
        rule: the RULES.md id broken, e.g. ``"S8"`` (``""`` for a malformed
            record that no rule names).
        code: a stable machine name for the refusal kind (``"pass_with_stock"``),
            used by the UI to pick a translated message.
        params: the values the message talks about (tiles as text, counts,
            seats), for translation.
        text: the English explanation, saying what is wrong and what to do.
        round_no / move_no: where it happened, counted from 1 as people count
            (``move_no`` may be ``"hands"``); ``None`` until the match layer
            locates the error.

    The engine never changes its state before raising, so a refused move
    loses nothing already recorded.
    """

    def __init__(self, rule: str, code: str, *, text: str, **params: object) -> None:
        self.rule = rule
        self.code = code
        self.text = text
        self.params = params
        self.round_no: int | None = None
        self.move_no: int | str | None = None
        super().__init__(self.message)

    def at(self, round_no: int | None, move_no: int | str | None) -> RuleViolation:
        """Record where the violation happened (1-based round and move, or ``"hands"``)."""
        self.round_no = round_no
        self.move_no = move_no
        self.args = (self.message,)
        return self

    @property
    def message(self) -> str:
        """One line: ``"round 2, move 7: S8: pass while the stock has 3 tiles"``."""
        where = []
        if self.round_no is not None:
            where.append(f"round {self.round_no}")
        if self.move_no is not None:
            where.append(self.move_no if self.move_no == "hands" else f"move {self.move_no}")
        head = ", ".join(str(w) for w in where)
        body = f"{self.rule}: {self.text}" if self.rule else self.text
        return f"{head}: {body}" if head else body

    def __str__(self) -> str:
        return self.message
