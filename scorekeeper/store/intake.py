"""What one import may hold, checked before any document reaches the rules engine.

An import — files given to ``scorekeeper import`` or picked in the app, each a match document or a JSON
list of them — is bounded before any per-document work (issue 21: a 2 MB list of a million zeros took 534 s
and 1.9 GB to refuse, and printed a million lines):

- bytes: at most :data:`MAX_BYTES` (256 MiB) in one import, all files together; a file that would go
  past it is refused unread (:func:`read_files` asks the system its size);
- documents: at most :data:`MAX_DOCUMENTS` (50,000) in one import; a list holding more is refused
  whole, as soon as it is parsed, before any of its documents is looked at;
- shape: a document that is not a JSON object cannot be a match record and is refused at once (one
  refusal shared by all such documents); an object goes to the engine, whose first checks (its fields,
  ``format``, ``players``, ``rounds``) refuse junk before anything is folded.

The bounds are generous for real backups: ``export --all`` of a club's 10,000 matches is about 48 MB
for short matches (three rounds, 4.8 kB each) and 180 MB for full ones (18 kB each, 30 kB the longest).

Refusals are summarised: :data:`LISTED` are named one by one, the rest counted
(:func:`summary_lines`: ``"…and 999,998 more refused"``), by the CLI and in the app's notice alike.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import BinaryIO

from ..rules import RuleViolation
from ..rules.document import parse_json
from .errors import LISTED_REFUSALS, ImportRefusal

MAX_BYTES = 256 * 1024 * 1024
MAX_DOCUMENTS = 50_000
LISTED = LISTED_REFUSALS  # refusals named one by one; the others are counted

_MB = 1024 * 1024
# one refusal for every document that is not an object: the same words as the engine's, built once
NOT_OBJECT = RuleViolation("", "malformed", what="not_object")


def too_large(size: int) -> RuleViolation:
    """The refusal of a file that brings the import to ``size`` bytes, past :data:`MAX_BYTES`."""
    shown = f"{size / _MB:,.0f}"
    return RuleViolation("", "import_too_large", size=shown, limit=MAX_BYTES // _MB)


def too_many(count: int) -> RuleViolation:
    """The refusal of a list of ``count`` documents, past :data:`MAX_DOCUMENTS`."""
    return RuleViolation("", "import_too_many", count=count, limit=MAX_DOCUMENTS)


def read_files(
    paths: Sequence[str], stdin: BinaryIO | None = None
) -> tuple[list[tuple[str, bytes]], list[ImportRefusal]]:
    """Read ``paths`` for :func:`documents_of_files` (``"-"``: standard input): ``(files, refused)``.

    A file that would take the import past :data:`MAX_BYTES` is refused without being read (its size
    from the system; standard input is read one byte past the bound, then stopped). Raises ``OSError``
    for a file that cannot be read.
    """
    files: list[tuple[str, bytes]] = []
    refused: list[ImportRefusal] = []
    total = 0
    for path in paths:
        room = MAX_BYTES - total
        if path == "-":
            data = (stdin or sys.stdin.buffer).read(room + 1)
        else:
            with open(path, "rb") as handle:
                size = os.fstat(handle.fileno()).st_size
                data = b"" if size > room else handle.read(room + 1)
            if size > room:
                refused.append(ImportRefusal(-1, path, too_large(total + size)))
                continue
        if len(data) > room:
            refused.append(ImportRefusal(-1, path, too_large(total + len(data))))
            continue
        total += len(data)
        files.append((path, data))
    return files, refused


def documents_of_files(files: Sequence[tuple[str, bytes]]) -> tuple[list[object], list[str], list[ImportRefusal]]:
    """The documents of ``files`` (``(name, bytes)``, each a document or a JSON list of them), within bounds.

    Returns ``(documents, their names, refused files)``: a document of a list is named
    ``"NAME (document N)"``; a file that is too large, not JSON, or would take the import past
    :data:`MAX_DOCUMENTS` is refused whole (an :class:`ImportRefusal` with index ``-1``) and adds no
    document. Nothing is parsed past the bounds.
    """
    docs: list[object] = []
    names: list[str] = []
    refused: list[ImportRefusal] = []
    total = 0
    for name, data in files:
        if total + len(data) > MAX_BYTES:
            refused.append(ImportRefusal(-1, name, too_large(total + len(data))))
            continue
        total += len(data)
        try:
            value = parse_json(data)
        except RuleViolation as err:
            refused.append(ImportRefusal(-1, name, err))
            continue
        items = value if type(value) is list else [value]
        if len(docs) + len(items) > MAX_DOCUMENTS:
            refused.append(ImportRefusal(-1, name, too_many(len(items))))
            continue
        docs.extend(items)
        if type(value) is list:
            names.extend(f"{name} (document {i})" for i in range(1, len(items) + 1))
        else:
            names.append(name)
    return docs, names, refused


def shape_refusal(doc: object) -> RuleViolation | None:
    """The refusal of a document that cannot be a match record whatever it holds (not a JSON object:
    text of a document is parsed first), or ``None``. Constant time."""
    if type(doc) is dict or isinstance(doc, (str, bytes, bytearray)):
        return None
    return NOT_OBJECT


def summary_lines(refusals: Sequence[ImportRefusal], verb: str = "refused") -> list[str]:
    """The first :data:`LISTED` refusals, one line each (``"NAME: round R, move M: RULE: …"``), and
    ``"…and N more refused"`` for the rest (``verb``: ``"refused"`` or ``"skipped"``)."""
    lines = [refusal.message for refusal in refusals[:LISTED]]
    if len(refusals) > LISTED:
        lines.append(f"…and {len(refusals) - LISTED:,} more {verb}")
    return lines
