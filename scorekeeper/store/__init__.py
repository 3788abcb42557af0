"""The durable match log and history (TinyDB; no UI imports).

Public surface::

    from scorekeeper.store import MatchStore, open_store
    store = open_store(data_dir=None)
    if store.read_only is not None:                  # a read-only disk, no permission, another Scorekeeper…
        show(store.read_only.code)                   # ReadOnlyReason: reading works, changes raise ReadOnlyStore
    match_id = store.create_match("horse-race", ["Ann", "Bo"], partnerships=False)
    result = store.record(match_id, StartRound(0))   # RecordResult: match, events, seq

See docs/store.md for where data lives, the on-disk layout and the event schema.
"""

from .errors import (
    READ_ONLY_REASONS,
    ImportRefusal,
    ImportRefused,
    MatchDamaged,
    MatchNotFound,
    NothingToRedo,
    NothingToUndo,
    ReadOnlyReason,
    ReadOnlyStore,
    StaleView,
    StoreBusy,
    StoreClosed,
    StoreError,
)
from .events import LOG_FORMAT
from .paths import ENV_VAR, default_data_dir
from .store import FixResult, MatchStore, RecordResult, is_open, open_store
from .summary import ABANDONED, DAMAGED, FINISHED, IN_PROGRESS, MatchSummary, PlayerStats, RuleSetStats
from .transfer import ExportReport, ImportReport

__all__ = [
    "ABANDONED",
    "DAMAGED",
    "ENV_VAR",
    "FINISHED",
    "IN_PROGRESS",
    "LOG_FORMAT",
    "READ_ONLY_REASONS",
    "ExportReport",
    "FixResult",
    "ImportRefusal",
    "ImportRefused",
    "ImportReport",
    "MatchDamaged",
    "MatchNotFound",
    "MatchStore",
    "MatchSummary",
    "NothingToRedo",
    "NothingToUndo",
    "PlayerStats",
    "ReadOnlyReason",
    "ReadOnlyStore",
    "RecordResult",
    "RuleSetStats",
    "StaleView",
    "StoreBusy",
    "StoreClosed",
    "StoreError",
    "default_data_dir",
    "is_open",
    "open_store",
]
