"""The rules engine: plain Python, no UI and no storage imports.

Public surface: :class:`Match` (the fold over actions), the actions
(:class:`StartRound`, :class:`Play`, :class:`Draw`, :class:`Pass`,
:class:`Reveal`), :class:`RuleViolation`, documents and reports.
"""

from .document import load_document, match_from_document, match_to_document
from .errors import RuleViolation
from .layout import Layout, parse_spot, spot_text
from .match import Match, Round
from .moves import Draw, Pass, Play, Reveal, ScoreEvent, StartRound, Turn
from .report import build_report
from .tiles import ALL_TILES, parse_tile, tile_text

__all__ = [
    "ALL_TILES", "Draw", "Layout", "Match", "Pass", "Play", "Reveal", "Round", "RuleViolation",
    "ScoreEvent", "StartRound", "Turn", "build_report", "load_document", "match_from_document",
    "match_to_document", "parse_spot", "parse_tile", "spot_text", "tile_text",
]
