"""The application layer: one function per thing a director or a bot run does, and the read models
every front end shows. The CLI, the desk, `tourney serve` and `tourney run` only parse, call these
and print; a Python user calls them directly:

    from tourney.app import new_tournament, add_players, seat, enter_result, standings

    new_tournament("Friday", game="polish-poker", seed=7, db="sqlite:///friday.db")
    add_players(["Ann", "Bob", "Cy", "Dee"], db="sqlite:///friday.db")
    table = seat(db="sqlite:///friday.db").tables[0]
    enter_result(1, table.seats[0], db="sqlite:///friday.db")
    print([(row.rank, row.player) for row in standings(db="sqlite:///friday.db").rows])

Every operation takes `db` (a database URL like `--db`; default `$TOURNEY_DB`, else tourney.db
here) and, for a tournament's operations, `tournament` (a name or id; default the current one). Each
is one transaction: a refused operation (a `tourney.errors.TourneyError`) stores nothing. Importing
this package is cheap: each operation's module is imported when first used.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tourney.app.arbiter import check_declaration, declarations, settle, showdown
    from tourney.app.arena import arena_report, run_arena_games
    from tourney.app.bot_run import run_bots
    from tourney.app.corrections import apply_correction, event_log, preview_correction, undo
    from tourney.app.games import list_games, play_game, replay_record
    from tourney.app.players import (
        NewPlayer,
        add_players,
        drop,
        import_players,
        list_players,
        register,
        rename,
        show_player,
    )
    from tourney.app.ratings import read_ratings
    from tourney.app.results import enter_chips, enter_result, finish, standings, tables
    from tourney.app.seating import advance, seat
    from tourney.app.sheets import sheet_html, write_sheet, write_sheets
    from tourney.app.tournaments import list_tournaments, new_tournament, plan, status, use_tournament

# Each public name -> the module of the application that defines it.
_HOMES = {
    "new_tournament": "tournaments", "use_tournament": "tournaments", "list_tournaments": "tournaments",
    "plan": "tournaments", "status": "tournaments",
    "NewPlayer": "players", "register": "players", "add_players": "players", "import_players": "players",
    "list_players": "players", "show_player": "players", "rename": "players", "drop": "players",
    "seat": "seating", "advance": "seating", "read_ratings": "ratings",
    "enter_result": "results", "finish": "results", "forfeit": "results", "enter_chips": "results", "tables": "results",
    "standings": "results",
    "event_log": "corrections", "undo": "corrections", "preview_correction": "corrections",
    "apply_correction": "corrections",
    "run_bots": "bot_run", "run_arena_games": "arena", "arena_report": "arena",
    "sheet_html": "sheets", "write_sheet": "sheets", "write_sheets": "sheets",
    "list_games": "games", "play_game": "games", "replay_record": "games",
    "check_declaration": "arbiter", "declarations": "arbiter", "showdown": "arbiter", "settle": "arbiter",
}

__all__ = ["NewPlayer", "add_players", "advance", "apply_correction", "arena_report", "check_declaration",
           "declarations", "drop", "enter_chips", "enter_result", "event_log", "finish", "forfeit",
           "import_players",
           "list_games", "list_players", "list_tournaments", "new_tournament", "plan", "play_game",
           "preview_correction", "read_ratings", "register", "rename", "replay_record", "run_arena_games",
           "run_bots", "seat", "settle", "sheet_html", "show_player", "showdown", "standings", "status", "tables",
           "undo", "use_tournament", "write_sheet", "write_sheets"]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'tourney.app' has no attribute {name!r}")
    return getattr(importlib.import_module(f"tourney.app.{home}"), name)
