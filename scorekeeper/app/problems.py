"""The app's own refusals of what the user entered (a name twice, a date that is no date…).

The three kinds of message a tab shows each carry a stable ``code`` and the
``params`` its words need, and are worded from the catalogs by that code
(``error.<code>``, :func:`scorekeeper.explain.problem_words`):

* the engine's :class:`~scorekeeper.rules.RuleViolation` (a rule broken: ``rule``, ``code``, ``params``);
* the store's :class:`~scorekeeper.store.StoreError` (a file, a lock, a version: ``code``, ``params``);
* a :class:`Problem` of the app (an entry it cannot even ask the engine about).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..club import ClubError
from ..rules import RuleViolation
from ..store import StoreError


@dataclass(eq=True)
class Problem(Exception):
    """What the app refuses before asking the engine or the store: ``code`` (catalog key ``error.<code>``,
    e.g. ``ui_same_names``) and the ``params`` its words take (``{"name": "Bo"}``)."""

    code: str
    params: dict[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.code} {self.params}"


Message = RuleViolation | StoreError | Problem | ClubError  # what a tab's message line says (one at a time)
