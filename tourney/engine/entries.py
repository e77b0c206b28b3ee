"""The entries of a table: a round's loser (`result`), a game of a best-of-N duel, a whole
finishing order (`finish`) and final chip counts (`chips`). Each checks everything, then records it
on the table, and returns what it touched (for the undo rules of log.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tourney.engine.log import Touch
from tourney.engine.payload import integer_field, text_field
from tourney.engine.tables import TableState, chip_places, tied_at_cut
from tourney.errors import IllegalActionError, InvalidInputError

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState


def open_table(state: TournamentState, data: dict[str, Any], kind: str) -> TableState:
    number = integer_field(data, "table", kind)
    if state.stage > 0 and state.closed:
        raise IllegalActionError(f"stage {state.stage} is closed: seat stage {state.stage + 1} first")
    table = state.table(number)
    table.check_open()
    return table


def result(state: TournamentState, data: dict[str, Any]) -> frozenset[Touch]:
    if not state.format.is_stages:
        return game_result(state, data)
    if state.rules.live_result != "rounds":
        raise IllegalActionError(f"round results are for games played in rounds; {state.rules.title} tables "
                                 "report chips")
    table = open_table(state, data, "result")
    loser = text_field(data, "loser", "result")
    state.player(loser)
    table.check_player_in(loser)
    table.record_loss(loser)
    return frozenset({("T", state.stage, table.number), ("P", loser)})


def game_result(state: TournamentState, data: dict[str, Any]) -> frozenset[Touch]:
    """One game of a duel of a bracket format, lost by `loser`."""
    table = open_table(state, data, "result")
    loser = text_field(data, "loser", "result")
    state.player(loser)
    table.check_game(loser)
    table.record_game(loser)
    return frozenset({("T", state.stage, table.number), ("P", loser)})


def finish(state: TournamentState, data: dict[str, Any]) -> frozenset[Touch]:
    table = open_table(state, data, "finish")
    order = data.get("order")
    if not isinstance(order, list) or not all(isinstance(n, str) for n in order):
        raise InvalidInputError(f"finish: order must be a list of names, not {order!r}")
    for name in order:
        state.player(name)
    table.check_order(order)
    table.record_order(order)
    return frozenset({("T", state.stage, table.number), *(("P", name) for name in order)})


def chips(state: TournamentState, data: dict[str, Any], *, strict: bool) -> frozenset[Touch]:
    if state.rules.live_result != "chips":
        raise IllegalActionError(f"chip counts are for pot games; {state.rules.title} tables report round results")
    table = open_table(state, data, "chips")
    counts = data.get("counts")
    if not isinstance(counts, dict) or not all(
            isinstance(n, str) and isinstance(c, int) and not isinstance(c, bool) for n, c in counts.items()):
        raise InvalidInputError(f"chips: counts must map names to whole numbers, not {counts!r}")
    if strict and any(c < 0 for c in counts.values()):
        raise InvalidInputError(f"chips: counts cannot be negative ({counts})")
    for name in counts:
        state.player(name)
    table.check_order(list(counts))
    places = chip_places(counts)
    tied = [] if table.draws else sorted(tied_at_cut(places, table.advance), key=table.seats.index)
    if tied:
        raise IllegalActionError(
            f"table {table.number}: {' and '.join(tied)} tie on {counts[tied[0]]} chips for the last "
            f"{'winning' if table.advance == 1 else 'advancing'} place; break the tie and record the order "
            "with finish")
    table.record_chips(dict(counts), places)
    return frozenset({("T", state.stage, table.number), *(("P", name) for name in counts)})
