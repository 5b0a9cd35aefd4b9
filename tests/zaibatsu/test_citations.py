"""Rule citations name the published rulebook, never an outside summary of it.

A citation gives the rulebook's own section (its heading, in English, and the page where the
rulebook gives one): "rulebook: Consolidation, step B, p. 17". Section numbers of an outside digest
("§2.8"), its path, the file names of the texts it was made from and the word "digest" must not
come back into the code's comments and docstrings or into the docs; rule-gap and translation ids
(G-1, D-27) stay only as pointers into docs/rules-notes.md.

Scanned: the Zaibatsu package, the shared engine core, the Zaibatsu picture and the shared picture
core (comments and strings of every .py file: identifiers such as ``hashlib``'s ``digest`` are
code, not citations), and the docs (other games' own docs files and other games' top-level sections
of a shared doc are left to those games).
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from engine.zaibatsu.topics import TOPICS

ROOT = Path(__file__).resolve().parents[2]

#: What a citation of the outside digest looks like.
FORBIDDEN = re.compile(r"§\s*\d|shared/reference|(?<![\d_])00[0-4]_|\bdigest\b|reference\s*§", re.IGNORECASE)

#: Code scanned: Zaibatsu, Nippon, Yokohama and what every game shares.
CODE_DIRS = ("engine/zaibatsu", "engine/nippon", "engine/yokohama", "engine/core", "render/core", "render/zaibatsu",
             "render/nippon", "render/yokohama")

#: Packages of games other than Zaibatsu; a docs file named after one of them is that game's.
OTHER_GAMES = tuple(
    p.name for p in (ROOT / "engine").iterdir() if p.is_dir() and (p / "__init__.py").is_file()
    and p.name not in ("zaibatsu", "core")
)


def code_files() -> list[Path]:
    files = [p for d in CODE_DIRS for p in sorted((ROOT / d).rglob("*.py"))]
    return [p for p in files if "__pycache__" not in p.parts]


def prose_of_python(source: str) -> list[tuple[int, str]]:
    """``(line, text)`` of every comment and string literal (docstrings included) of a module."""
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in (tokenize.COMMENT, tokenize.STRING) or tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            out.append((tok.start[0], tok.string))
    return out


def doc_files() -> list[Path]:
    return [p for p in sorted((ROOT / "docs").glob("*.md")) if not any(g in p.stem for g in OTHER_GAMES)]


def zaibatsu_text_of_doc(text: str) -> str:
    """The doc without other games' top-level sections: a ``# …`` heading (outside code blocks)
    after the first one that does not name Zaibatsu starts another game's part, up to the next
    top-level heading."""
    kept: list[str] = []
    fenced = False
    first = True
    skipping = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("# "):
            skipping = not first and "zaibatsu" not in line.lower() and any(
                g in line.lower() for g in ("nippon", *OTHER_GAMES)
            )
            first = False
        if not skipping:
            kept.append(line)
    return "\n".join(kept)


def test_the_scan_finds_its_files() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in code_files()}
    assert {"engine/zaibatsu/rules/__init__.py", "engine/zaibatsu/rules/consolidation.py", "engine/zaibatsu/automa.py",
            "engine/zaibatsu/topics.py", "render/zaibatsu/board.py", "render/zaibatsu/turn.py"} <= names
    docs = {p.name for p in doc_files()}
    assert {"rules-notes.md", "notation-zaibatsu.md", "discord.md", "glossary-zaibatsu.md"} <= docs


@pytest.mark.parametrize("path", code_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_code_cites_no_outside_digest(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    bad = [f"{path.relative_to(ROOT)}:{line}: {text.strip()[:100]}"
           for line, text in prose_of_python(source) if FORBIDDEN.search(text)]
    assert not bad, "cite the rulebook's section instead:\n" + "\n".join(bad)


@pytest.mark.parametrize("path", doc_files(), ids=lambda p: p.name)
def test_docs_cite_no_outside_digest(path: Path) -> None:
    text = zaibatsu_text_of_doc(path.read_text(encoding="utf-8"))
    bad = [f"{path.name}:{n}: {line.strip()[:100]}"
           for n, line in enumerate(text.splitlines(), start=1) if FORBIDDEN.search(line)]
    assert not bad, "cite the rulebook's section instead:\n" + "\n".join(bad)


def test_rule_ids_in_code_point_to_the_rules_notes() -> None:
    """A rule-gap or translation id (G-1, D-27) in a comment is written ``docs/rules-notes.md G-1``
    (several ids may follow one pointer: ``docs/rules-notes.md D-5, D-8``), and names an id the notes
    define."""
    notes = (ROOT / "docs" / "rules-notes.md").read_text(encoding="utf-8")
    defined = set(re.findall(r"\b([DG]-\d+)\b", notes))
    bad = []
    for path in code_files():
        for line, text in prose_of_python(path.read_text(encoding="utf-8")):
            pointed = {m for run in re.findall(r"docs/rules-notes\.md\s+((?:[DG]-\d+(?:, |/| or )?)+)", text)
                       for m in re.findall(r"[DG]-\d+", run)}
            for rule_id in re.findall(r"(?<![\w-])([DG]-\d+)\b", text):
                if rule_id not in pointed or rule_id not in defined:
                    bad.append(f"{path.relative_to(ROOT)}:{line}: {rule_id}")
    assert not bad, "\n".join(bad)


def test_every_topic_cites_the_rulebook() -> None:
    for t in TOPICS:
        assert str(t.section).startswith("Rulebook"), (t.key, str(t.section))
        assert not FORBIDDEN.search(str(t.section)) and not FORBIDDEN.search(str(t.text)), t.key


def test_the_forbidden_patterns_are_caught() -> None:
    for text in ("(§2.8 Consolidation)", "§ 2.3", "reference §2.15", "the rules digest",
                 "shared/reference/nippon-zaibatsu.md", "S-PL 000_…", "004_9176c8514f3556ae.txt"):
        assert FORBIDDEN.search(text), text
    for text in ("rulebook: Consolidation, p. 17", "hashlib digest_size", "1_000_000 coins"):
        assert not FORBIDDEN.search(text), text
    assert prose_of_python("x = h.digest()  # fine\n") == [(1, "# fine")]
    doc = "# Nippon: Zaibatsu — notes\n§2.8 here\n```\n# Nippon (2015) in code\n```\n# Nippon (2015)\n§3 there\n"
    kept = zaibatsu_text_of_doc(doc)
    assert "§2.8 here" in kept and "§3 there" not in kept
