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

The imports under `TYPE_CHECKING` below are the one list of the public names: a type checker reads
them (so `enter_result` has its real signature), and at run time `__all__` and `__getattr__` are
read from the same statements, so publishing a name is one `name as name` line there.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tourney.app.bots.arena import arena_report as arena_report
    from tourney.app.bots.arena import run_arena_games as run_arena_games
    from tourney.app.bots.bot_run import run_bots as run_bots
    from tourney.app.floor.sheets import sheet_html as sheet_html
    from tourney.app.floor.sheets import write_sheet as write_sheet
    from tourney.app.floor.sheets import write_sheets as write_sheets
    from tourney.app.operations.arbiter import check_declaration as check_declaration
    from tourney.app.operations.arbiter import declarations as declarations
    from tourney.app.operations.arbiter import settle as settle
    from tourney.app.operations.arbiter import showdown as showdown
    from tourney.app.operations.corrections import apply_correction as apply_correction
    from tourney.app.operations.corrections import event_log as event_log
    from tourney.app.operations.corrections import preview_correction as preview_correction
    from tourney.app.operations.corrections import undo as undo
    from tourney.app.operations.games import list_games as list_games
    from tourney.app.operations.games import play_game as play_game
    from tourney.app.operations.games import replay_record as replay_record
    from tourney.app.operations.players import NewPlayer as NewPlayer
    from tourney.app.operations.players import add_players as add_players
    from tourney.app.operations.players import drop as drop
    from tourney.app.operations.players import import_players as import_players
    from tourney.app.operations.players import list_players as list_players
    from tourney.app.operations.players import register as register
    from tourney.app.operations.players import rename as rename
    from tourney.app.operations.players import show_player as show_player
    from tourney.app.operations.ratings import read_ratings as read_ratings
    from tourney.app.operations.results import Standings as Standings
    from tourney.app.operations.results import enter_chips as enter_chips
    from tourney.app.operations.results import enter_result as enter_result
    from tourney.app.operations.results import finish as finish
    from tourney.app.operations.results import forfeit as forfeit
    from tourney.app.operations.results import standings as standings
    from tourney.app.operations.results import table as table
    from tourney.app.operations.results import table_ref as table_ref
    from tourney.app.operations.results import tables as tables
    from tourney.app.operations.results import tournament_state as tournament_state
    from tourney.app.operations.seating import advance as advance
    from tourney.app.operations.seating import seat as seat
    from tourney.app.operations.tournaments import StatusView as StatusView
    from tourney.app.operations.tournaments import list_tournaments as list_tournaments
    from tourney.app.operations.tournaments import new_tournament as new_tournament
    from tourney.app.operations.tournaments import plan as plan
    from tourney.app.operations.tournaments import status as status
    from tourney.app.operations.tournaments import use_tournament as use_tournament
    from tourney.app.read_models.event_text import event_text as event_text
    from tourney.app.read_models.event_text import format_text as format_text
    from tourney.app.read_models.table_views import SeatView as SeatView
    from tourney.app.read_models.table_views import Tables as Tables
    from tourney.app.read_models.table_views import TableView as TableView
    from tourney.app.read_models.table_views import parse_table_ref as parse_table_ref
    from tourney.app.store.database import KeptDatabases as KeptDatabases
    from tourney.app.store.unit_of_work import UnitOfWork as UnitOfWork
    from tourney.app.store.unit_of_work import transaction as transaction


@cache
def public_homes() -> dict[str, str]:
    """Each public name -> the module that defines it, as the `TYPE_CHECKING` imports above say; read
    on the first look-up of a public name, so that `import tourney.app` imports no operation."""
    from pathlib import Path

    return homes_in(Path(__file__).read_text(encoding="utf-8"))


def homes_in(source: str) -> dict[str, str]:
    """The public names of a module's `if TYPE_CHECKING:` block of `from M import NAME as NAME`
    lines, read from its syntax tree (never from its text by pattern)."""
    import ast

    tree = ast.parse(source)
    block = next((node for node in tree.body if isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                  and node.test.id == "TYPE_CHECKING"), None)
    if block is None:
        raise ImportError("the public names' block `if TYPE_CHECKING:` is missing")
    homes: dict[str, str] = {}
    for statement in block.body:
        if not isinstance(statement, ast.ImportFrom) or statement.module is None or statement.level:
            raise ImportError(f"line {statement.lineno}: the public names' block holds only "
                              "`from tourney.app.MODULE import NAME as NAME` lines")
        for alias in statement.names:
            # `as` the same name: the form a strict type checker takes for a re-export.
            if alias.asname != alias.name or alias.name in homes:
                raise ImportError(f"line {statement.lineno}: {alias.name} must be imported once, "
                                  f"as `{alias.name} as {alias.name}`")
            homes[alias.name] = statement.module
    return homes


def __getattr__(name: str) -> Any:
    if name == "__all__":
        return sorted(public_homes())
    home = None if name.startswith("__") else public_homes().get(name)
    if home is None:
        raise AttributeError(f"module 'tourney.app' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # found once: later look-ups are plain attribute reads
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *public_homes()})
