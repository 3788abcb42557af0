"""The intents of the history, review, import and export screens (functions of an :class:`AppState`).

Kept out of :mod:`.state` so the table's intents and these evolve apart;
they use the same guard (a refusal or error becomes a translated message,
never a traceback) and the same rule: storage calls run in a worker thread.

What happened is kept as data (:class:`Notice`, the engine's
:class:`RuleViolation`) and worded by the views in the current language.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from datetime import date

from ..rules import RuleViolation
from ..rules.document import parse_json
from ..store import FINISHED, IN_PROGRESS, ImportRefused
from . import files
from .review_steps import Review
from .state import REVIEW, AppState, guarded

log = logging.getLogger(__name__)

PAGE = 50  # history rows shown at first and added by "more" (a phone cannot draw 10,000 rows)


@dataclass(frozen=True, slots=True)
class Notice:
    """The outcome of an import or export, worded by the view.

    ``key`` is a ``ui.*`` catalog key filled with ``params``; ``error`` the
    engine's refusal of an imported document (worded with its round and
    move); ``ok`` False for a failure (shown as an error).
    """

    key: str
    params: dict = field(default_factory=dict)
    error: RuleViolation | None = None
    ok: bool = True


ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _date(text: str) -> date | None:
    text = text.strip()
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        if ISO_DAY.fullmatch(text):  # written right, but no such day (2026-02-30, month 13)
            raise RuleViolation("", "ui_no_such_date", value=text, text="there is no such day") from None
        raise RuleViolation("", "ui_bad_date", value=text, text="a date is written YYYY-MM-DD") from None


def list_arguments(flt: dict) -> dict:
    """``store.list_matches`` keyword arguments for the filter ``flt``.

    Raises :class:`RuleViolation` ``ui_bad_date`` for a date that is not
    written ``YYYY-MM-DD``, ``ui_no_such_date`` for one that is but names no
    day of the calendar (``2026-02-30``).
    """
    return {"player": flt["player"].strip() or None, "variant": flt["variant"],
            "since": _date(flt["since"]), "until": _date(flt["until"]), "finished": flt["finished"]}


async def load_history(state: AppState, stats: bool = True) -> None:
    """Read the filtered history (newest first) and the per-player statistics into the state.

    Called by ``state.go(HISTORY)`` (which opens the screen) and after a filter change or an import.
    A typed date that is no date is dropped from the filter and the list read without it; then its
    :class:`RuleViolation` (``ui_bad_date`` or ``ui_no_such_date``) is raised, for the screen to show.
    The statistics (over every match: ~100 ms at 10,000 matches) are not re-read for a filter
    change (``stats=False``): they do not depend on it.
    """
    problem = _drop_bad_dates(state)
    args = list_arguments(state.history_filter)
    state.history = await state._call(lambda: state.store.list_matches(**args))
    if stats:
        state.stats = await state._call(state.store.stats)
    state.history_shown = PAGE
    if problem is not None:
        raise problem


def _drop_bad_dates(state: AppState) -> RuleViolation | None:
    """Remove from the filter a typed date that is no date, so it never stays the active filter
    (every way into the history would fail on it); return the refusal of the first such date
    (its message quotes what was typed), else ``None``."""
    problem = None
    for key in ("since", "until"):
        try:
            _date(state.history_filter[key])
        except RuleViolation as err:
            problem = problem or err
            state.history_filter = {**state.history_filter, key: ""}
    return problem


TYPED = "_history_typed"  # a private attribute of the state: assigning it re-renders nothing


def typed_filters(state: AppState) -> dict:
    """What the text filters hold as typed (applied or not): ``{key: text}``."""
    return getattr(state, TYPED, None) or {}


def set_filter_text(state: AppState, key: str, text: str) -> None:
    """Keep what is typed in a text filter (``player``, ``since``, ``until``); applied by :func:`apply_filter`.

    Kept out of the observed state on purpose: a re-render on each key
    press would send the field's value back to the browser while the user
    goes on typing, and the history screen is slow enough to render that
    the old value then overwrote the keys typed meanwhile (characters lost
    at 15-35 ms a key). The field keeps its text in the browser; the
    filter changes on Enter, on leaving the field, with Search, or with
    any other filter choice.
    """
    object.__setattr__(state, TYPED, {**typed_filters(state), key: text})


@guarded
async def apply_filter(state: AppState, **values) -> None:
    """Change filters (``variant=``, ``finished=``, or typed texts) and list again; applies what is typed."""
    state.error = None
    # the typed texts stay what the fields hold: a date that is no date is dropped from the filter, not the field
    state.history_filter = {**state.history_filter, **typed_filters(state), **values}
    await load_history(state, stats=False)


async def apply_typed(state: AppState) -> None:
    """On leaving a text filter: apply what was typed, if anything changed."""
    flt = state.history_filter
    if any(flt.get(key) != text for key, text in typed_filters(state).items()):
        await apply_filter(state)


async def filter_game(state: AppState, variant: str | None) -> None:
    """Only matches of ``variant`` (``None``: every game)."""
    await apply_filter(state, variant=variant)


async def filter_status(state: AppState, finished: bool | None) -> None:
    """Only finished matches (True), matches in progress (False), or all (None)."""
    await apply_filter(state, finished=finished)


def show_tab(state: AppState, tab: str) -> None:
    """On a phone: show the ``"matches"`` or the players' ``"stats"``."""
    state.history_tab = tab


@guarded
async def show_more(state: AppState) -> None:
    """Show :data:`PAGE` more history rows."""
    state.history_shown += PAGE


@guarded
async def open_history_item(state: AppState, match_id: str, status: str) -> None:
    """Tap on a history row: resume a match in progress, review a finished one."""
    if status == IN_PROGRESS:
        await state._open(match_id)
    elif status == FINISHED:
        await _open_review(state, match_id)


@guarded
async def open_review(state: AppState, match_id: str, index: int = 0) -> None:
    """Review ``match_id`` (any status) from step ``index``."""
    await _open_review(state, match_id, index)


async def _open_review(state: AppState, match_id: str, index: int = 0) -> None:
    final = await state._call(state.store.open_match, match_id)
    actions = [action for _, action in await state._call(state.store.actions, match_id)]
    state.error = None
    state.notice = None
    state.review = Review.of(match_id, final, actions, index)
    state.screen = REVIEW


@guarded
async def review_go(state: AppState, index: int | None) -> None:
    """Show step ``index`` of the review (``None``: stay)."""
    if state.review is not None and index is not None:
        state.review = state.review.at(index)


# ------------------------------------------------------------------ export
def export_name(match_id: str) -> str:
    """The file name of an exported match: ``scorekeeper-<id>.json``."""
    return f"scorekeeper-{match_id}.json"


@guarded
async def _export_bytes(state: AppState, match_id: str) -> tuple[str, bytes]:
    doc = await state._call(state.store.export_document, match_id)
    return export_name(match_id), (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


async def export_match(state: AppState, match_id: str) -> None:
    """Save the match's document (``scorekeeper-match/1`` with ``meta``): a download in the browser.

    Not guarded as a whole: a desktop save dialog may stay open for long,
    and the guard would ignore every other tap meanwhile.
    """
    prepared = await _export_bytes(state, match_id)
    if prepared is None:  # the store refused (e.g. a damaged file): state.error says why
        return
    name, data = prepared
    try:
        path = await files.save_bytes(name, data)
    except Exception:  # noqa: BLE001 - the user gets a message, the log the traceback
        log.exception("export of %s failed", match_id)
        state.notice = Notice("ui.export_failed", ok=False)  # the details (often English) are in the log
        return
    state.notice = Notice("ui.exported_path", {"path": path}) if path else Notice("ui.exported", {"name": name})


# ------------------------------------------------------------------ import
async def import_files(state: AppState) -> None:
    """Let the user choose match documents and import them (see :func:`import_picked`).

    The file chooser is awaited outside the guard: a chooser left open
    must not make the tab ignore every tap.
    """
    try:
        picked = await files.pick_json_files()
    except Exception:  # noqa: BLE001
        log.exception("file chooser failed")
        state.notice = Notice("ui.import_failed", ok=False)
        return
    if picked:
        await import_picked(state, picked)


@guarded
async def import_picked(state: AppState, picked: list[files.PickedFile]) -> None:
    """Import the documents in ``picked`` (each a document or a JSON list of them) through the store.

    The store validates every document with the engine before writing
    anything: one refused document imports nothing, and the notice names
    the file, the round and move, and the rule.
    """
    docs, names = [], []
    for item in picked:
        try:
            value = parse_json(item.data)
        except RuleViolation as err:
            state.notice = Notice("ui.import_refused", {"name": item.name}, error=err, ok=False)
            return
        items = value if isinstance(value, list) else [value]
        for number, doc in enumerate(items, start=1):
            docs.append(doc)
            names.append(f"{item.name} ({number})" if isinstance(value, list) else item.name)
    known = await state._call(lambda: {s.id for s in state.store.list_matches()})
    try:
        ids = await state._call(state.store.import_documents, docs, names)
    except ImportRefused as err:
        state.notice = Notice("ui.import_refused", {"name": err.name}, error=err.violation, ok=False)
        return
    state.notice = import_notice(set(ids), known)
    await load_history(state)


def import_notice(ids: set[str], known: set[str]) -> Notice:
    """What an import did: ``ids`` the store returned (a match already here keeps its id, docs/store.md),
    ``known`` the ids in the history before it."""
    added, present = len(ids - known), len(ids & known)
    if not present:
        return Notice("ui.imported", {"count": added})
    if not added:
        return Notice("ui.import_already", {"count": present})
    return Notice("ui.imported_some", {"count": added, "already": present})
