"""The rules engine: plain Python, no UI and no storage imports.

Public surface: :class:`Match` (the fold over actions), the actions
(:class:`StartRound`, :class:`Play`, :class:`Draw`, :class:`Pass`,
:class:`Reveal`), :class:`RuleViolation`, documents and reports, and fixes of
a record several moves back (:func:`preview_fix`, :func:`apply_fix`; see
:mod:`scorekeeper.rules.fix`).
"""

from .document import load_document, match_from_document, match_to_document
from .errors import RuleViolation
from .fix import DeleteMove, FixPreview, InsertMove, ReplaceHands, ReplaceMove, ScoreChange, apply_fix, preview_fix
from .layout import Layout, parse_spot, spot_text
from .match import Match, Result, Round, Status
from .moves import Draw, EndedBy, Pass, Play, Reason, Reveal, ScoreEvent, StartRound, Turn
from .report import build_report
from .tiles import ALL_TILES, parse_tile, tile_text

__all__ = [
    "ALL_TILES",
    "DeleteMove",
    "Draw",
    "EndedBy",
    "FixPreview",
    "InsertMove",
    "Layout",
    "Match",
    "Pass",
    "Play",
    "Reason",
    "ReplaceHands",
    "ReplaceMove",
    "Result",
    "Reveal",
    "Round",
    "RuleViolation",
    "ScoreChange",
    "ScoreEvent",
    "StartRound",
    "Status",
    "Turn",
    "apply_fix",
    "build_report",
    "load_document",
    "match_from_document",
    "match_to_document",
    "parse_spot",
    "parse_tile",
    "preview_fix",
    "spot_text",
    "tile_text",
]
