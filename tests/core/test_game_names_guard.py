"""A fourth game touches only its own packages: the shared code names no game.

The words of every installed game — its id, the words of its published title and its solo
opponent's name — must not appear in the code of ``bot/``, ``engine/core``, ``render/core`` or
``render/__init__.py``: not in a name, an attribute, an import or a string. Comments and docstrings
may name games (they explain, with an example); code must reach a game only through the registry
and its capabilities. The words are read from the registry, so the guard grows with the games.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core import builtin_game_names, game_info, get_game, registry
from engine.core.i18n import language, tr

ROOT = Path(__file__).resolve().parents[2]
#: Title words too common to stand for one game.
COMMON = {"the", "and", "of", "game"}


def game_words() -> set[str]:
    """Lower-case words that stand for one installed game."""
    words: set[str] = set()
    for name in builtin_game_names():
        game = get_game(name)
        words.add(name.lower())
        words.update(w for w in re.findall(r"[a-z]+", game_info(game).title.lower()) if len(w) > 3)
        solo = registry.solo_opponent(game)
        if solo is not None:
            with language("en"):
                words.update(re.findall(r"[a-z]+", str(tr(solo.solo_opponent)).lower()))
    return words - COMMON


def shared_files() -> list[Path]:
    """The shared code: bot/ (without the database migrations), engine/core, render/core, render/__init__.py."""
    files = [*(ROOT / "bot").rglob("*.py"), *(ROOT / "engine" / "core").rglob("*.py"),
             *(ROOT / "render" / "core").rglob("*.py"), ROOT / "render" / "__init__.py"]
    return sorted(p for p in files if "migrations" not in p.relative_to(ROOT).parts)


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that are documentation: docstrings and bare string statements."""
    out: set[int] = set()
    for node in ast.walk(tree):
        for stmt in getattr(node, "body", []) if isinstance(getattr(node, "body", None), list) else []:
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str):
                out.add(id(stmt.value))
    return out


def code_words(source: str) -> Iterator[tuple[int, str]]:
    """``(line, text)`` of every name, attribute, import and string of ``source`` except documentation."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield line, node.value
        elif isinstance(node, ast.Name):
            yield line, node.id
        elif isinstance(node, ast.Attribute):
            yield line, node.attr
        elif isinstance(node, ast.alias):
            yield line, node.name + " " + (node.asname or "")
        elif isinstance(node, ast.ImportFrom):
            yield line, node.module or ""
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield line, node.name
        elif isinstance(node, ast.arg) or isinstance(node, ast.keyword) and node.arg:
            yield line, node.arg


def found_names(source: str, words: set[str]) -> list[tuple[int, str]]:
    """``(line, word)`` of every game word in the code of ``source`` (documentation and comments left out)."""
    pattern = re.compile(r"(?<![a-z])(" + "|".join(sorted(map(re.escape, words))) + r")(?![a-z])", re.IGNORECASE)
    return [(line, m.group(1)) for line, text in code_words(source) for m in pattern.finditer(text)]


def test_the_guard_knows_every_installed_game() -> None:
    words = game_words()
    assert set(builtin_game_names()) <= words
    assert len(words) > len(builtin_game_names())  # titles and solo opponents too


def test_the_guard_sees_code_and_skips_documentation() -> None:
    word = sorted(game_words())[0]
    source = (f'"""Module text naming {word}."""\n'
              f"# a comment naming {word}\n"
              f"def f(x):\n    \"\"\"About {word}.\"\"\"\n    return x == \"{word}\"\n"
              f"SOLO_{word.upper()} = 1\n")
    assert sorted(line for line, _w in found_names(source, {word})) == [5, 6]


@pytest.mark.parametrize("path", shared_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_shared_code_names_no_game(path: Path) -> None:
    found = found_names(path.read_text(encoding="utf-8"), game_words())
    assert not found, f"{path.relative_to(ROOT)} names a game in its code: {found}"
