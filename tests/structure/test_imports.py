"""The package's modules import each other in one direction: no import cycle, and the layers keep apart.

Every ``import`` and ``from … import`` in ``scorekeeper/`` is read from the
syntax tree (at any depth: an import inside a function to dodge a cycle is
still a cycle), relative ones resolved, and the graph of modules searched
for a cycle.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in PACKAGE.rglob("*.py")}


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that module ``name`` imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {module for module in found if module in known and module != name}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, set(known)) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_the_scan_sees_the_package():
    edges = graph()
    assert len(edges) > 60
    assert "scorekeeper.app.models.open_match" in edges["scorekeeper.app.models.move_entry"]


def test_the_cycle_search_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycle():
    assert cycles(graph()) == []


def test_the_layers_keep_apart():
    """The engine imports neither the store nor the app nor the words; the club engine neither the store, the app
    nor the server; the store neither the app, the CLI nor the words (explain, i18n, refusals); models no screen
    or part."""
    edges = graph()
    for module, targets in edges.items():
        if module.startswith("scorekeeper.rules"):  # nor the words: a refusal is a code and values (refusals.py)
            presentation = ("scorekeeper.i18n", "scorekeeper.explain", "scorekeeper.refusals", "scorekeeper.cli")
            assert not {t for t in targets if t.startswith(("scorekeeper.store", "scorekeeper.app", *presentation))}, (
                module
            )
        if module.startswith("scorekeeper.club"):
            outside = ("scorekeeper.store", "scorekeeper.app", "scorekeeper.server")
            assert not {t for t in targets if t.startswith(outside)}, module
        if module.startswith("scorekeeper.store"):  # nor the command line or the words (scorekeeper/cli/ does)
            shown = (
                "scorekeeper.app",
                "scorekeeper.cli",
                "scorekeeper.explain",
                "scorekeeper.i18n",
                "scorekeeper.refusals",
            )
            assert not {t for t in targets if t.startswith(shown)}, module
        if module.startswith("scorekeeper.app.models"):
            views = ("scorekeeper.app.screens", "scorekeeper.app.parts")
            assert not {t for t in targets if t.startswith(views)}, module
        if module.startswith("scorekeeper.app.parts"):
            assert not {t for t in targets if t.startswith("scorekeeper.app.screens")}, module


def test_the_club_engine_is_plain_python():
    """scorekeeper/club imports no Flet, TinyDB or other I/O library: networkx, openskill (the ratings) and the
    standard library only."""
    allowed = {"__future__", "collections", "dataclasses", "enum", "fractions", "typing", "networkx", "openskill"}
    for path in (PACKAGE / "club").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed, (path.name, name)


def test_the_serving_process_sits_above_the_tab():
    """``scorekeeper.serve`` (the processes: launch, the viewer process, Flet's entry) imports the app; the
    app (its tab: models, screens, parts, the per-tab ``main``) and ``scorekeeper.server`` never import it."""
    edges = graph()
    serving = {module for module in edges if module.startswith("scorekeeper.serve.")}
    assert {"scorekeeper.serve.launch", "scorekeeper.serve.viewer_server", "scorekeeper.serve.flet_app"} <= serving
    assert "scorekeeper.app.main" in edges["scorekeeper.serve.launch"]  # the scan sees serve → app
    below = ("scorekeeper.app", "scorekeeper.server", "scorekeeper.store", "scorekeeper.rules")
    for module, targets in edges.items():
        if module.startswith(below):
            assert not {t for t in targets if t == "scorekeeper.serve" or t.startswith("scorekeeper.serve.")}, module


def test_every_command_line_module_is_in_the_cli_package():
    """All command-line code lives in ``scorekeeper/cli/``: no other module reads arguments or registers a
    command (``argparse``), and the app's serving process is started by ``cli.app``."""
    outside = sorted(
        name
        for name, path in modules().items()
        if not name.startswith("scorekeeper.cli") and "import argparse" in path.read_text("utf-8")
    )
    assert outside == []
    assert {
        "scorekeeper.cli.replay",
        "scorekeeper.cli.matches",
        "scorekeeper.cli.audit",
        "scorekeeper.cli.app",
        "scorekeeper.cli.commands",
    } <= set(modules())
