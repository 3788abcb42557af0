"""The app's screens by name (no Flet, no model): what a tab can show.

A name only: each screen is declared by its entry in ``SCREEN_TABLE``
(``screens/__init__.py``: its route, models, what it loads, its view).
"""

from __future__ import annotations

from enum import StrEnum


class Screen(StrEnum):
    """The screens of a tab; the value is the screen's name in logs and docs (``docs/app.md``)."""

    HOME = "home"
    NEW_MATCH = "new-match"
    TABLE = "table"  # the table while the match goes on, the match-end screen once it is finished
    SETTINGS = "settings"
    HISTORY = "history"
    REVIEW = "review"
    RULES = "rules"  # the rules of a game, each rule by its id (S8, H4, E7)
    PHONES = "phones"  # the host's "Table" screen: join codes (QR) of the open match, the devices joined
    EVENT = "event"  # club night (host): the events, a new event, the roster and check-in, the standings
    ROUND = "round"  # club night (host): a round's tables by table and by name, pairing, paper results, codes
    PROJECTOR = "projector"  # a club event on a wall or TV: standings and the round's pairings in turn, live
    EVENING = "evening"  # "My evening" on a player's phone: where I sit, my score, my place
    SEASON = "season"  # the club's season over several events, its settings (host) and ratings (when on)
