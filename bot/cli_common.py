"""What the ``meiji`` subcommands share: the one-line error and the option, data-folder, game and
file helpers (bot/__main__.py uses them; docs/hosting.md)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from engine.core import builtin_game_names, components, game_info, get_game, solo_game

from .config import Settings


def progress_bar(items: Iterable[Any] | None = None, **kwargs: Any) -> Any:
    """A tqdm progress bar on stderr over ``items`` (or updated by hand with ``.update(n)``),
    shown only when stderr is a terminal, so logs, pipes and tests stay clean. ``kwargs`` go to
    :class:`tqdm.tqdm` (``total``, ``desc``, ``unit``); use it as a context manager or iterate it."""
    from tqdm import tqdm  # type: ignore[import-untyped]  # tqdm ships no type information

    return tqdm(items, disable=not sys.stderr.isatty(), file=sys.stderr, dynamic_ncols=True, **kwargs)


class CliError(Exception):
    """A user-facing failure: printed as one line, exit code ``code``."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def _options(pairs: Sequence[str] | None) -> dict[str, Any]:
    """``KEY=VALUE`` pairs as an options dict (VALUE read as JSON if it parses, else text)."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise CliError(f"--option needs KEY=VALUE, not {pair!r}", 2)
        try:
            out[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            out[key.strip()] = value
    return out


def _table_options(args: argparse.Namespace) -> dict[str, Any]:
    """Options of a new table from the command line: only those the user set (``--option`` wins)."""
    options: dict[str, Any] = {}
    if args.first_game:
        options["first_game"] = True
    if args.modules:
        options["modules"] = [m for item in args.modules for m in str(item).split(",") if m.strip()]
    options.update(_options(args.option))
    return options


def _data_folder(args: argparse.Namespace, settings: Settings) -> Path | None:
    """The owner's override folder of component data: ``--data DIR``, else ``MEIJI_DATA_DIR``
    (``None``: no corrections); refused when it is not a folder."""
    folder = components.override_folder(getattr(args, "data", None) or settings.data_dir)
    if folder is not None and not folder.is_dir():
        raise CliError(f"the component data folder {folder} does not exist (--data DIR / MEIJI_DATA_DIR)", 2)
    return folder


def _check_data(folder: Path | None, names: Sequence[str]) -> dict[str, components.DataSet]:
    """The effective component data of each game of ``names`` that has some (the shipped files with
    ``folder``'s corrections); a :class:`CliError` naming the file, record and field of a bad one."""
    out: dict[str, components.DataSet] = {}
    for name in names:
        _game(name)
        if components.has_data(name):
            try:
                out[name] = components.effective(name, folder)
            except components.DataError as exc:
                raise CliError(str(exc)) from None
    return out


def _game_choices() -> str:
    return ", ".join(builtin_game_names())


def _solo_levels() -> tuple[str, ...]:
    name = solo_game()
    return game_info(get_game(name)).solo_levels if name else ()


def _game(name: str) -> Any:
    try:
        return get_game(name)
    except KeyError as exc:
        raise CliError(str(exc.args[0] if exc.args else exc)) from None
    except ImportError as exc:
        raise CliError(f"the game {name!r} can't be loaded: {exc}") from None


def _read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise CliError(f"can't read {path}: {exc.strerror or exc}") from None


def _read_json(path: str) -> Any:
    try:
        return json.loads(_read_text(path))
    except json.JSONDecodeError as exc:
        raise CliError(f"{path} is not valid JSON (line {exc.lineno}: {exc.msg})") from None
