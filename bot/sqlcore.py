"""Typed access to SQLAlchemy Core beside SQLModel, for the store and the records.

SQLModel sets ``__table__`` on every ``table=True`` class but does not declare it to type checkers,
and ``Session.execute`` is typed to return a plain :class:`~sqlalchemy.engine.Result` even for an
``UPDATE`` or ``DELETE``; these two helpers state what the libraries return.
"""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Table, inspect
from sqlalchemy.engine import CursorResult, Result
from sqlmodel import SQLModel


def core_table(model: type[SQLModel]) -> Table:
    """The Core :class:`~sqlalchemy.Table` of the SQLModel table class ``model`` (its ``__table__``,
    which SQLModel sets on every ``table=True`` class but does not declare to type checkers), for
    Core statements (``INSERT``/``DELETE`` without the ORM unit of work, ``table.c`` columns).

    Raises :class:`TypeError` if ``model`` is not mapped to a single table.
    """
    table = inspect(model).local_table
    if not isinstance(table, Table):
        raise TypeError(f"{model.__name__} is not mapped to one table")
    return table


def rowcount(result: Result[Any]) -> int:
    """The number of rows an ``UPDATE`` or ``DELETE`` (without ``RETURNING``) matched.

    ``Session.execute`` is typed to return a :class:`~sqlalchemy.engine.Result`; for a DML
    statement it is a :class:`~sqlalchemy.engine.CursorResult`, which carries ``rowcount``
    (SQLAlchemy, "Getting Affected Row Count from UPDATE, DELETE").
    """
    return cast("CursorResult[Any]", result).rowcount

