"""The project's shape: no import circles, no import that runs upward, no oversized module.

The import graph is read from the source (``ast``), not from a running interpreter, so an import
counts wherever it stands in a module: at the top, inside a function (a function-level import
hides a circle from Python's import machinery, it does not remove it), in a ``try`` or in an
``if TYPE_CHECKING:`` block (a type named there is still a dependency: the module cannot be
understood, checked or changed without the other one). Relative imports are resolved;
``from engine.x import y`` counts as importing the submodule ``engine.x.y`` when there is one,
else the package ``engine.x``. The implicit import of a module's parent packages is not counted
(every module of a package would otherwise circle through its ``__init__``).

The layers, lowest first: ``engine`` (rules and contracts), ``render`` (pictures), ``bot`` (hosting).
A module may import its own layer and the layers below it, never one above.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: The layers, lowest first.
LAYERS = ("engine", "render", "bot")

#: Longest module allowed (lines) under :data:`SIZE_CHECKED`.
MAX_LINES = 800
#: Folders whose every module is held to :data:`MAX_LINES`.
SIZE_CHECKED = ("engine", "render", "bot")
#: Data tables and generated files under :data:`SIZE_CHECKED` that may be longer, with the reason.
SIZE_EXEMPT: dict[str, str] = {}


# -- reading the graph --------------------------------------------------------------------------------


def module_name(root: Path, path: Path) -> str:
    """The dotted name of the module in ``path`` (a package is its ``__init__.py``)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path, tops: Iterable[str] = LAYERS) -> dict[str, Path]:
    """Every module under the top-level folders ``tops`` of ``root``, by dotted name."""
    found: dict[str, Path] = {}
    for top in tops:
        for path in sorted((root / top).rglob("*.py")):
            if "__pycache__" not in path.parts:
                found[module_name(root, path)] = path
    return found


def _import_nodes(tree: ast.AST) -> Iterable[ast.Import | ast.ImportFrom]:
    """Every import statement of a module, at any depth, ``if TYPE_CHECKING:`` bodies included."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node


def _known(name: str, known: dict[str, Path]) -> str | None:
    """``name`` or its longest prefix that is a module of the graph (``None``: outside it)."""
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        candidate = ".".join(parts[:i])
        if candidate in known:
            return candidate
    return None


def imports_of(name: str, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that module ``name`` imports."""
    path = known[name]
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out: set[str] = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _known(alias.name, known)
                if target:
                    out.add(target)
            continue
        if node.level:
            base = package[:len(package) - (node.level - 1)]
            source = ".".join([*base, *(node.module.split(".") if node.module else [])])
        else:
            source = node.module or ""
        for alias in node.names:
            submodule = f"{source}.{alias.name}"
            target = submodule if submodule in known else _known(source, known)
            if target:
                out.add(target)
    out.discard(name)
    return out


def import_graph(root: Path = ROOT, tops: Iterable[str] = LAYERS) -> dict[str, set[str]]:
    """``{module: modules it imports}`` for every module under ``tops``."""
    known = modules(root, tops)
    return {name: imports_of(name, known) for name in known}


# -- what is wrong with a graph --------------------------------------------------------------------


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle (``[a, b, …, a]``) for every group of modules that import each other."""
    return [_circle_through(min(group), graph, group) for group in tangles(graph)]


def tangles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The groups of modules that import each other, directly or through others (Tarjan's strongly
    connected components with more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in graph:
                continue
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return sorted(groups, key=min)


def _circle_through(start: str, graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """A shortest circle from ``start`` back to itself inside ``group``."""
    paths = {start: [start]}
    queue = [start]
    while queue:
        here = queue.pop(0)
        for nxt in sorted(graph[here] & group):
            if nxt == start:
                return [*paths[here], start]
            if nxt not in paths:
                paths[nxt] = [*paths[here], nxt]
                queue.append(nxt)
    raise AssertionError(f"no circle through {start}")  # pragma: no cover - groups are circles


def upward(graph: dict[str, set[str]], layers: tuple[str, ...] = LAYERS) -> list[tuple[str, str]]:
    """Imports from a layer into a layer above it (``engine`` → ``render`` or ``bot``, ``render`` → ``bot``)."""
    rank = {layer: i for i, layer in enumerate(layers)}
    return sorted((a, b) for a, targets in graph.items() for b in targets
                  if rank[b.split(".")[0]] > rank[a.split(".")[0]])


# -- the project ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    return import_graph()


def test_no_import_circles(graph: dict[str, set[str]]) -> None:
    found = [f"{', '.join(sorted(group))} import each other, e.g. {' -> '.join(circles(graph)[i])}"
             for i, group in enumerate(tangles(graph))]
    assert not found, "import circles:\n" + "\n".join(found)


def test_no_import_runs_upward(graph: dict[str, set[str]]) -> None:
    found = upward(graph)
    assert not found, "imports into a higher layer:\n" + "\n".join(f"{a} -> {b}" for a, b in found)


def test_the_graph_sees_what_it_checks(graph: dict[str, set[str]]) -> None:
    assert {"engine.core.game", "render.core.cards", "bot.host", "bot.discord_app.commands"} <= set(graph)
    # The rules are packages of chapters; the game and the explanation layer sit above them.
    for game in ("zaibatsu", "nippon", "yokohama"):
        assert f"engine.{game}.rules" in graph[f"engine.{game}.game"]
        assert f"engine.{game}.rules" in graph[f"engine.{game}.explain"]
        chapters = [m for m in graph if m.startswith(f"engine.{game}.rules.")]
        assert len(chapters) >= 8
        assert not any(m in graph[c] for c in chapters for m in (f"engine.{game}.explain", f"engine.{game}.game"))
    # Takatoshi and the modules depend on the rules, which reach them through hooks.
    for extension in ("engine.zaibatsu.automa", "engine.zaibatsu.modules"):
        assert any(m.startswith("engine.zaibatsu.rules") for m in graph[extension])
        assert not any(extension in graph[c] for c in graph if c.startswith("engine.zaibatsu.rules"))
    assert "engine.yokohama.game" not in graph["engine.yokohama.bot"]


@pytest.mark.parametrize("folder", SIZE_CHECKED)
def test_no_module_is_longer_than_the_limit(folder: str) -> None:
    too_long = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES and name not in SIZE_EXEMPT:
            too_long.append(f"{name}: {lines} lines")
    assert not too_long, f"modules over {MAX_LINES} lines (split them by topic):\n" + "\n".join(too_long)


# -- the checker itself -----------------------------------------------------------------------------


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_a_planted_circle_is_found(tmp_path: Path) -> None:
    root = write(tmp_path, {
        "engine/__init__.py": "",
        "engine/game/__init__.py": "",
        "engine/game/rules.py": "def explain():\n    from .explain import reason  # hidden in a function\n",
        "engine/game/explain.py": "from engine.game import rules\n",
        "engine/game/words.py": "",
    })
    graph = import_graph(root, ("engine",))
    assert circles(graph) == [["engine.game.explain", "engine.game.rules", "engine.game.explain"]]
    assert tangles(graph) == [{"engine.game.explain", "engine.game.rules"}]


def test_a_longer_circle_is_reported_in_full(tmp_path: Path) -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}, "x": {"y", "z"}, "y": {"x"},
             "z": {"x"}}
    assert circles(graph) == [["a", "b", "c", "a"], ["x", "y", "x"]]
    assert tangles(graph) == [{"a", "b", "c"}, {"x", "y", "z"}]


def test_type_checking_imports_count_and_outside_modules_do_not(tmp_path: Path) -> None:
    root = write(tmp_path, {
        "engine/__init__.py": "",
        "engine/a.py": "from typing import TYPE_CHECKING\nimport json\nif TYPE_CHECKING:\n    from engine import b\n"
                       "else:\n    from engine import c\n",
        "engine/b.py": "from engine import a\n",
        "engine/c.py": "",
    })
    graph = import_graph(root, ("engine",))
    assert graph["engine.a"] == {"engine.b", "engine.c"}  # json is outside the graph
    assert circles(graph) == [["engine.a", "engine.b", "engine.a"]]  # hidden behind TYPE_CHECKING, still a circle


def test_relative_and_package_imports_resolve(tmp_path: Path) -> None:
    root = write(tmp_path, {
        "engine/__init__.py": "",
        "engine/game/__init__.py": "from .game import GAME\n",
        "engine/game/game.py": "from . import rules\nfrom .rules import begin\nGAME = 1\n",
        "engine/game/rules/__init__.py": "from .setup import begin\n",
        "engine/game/rules/setup.py": "from ..state import S\nfrom ...core import x\nimport engine.game.state\n",
        "engine/game/state.py": "",
        "engine/core.py": "",
        "render/__init__.py": "from engine.game import GAME, game\n",
    })
    graph = import_graph(root)
    assert graph["engine.game"] == {"engine.game.game"}
    assert graph["engine.game.game"] == {"engine.game.rules"}
    assert graph["engine.game.rules"] == {"engine.game.rules.setup"}
    assert graph["engine.game.rules.setup"] == {"engine.game.state", "engine.core"}
    assert graph["render"] == {"engine.game", "engine.game.game"}


def test_a_planted_upward_import_is_found(tmp_path: Path) -> None:
    root = write(tmp_path, {
        "engine/__init__.py": "",
        "engine/rules.py": "def picture():\n    import render.board\n",
        "render/__init__.py": "",
        "render/board.py": "from engine import rules\nfrom bot import host\n",
        "bot/__init__.py": "",
        "bot/host.py": "import engine.rules\nimport render.board\n",
    })
    assert upward(import_graph(root)) == [("engine.rules", "render.board"), ("render.board", "bot.host")]
