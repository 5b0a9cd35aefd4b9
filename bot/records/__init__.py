"""Players' records: the results of finished games, ratings per game, and the queries behind
``/stats``, ``/leaderboard`` and ``meiji stats`` (docs/records.md).

* :mod:`bot.records.models` — the ``game_result``, ``player_rating`` and ``records_forgotten``
  tables (revision 0007), registered on the store's metadata;
* :mod:`bot.records.results` — one result row per seat of a finished game, written in the unit
  of work of the final move (:func:`~bot.records.results.record_finished`), and the "forget me";
* :mod:`bot.records.ratings` — openskill Plackett–Luce ratings per game, updated in that same
  unit of work, and their deterministic recomputation from the results;
* :mod:`bot.records.queries` — per-user statistics and per-server leaderboards as plain data.

This package knows games only through the engine contract (``Game.result``, ``game_info``).
Nothing is imported here, so :mod:`bot.store` can register the tables without an import circle.
"""
