"""Component data sets: the shipped files, owners' corrections, their hashes and the set in use.

A game's printed components (tiles, spaces, tracks, prices …) live in JSON files next to its rules,
``engine/<game>/data/<file>.json``, one list of records per file, each with ``source`` and
``confidence``; the game validates them with one pydantic model whose fields are the file names.
The game's ``data`` module declares itself with :func:`register_source`. Nothing here names a game.

**Data sets.** The files of a game as one value (:class:`DataSet`) are identified by their
*hash*: the SHA-256 of their canonical JSON (:func:`canonical_json`: sorted keys, no spaces,
records in file order; :func:`digest_of`). The same content always has the same hash, wherever it
came from.

**Corrections.** An owner corrects components in an *override folder* holding the same files,
``DIR/<game>/<file>.json``; a file may list only the records that change. Records are matched by
their key (:meth:`DataSource.key_fields`: ``id``, or the fields a game declares for files without
one) and replace the shipped record whole; :func:`effective` merges and validates them and raises
:class:`DataError` naming the file, the record and the field of the first problem.

**Which data a game uses.** A game's rules read the data through its ``tables()``/``load()``,
which ask :func:`model` for the *selected* data set of that game: the shipped files unless a caller
selected another with :func:`using` (or :func:`select` in a scope of its own, as the host does per
call). Selection is a :class:`~contextvars.ContextVar`, so threads and tasks never see each other's
choice, and the rules stay free of I/O and of any notion of "which table". A host stores the hash
of the data a table started with and selects that data set whenever it loads the table: a later
correction never changes a game in progress or an old replay. Data sets the engine knows are the
shipped one, those registered with :func:`add` or :func:`from_json` (e.g. read back from a store),
the effective sets of override folders and the game's *history* (``<history>/<hash>.json.gz``:
data sets shipped before, kept so old logs replay); :data:`DataSource.legacy` is the hash of the
data that tables stored before hashes were kept were played with.

Derived values of a game's data are cached per data set with :func:`per_data` and
:func:`data_cached` (a plain ``functools.cache`` would mix two data sets up).
"""

from __future__ import annotations

import contextvars
import functools
import gzip
import hashlib
import json
import os
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

T = TypeVar("T")
#: The environment variable naming the owners' override folder (hosts and the command line read it).
ENV_VAR = "MEIJI_DATA_DIR"
#: The suffix of a history file: ``<hash>.json.gz`` holds the data set with that hash.
HISTORY_SUFFIX = ".json.gz"

#: Files an override folder's game folder may hold that are not component data: each is read and
#: validated by its own loader (the learned win model: :mod:`engine.core.winmodel`).
OTHER_FILES = frozenset({"win_model.json"})

Record = dict[str, Any]
Files = dict[str, list[Record]]


class DataError(ValueError):
    """Component data that does not load: names the ``file``, the ``record`` and the ``field``.

    ``file`` is a path (an override file or a shipped file) or a file name, ``record`` the record's
    key (``index=1``, ``SI-3``) or position (``#3``), ``field`` a dotted field path; each may be
    ``None`` when the problem is not that precise (e.g. a count across a whole file).
    """

    def __init__(self, message: str, *, game: str, file: str | None = None, record: str | None = None,
                 field: str | None = None) -> None:
        where = ", ".join(part for part in (
            file, f"record {record}" if record is not None else None, f"field {field}" if field else None,
        ) if part)
        super().__init__(f"{game} component data: {where + ': ' if where else ''}{message}")
        self.game, self.file, self.record, self.field, self.reason = game, file, record, field, message


class DataUnavailable(LookupError):
    """No data set with this hash is known for the game (not shipped, not in its history, not
    registered): a game that used it can't be rebuilt until the data is restored."""

    def __init__(self, game: str, digest: str) -> None:
        sha = digest
        super().__init__(f"{game}: the component data set {sha} is not available")
        self.game, self.digest = game, digest


@dataclass(frozen=True)
class DataSource:
    """How a game's component data is stored and validated (see :func:`register_source`)."""

    game: str
    directory: Path
    model: type[BaseModel]
    keys: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    history: Path | None = None
    legacy: str | None = None

    @property
    def files(self) -> tuple[str, ...]:
        """The file names (without ``.json``): the fields of the model, in its order."""
        return tuple(self.model.model_fields)

    def key_fields(self, file: str) -> tuple[str, ...]:
        """The fields that identify a record of ``file`` (default ``("id",)``)."""
        return tuple(self.keys.get(file, ("id",)))

    def key_of(self, file: str, record: Mapping[str, Any]) -> str:
        """A record's key as text: the id itself (``SI-3``), else ``field=value`` pairs (``index=1``).

        Raises ``KeyError`` naming the first key field the record lacks.
        """
        fields = self.key_fields(file)
        for name in fields:
            if name not in record:
                raise KeyError(name)
        if fields == ("id",):
            return str(record["id"])
        return ",".join(f"{name}={_plain(record[name])}" for name in fields)


@dataclass(frozen=True)
class DataSet:
    """One game's component data: ``files`` (file name -> records) and their hash (SHA-256).

    ``overridden`` maps file -> record key -> the override file that changed the record (empty
    for shipped, stored or historical data).
    """

    game: str
    files: Mapping[str, Sequence[Mapping[str, Any]]]
    digest: str
    overridden: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def to_json(self) -> str:
        """The canonical JSON of the data set (what the hash is taken of; what stores keep)."""
        return canonical_json(self.game, self.files)

    def record(self, file: str, key: str) -> Mapping[str, Any] | None:
        """The record of ``file`` with key ``key`` (see :meth:`DataSource.key_of`), if any."""
        src = source(self.game)
        return next((r for r in self.files.get(file, ()) if src.key_of(file, r) == key), None)


_SOURCES: dict[str, DataSource] = {}
_SETS: dict[tuple[str, str], DataSet] = {}
_MODELS: dict[tuple[str, str], BaseModel] = {}
_SHIPPED: dict[str, str] = {}
_EFFECTIVE: dict[tuple[str, str], tuple[Any, DataSet]] = {}
_lock = threading.RLock()
#: The hash of the data set selected per game in this context (a new mapping on every change).
_NOTHING_SELECTED: Mapping[str, str] = MappingProxyType({})
_selected: contextvars.ContextVar[Mapping[str, str]] = contextvars.ContextVar(
    "meiji_component_data", default=_NOTHING_SELECTED)


def _plain(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


# ------------------------------------------------------------------------------------------------
# Sources, hashes, validation
# ------------------------------------------------------------------------------------------------
def register_source(game: str, directory: Path, model: type[BaseModel], *,
                    keys: Mapping[str, Sequence[str]] | None = None, history: Path | None = None,
                    legacy: str | None = None) -> DataSource:
    """Declare the component data of ``game`` (called by the game's data module at import).

    ``directory`` holds ``<file>.json`` for every field of ``model``; ``keys`` names the fields
    that identify a record for files whose records have no ``id``; ``history`` is the folder of
    earlier shipped data sets (``<hash>.json.gz``); ``legacy`` the hash of the data set that
    tables stored without a hash were played with (``None``: the shipped data).
    """
    src = DataSource(game, Path(directory), model, {k: tuple(v) for k, v in (keys or {}).items()},
                     Path(history) if history is not None else None, legacy)
    with _lock:
        _SOURCES[game] = src
        _SHIPPED.pop(game, None)
    return src


def source(game: str) -> DataSource:
    """The :class:`DataSource` of ``game``; raises ``KeyError`` for a game without component data."""
    try:
        return _SOURCES[game]
    except KeyError:
        raise KeyError(f"{game!r} has no component data") from None


def has_data(game: str) -> bool:
    """Whether ``game`` declared component data."""
    return game in _SOURCES


def games() -> list[str]:
    """The games that declared component data, sorted."""
    return sorted(_SOURCES)


def canonical_json(game: str, files: Mapping[str, Sequence[Mapping[str, Any]]]) -> str:
    """``{"game": game, "files": files}`` as canonical JSON (sorted keys, no spaces, UTF-8 text)."""
    return json.dumps({"game": game, "files": files}, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)


def digest_of(game: str, files: Mapping[str, Sequence[Mapping[str, Any]]]) -> str:
    """The hash (SHA-256, hex) of the canonical JSON of ``files``."""
    return hashlib.sha256(canonical_json(game, files).encode("utf-8")).hexdigest()


def validate(game: str, files: Mapping[str, Sequence[Mapping[str, Any]]],
             origins: Mapping[str, Mapping[int, str]] | None = None) -> BaseModel:
    """The validated model of ``files``; raises :class:`DataError` naming file, record and field.

    ``origins`` maps file -> record position -> the file the record came from (an override file),
    so an error names the file the owner has to fix; other records are named by their shipped file.
    """
    src = source(game)
    missing = [f for f in src.files if f not in files]
    if missing:
        raise DataError(f"missing file(s): {', '.join(missing)}", game=game, file=missing[0])
    try:
        return src.model(**{name: list(files[name]) for name in src.files})
    except ValidationError as exc:
        raise _data_error(src, files, origins or {}, exc) from None


def _data_error(src: DataSource, files: Mapping[str, Sequence[Mapping[str, Any]]],
                origins: Mapping[str, Mapping[int, str]], exc: ValidationError) -> DataError:
    """The first problem of ``exc`` as a :class:`DataError` (the others are listed in the message)."""
    errors = exc.errors(include_url=False)
    first = errors[0]
    loc = tuple(first.get("loc") or ())
    message = str(first.get("msg", "invalid"))
    extra = f" (and {len(errors) - 1} more problem(s))" if len(errors) > 1 else ""
    if not loc:  # a check across records: the message starts with the file name
        name = next((f for f in src.files if message.removeprefix("Value error, ").startswith(f)), None)
        overrides = sorted(set(origins.get(name, {}).values())) if name else []
        where = overrides[0] if overrides else (_shipped_path(src, name) if name else None)
        return DataError(message.removeprefix("Value error, ") + extra, game=src.game, file=where)
    name = str(loc[0])
    record: str | None = None
    path = _shipped_path(src, name)
    if len(loc) > 1 and isinstance(loc[1], int):
        position = loc[1]
        path = origins.get(name, {}).get(position, path)
        try:
            record = src.key_of(name, files[name][position])
        except (KeyError, IndexError, TypeError, AttributeError):
            record = f"#{position + 1}"
        field_path = ".".join(str(p) for p in loc[2:]) or None
    else:
        field_path = None
    return DataError(message + extra, game=src.game, file=path, record=record, field=field_path)


def _shipped_path(src: DataSource, name: str) -> str:
    return str(src.directory / f"{name}.json")


def _register(dataset: DataSet, model: BaseModel) -> DataSet:
    with _lock:
        key = (dataset.game, dataset.digest)
        known = _SETS.get(key)
        if known is not None and not dataset.overridden:
            return known
        _SETS[key] = dataset
        _MODELS[key] = model
    return dataset


# ------------------------------------------------------------------------------------------------
# Shipped data, history, stored data sets
# ------------------------------------------------------------------------------------------------
def read_folder(game: str, directory: Path) -> Files:
    """Every file of ``game`` from ``directory`` (``<file>.json`` each); :class:`DataError` if one
    is missing or not a JSON list."""
    src = source(game)
    out: Files = {}
    for name in src.files:
        path = Path(directory) / f"{name}.json"
        out[name] = _read_list(game, path)
    return out


def _read_list(game: str, path: Path) -> list[Record]:
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError("file not found", game=game, file=str(path)) from None
    except OSError as exc:
        raise DataError(f"can't read it ({exc.strerror or exc})", game=game, file=str(path)) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        where = f" (line {exc.lineno}: {exc.msg})" if isinstance(exc, json.JSONDecodeError) else ""
        raise DataError(f"not valid JSON{where}", game=game, file=str(path)) from None
    if not isinstance(value, list):
        raise DataError("must be a JSON list of records", game=game, file=str(path))
    for i, record in enumerate(value):
        if not isinstance(record, dict):
            raise DataError("a record must be a JSON object", game=game, file=str(path), record=f"#{i + 1}")
    return value


def shipped(game: str) -> DataSet:
    """The data set of the files shipped with ``game`` (read and validated once)."""
    digest = _SHIPPED.get(game)
    if digest is not None:
        return _SETS[(game, digest)]
    with _lock:
        digest = _SHIPPED.get(game)
        if digest is not None:
            return _SETS[(game, digest)]
        src = source(game)
        files = read_folder(game, src.directory)
        model = validate(game, files)
        dataset = _register(DataSet(game, files, digest_of(game, files)), model)
        _SHIPPED[game] = dataset.digest
        return dataset


def legacy_digest(game: str) -> str | None:
    """The hash of the data set used by tables stored without one (``None``: no component data)."""
    if not has_data(game):
        return None
    return source(game).legacy or shipped(game).digest


def from_json(game: str, text: str, digest: str | None = None) -> DataSet:
    """Register the data set stored as canonical JSON ``text`` (:meth:`DataSet.to_json`) and return it.

    Raises :class:`DataError` when the text is not a data set of ``game``, does not validate, or its
    hash is not the one given.
    """
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"stored data set is not valid JSON ({exc.msg})", game=game) from None
    if not isinstance(value, dict) or value.get("game") != game or not isinstance(value.get("files"), dict):
        raise DataError("stored data set is not this game's", game=game)
    files: Files = value["files"]
    actual = digest_of(game, files)
    if digest is not None and actual != digest:
        expected = digest
        raise DataError(f"stored data set has the hash {actual}, not {expected}", game=game)
    key = (game, actual)
    if key in _SETS:
        return _SETS[key]
    return _register(DataSet(game, files, actual), validate(game, files))


def add(dataset: DataSet) -> DataSet:
    """Register ``dataset`` (validated; its hash checked) so it can be selected."""
    files = {k: [dict(r) for r in v] for k, v in dataset.files.items()}
    if digest_of(dataset.game, files) != dataset.digest:
        raise DataError("the hash does not match the data", game=dataset.game)
    return _register(dataset, validate(dataset.game, files))


def forget(game: str, digest: str) -> None:
    """Drop a registered data set (the shipped one stays); tests use it to simulate a lost data set."""
    with _lock:
        if _SHIPPED.get(game) == digest:
            return
        _SETS.pop((game, digest), None)
        _MODELS.pop((game, digest), None)
        for key in [k for k, (_sig, ds) in _EFFECTIVE.items() if ds.game == game and ds.digest == digest]:
            _EFFECTIVE.pop(key, None)


def _history_file(game: str, digest: str) -> Path | None:
    src = source(game)
    if src.history is None or not all(c in "0123456789abcdef" for c in digest) or len(digest) != 64:
        return None
    path = src.history / (digest + HISTORY_SUFFIX)
    return path if path.is_file() else None


def history(game: str) -> list[str]:
    """Hashes of the data sets kept in ``game``'s history folder (earlier shipped data), sorted."""
    src = source(game)
    if src.history is None or not src.history.is_dir():
        return []
    return sorted(p.name[: -len(HISTORY_SUFFIX)] for p in src.history.glob(f"*{HISTORY_SUFFIX}"))


def write_history(dataset: DataSet, folder: Path | None = None) -> Path:
    """Keep ``dataset`` in its game's history folder (or ``folder``) as ``<hash>.json.gz``.

    Used when shipped data changes: the data set shipped before goes to the history, so games and
    logs played with it still replay. The file is gzip with a fixed timestamp (reproducible bytes).
    """
    target = Path(folder) if folder is not None else source(dataset.game).history
    if target is None:
        raise ValueError(f"{dataset.game} has no history folder")
    target.mkdir(parents=True, exist_ok=True)
    path = target / (dataset.digest + HISTORY_SUFFIX)
    path.write_bytes(gzip.compress(dataset.to_json().encode("utf-8"), compresslevel=9, mtime=0))
    return path


def available(game: str, digest: str) -> bool:
    """Whether the data set of ``game`` with this hash can be selected (known, or in its history)."""
    if (game, digest) in _SETS:
        return True
    if not has_data(game):
        return False
    if shipped(game).digest == digest:
        return True
    path = _history_file(game, digest)
    if path is None:
        return False
    from_json(game, gzip.decompress(path.read_bytes()).decode("utf-8"), digest)
    return True


def get(game: str, digest: str) -> DataSet:
    """The data set of ``game`` with this hash; raises :class:`DataUnavailable` if it is not known."""
    if not available(game, digest):
        raise DataUnavailable(game, digest)
    return _SETS[(game, digest)]


# ------------------------------------------------------------------------------------------------
# Owners' overrides
# ------------------------------------------------------------------------------------------------
def override_folder(directory: str | os.PathLike[str] | None) -> Path | None:
    """The override folder ``directory`` as a path (``None`` or empty: no overrides)."""
    if directory is None or not str(directory).strip():
        return None
    return Path(directory).expanduser()


def read_overrides(game: str, directory: Path) -> dict[str, tuple[Path, list[Record]]]:
    """The override files of ``game`` in ``directory`` (``DIR/<game>/<file>.json``): file -> (path,
    records). A missing ``DIR/<game>`` means no overrides; an unknown file name is a :class:`DataError`."""
    src = source(game)
    folder = Path(directory) / game
    if not Path(directory).is_dir():
        raise DataError("the override folder does not exist", game=game, file=str(directory))
    if not folder.is_dir():
        return {}
    out: dict[str, tuple[Path, list[Record]]] = {}
    for path in sorted(folder.iterdir()):
        if path.name.startswith(".") or path.is_dir() or path.name in OTHER_FILES:
            continue
        if path.suffix != ".json" or path.stem not in src.files:
            raise DataError(f"not a data file of {game} (the files are: {', '.join(src.files)}.json)",
                            game=game, file=str(path))
        out[path.stem] = (path, _read_list(game, path))
    return out


def apply_overrides(base: DataSet, overrides: Mapping[str, tuple[Path, Sequence[Record]]]) -> DataSet:
    """``base`` with the records of ``overrides`` put in place of the records with the same key.

    Every override record must name an existing record (:meth:`DataSource.key_of`) once per file;
    the result is validated. Records equal to the ones they replace are not marked as overridden.
    Raises :class:`DataError` naming the file, the record and the field.
    """
    game = base.game
    src = source(game)
    files: Files = {name: [dict(r) for r in records] for name, records in base.files.items()}
    origins: dict[str, dict[int, str]] = {}
    overridden: dict[str, dict[str, str]] = {}
    for name, (path, records) in overrides.items():
        index = {src.key_of(name, r): i for i, r in enumerate(files[name])}
        seen: set[str] = set()
        for position, record in enumerate(records):
            try:
                key = src.key_of(name, record)
            except KeyError as missing:
                raise DataError(f"the record has no {missing.args[0]!r} (the key of {name}: "
                                f"{', '.join(src.key_fields(name))})", game=game, file=str(path),
                                record=f"#{position + 1}", field=str(missing.args[0])) from None
            if key in seen:
                raise DataError("the record is given twice", game=game, file=str(path), record=key)
            seen.add(key)
            if key not in index:
                known = ", ".join(list(index)[:12]) + (" …" if len(index) > 12 else "")
                raise DataError(f"no shipped record has this key (an override replaces a shipped record; "
                                f"the records are: {known})", game=game, file=str(path), record=key,
                                field=",".join(src.key_fields(name)))
            i = index[key]
            origins.setdefault(name, {})[i] = str(path)
            if files[name][i] != record:
                files[name][i] = dict(record)
                overridden.setdefault(name, {})[key] = str(path)
    model = validate(game, files, origins)
    return _register(DataSet(game, files, digest_of(game, files), overridden), model)


def _signature(directory: Path, game: str) -> Any:
    folder = directory / game
    try:
        entries = sorted(folder.iterdir()) if folder.is_dir() else []
        return tuple((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in entries)
    except OSError:
        return None


def effective(game: str, directory: str | os.PathLike[str] | None = None) -> DataSet:
    """The data ``game`` uses with the override folder ``directory``: the shipped files with the
    folder's records in place (the shipped data set without a folder). Registered, so it can be
    selected; re-read only when a file in ``DIR/<game>`` changed. Raises :class:`DataError`."""
    base = shipped(game)
    folder = override_folder(directory)
    if folder is None:
        return base
    signature = _signature(folder, game)
    key = (game, str(folder.resolve()))
    cached = _EFFECTIVE.get(key)
    if cached is not None and signature is not None and cached[0] == signature:
        return cached[1]
    overrides = read_overrides(game, folder)
    dataset = apply_overrides(base, overrides) if overrides else base
    with _lock:
        _EFFECTIVE[key] = (signature, dataset)
    return dataset


def export(game: str, directory: Path, dataset: DataSet | None = None) -> list[Path]:
    """Write ``dataset`` (default: the shipped data) as ``directory/<game>/<file>.json``, one file per
    component kind, in the shipped files' format: a folder to start corrections from."""
    dataset = dataset if dataset is not None else shipped(game)
    folder = Path(directory) / game
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in source(game).files:
        path = folder / f"{name}.json"
        text = json.dumps(list(dataset.files[name]), indent=2, ensure_ascii=False) + "\n"
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


# ------------------------------------------------------------------------------------------------
# The data set in use
# ------------------------------------------------------------------------------------------------
def selected(game: str) -> str | None:
    """The hash of the data set selected for ``game`` in this context (``None``: the shipped data)."""
    return _selected.get().get(game)


def select(game: str, digest: str | None) -> None:
    """Select the data set of ``game`` with this hash for the rest of the current context (``None``: the
    shipped data). For callers that run in a context of their own (``contextvars.copy_context``);
    elsewhere use :func:`using`. Raises :class:`DataUnavailable` for an unknown data set."""
    _selected.set(_with_selection(game, digest))


def _with_selection(game: str, digest: str | None) -> dict[str, str]:
    """The current selection with ``game``'s data set replaced (a new dict); raises
    :class:`DataUnavailable` for an unknown data set."""
    if digest is not None and not available(game, digest):
        raise DataUnavailable(game, digest)
    current = dict(_selected.get())
    if digest is None:
        current.pop(game, None)
    else:
        current[game] = digest
    return current


@contextmanager
def using(game: str, digest: str | None) -> Iterator[DataSet | None]:
    """Select the data set of ``game`` with this hash inside the ``with`` block (``None``: the shipped data);
    yields the data set (``None`` for a game without component data)."""
    token = _selected.set(_with_selection(game, digest))
    try:
        yield get(game, digest) if digest is not None else (shipped(game) if has_data(game) else None)
    finally:
        _selected.reset(token)


def active(game: str) -> DataSet:
    """The data set ``game`` uses in this context (the selected one, else the shipped one)."""
    digest = _selected.get().get(game)
    return shipped(game) if digest is None else get(game, digest)


def model(game: str) -> BaseModel:
    """The validated model (the game's pydantic data class) of :func:`active`."""
    digest = _selected.get().get(game)
    if digest is None:
        digest = _SHIPPED.get(game) or shipped(game).digest
    found = _MODELS.get((game, digest))
    if found is None:
        get(game, digest)
        found = _MODELS[(game, digest)]
    return found


def selection_key() -> tuple[tuple[str, str], ...]:
    """The selection of every game in this context, hashable: a cache key part for values that
    depend on the data of whichever game they draw (e.g. a picture's static layer)."""
    return tuple(sorted(_selected.get().items()))


def per_data(game: str, build: Callable[[Any], T]) -> Callable[[], T]:
    """A function returning ``build(model)`` for the data set of ``game`` in use, built once per
    data set (the games' ``tables()``)."""
    values: dict[str | None, T] = {}
    var = _selected
    # The last selection mapping seen and its value, as one tuple (replaced whole, so threads never
    # see a mapping paired with another's value): a selection is a new mapping on every change and
    # the tuple keeps it alive, so the same object means the same selection (the hot paths' check).
    last: list[tuple[Mapping[str, str], T] | None] = [None]

    def get_value() -> T:
        selection = var.get()
        hit = last[0]
        if hit is not None and hit[0] is selection:
            return hit[1]
        key = selection.get(game)
        try:
            value = values[key]
        except KeyError:
            with _lock:
                if key not in values:
                    values[key] = build(model(game))
                value = values[key]
        last[0] = (selection, value)
        return value

    get_value.__doc__ = getattr(build, "__doc__", None)
    return get_value


def data_cached(game: str, maxsize: int | None = None,
                typed: bool = False) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Like ``functools.lru_cache(maxsize, typed)`` for a function whose result depends on the data
    of ``game``: the data set in use is part of the key (``maxsize=None``: unbounded)."""

    def decorate(fn: Callable[..., T]) -> Callable[..., T]:
        inner = functools.lru_cache(maxsize=maxsize, typed=typed)(lambda _data, *args: fn(*args))
        var = _selected

        @functools.wraps(fn)
        def wrapper(*args: Any) -> T:
            return inner(var.get().get(game), *args)

        wrapper.cache_clear = inner.cache_clear  # type: ignore[attr-defined]
        return wrapper

    return decorate
