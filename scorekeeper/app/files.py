"""Files the user saves or opens: Flet's ``FilePicker`` service, behind two small functions.

Checked in Flet 1.0.5 with the offline web view (Chromium): ``save_file``
with ``src_bytes`` makes the browser download the bytes under ``file_name``
(and returns ``None``); on a desktop it opens a save dialog and writes the
bytes to the chosen path. ``pick_files(with_data=True)`` opens the browser's
file chooser and returns each file's bytes (in the web view ``path`` is
always ``None``). A ``FilePicker`` registers itself with the page of the
handler that creates it, so these must be called from an event handler.

The functions are module attributes so in-process tests can replace them.
"""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft


@dataclass(frozen=True, slots=True)
class PickedFile:
    """A file the user chose: its name (no folder) and its content."""

    name: str
    data: bytes


async def save_bytes(file_name: str, data: bytes, extension: str = "json") -> str | None:
    """Offer ``data`` as a file named ``file_name``: a download in the browser, a save dialog on a desktop.

    ``extension``: the file type a desktop's dialog offers (``json``; ``html`` for a page to print).
    Returns the path written on a desktop, ``None`` in the browser (the
    browser decides where downloads go) or if the user cancelled.
    """
    picker = ft.FilePicker()
    return await picker.save_file(
        file_name=file_name, src_bytes=data, file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=[extension]
    )


async def pick_json_files() -> list[PickedFile]:
    """Let the user choose one or more ``.json`` files; ``[]`` if cancelled."""
    picker = ft.FilePicker()
    files = await picker.pick_files(
        with_data=True, allow_multiple=True, file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["json"]
    )
    return [PickedFile(f.name, f.bytes or b"") for f in files or []]
