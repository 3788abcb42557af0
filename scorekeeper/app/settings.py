"""The app's settings (the chosen language) in ``<data_dir>/settings.json``.

Kept in the data folder rather than in the browser's storage so that the
same choice holds in every tab and window, and tests can use a temp folder.
A missing or damaged file means defaults (the system language).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..i18n import LANGUAGES, system_language

FILE = "settings.json"


def load(data_dir: str | os.PathLike) -> dict:
    """The saved settings; ``lang`` falls back to the system language (en, uk or ko)."""
    try:
        data = json.loads((Path(data_dir) / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    if data.get("lang") not in LANGUAGES:
        data["lang"] = system_language()
    return data


def save(data_dir: str | os.PathLike, values: dict) -> None:
    """Merge ``values`` into the saved settings (written whole, then renamed into place)."""
    data = load(data_dir)
    data.update(values)
    path = Path(data_dir) / FILE
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    os.replace(tmp, path)
