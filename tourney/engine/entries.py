"""The entries of a table: a round's loser or a game of a duel (`result`), a whole finishing order
(`finish`, optionally a forfeit: its `forfeit` key names the loser who did not play, or both
players of a duel, who both lose) and final chip counts (`chips`). Each checks everything, then records it on the table,
and returns what it touched (for the undo rules of log.py). What one `result` means is the
format's (`state.kind.result`): a round at a §1.12 table, a game of a best-of-N duel elsewhere.

New entries (`strict`) are held to rules an old log may predate, so the fold replays without them:
a `finish` or `chips` of a best-of-N duel whose games are being entered must not contradict them
(`TableState.check_whole_match`), and chip counts add up to the chips the table sat down with
(`check_chip_total`); `check_whole_entry` holds corrections to the same (rewrites.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tourney.engine.tables import TableState, chip_places, tied_at_cut
from tourney.errors import IllegalActionError, InvalidInputError, worded

if TYPE_CHECKING:
    from tourney.engine.format_registry import LiveState
    from tourney.engine.log import Touch
    from tourney.rules.games import GameDescriptor


def start_chips(game: GameDescriptor) -> int | None:
    """The chips each player sits down with at a live table: the game's `start_chips` option at its
    default (live events play the game's default options); None for a game without that option."""
    value = next((spec.default for spec in game.options if spec.name == "start_chips"), None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def check_chip_total(game: GameDescriptor, table: TableState, counts: dict[str, int]) -> None:
    """Chips change hands but are never made: the counts of a one-match table add up to its seats'
    starting chips (at most that, when players left the table before its counts, taking theirs)."""
    each = start_chips(game)
    if each is None or table.best_of > 1:
        return  # a best-of-N series entered whole has no one total to hold to
    expected, total = each * len(table.seats), sum(counts.values())
    left = len(table.seats) - len(counts)
    if total == expected or (left and total < expected):
        return
    params = {"table": table.number, "total": total, "expected": expected, "players": len(table.seats), "each": each}
    if left:
        raise InvalidInputError.in_words("table %(table)s: the chip counts add up to %(total)s, but the table holds at "
                                         "most %(expected)s (%(players)s players x %(each)s chips)", **params)
    raise InvalidInputError.in_words("table %(table)s: the chip counts add up to %(total)s, but the table holds "
                                     "%(expected)s (%(players)s players x %(each)s chips)", **params)


def check_whole_entry(game: GameDescriptor, table: TableState, *, order: list[str] | None = None,
                      counts: dict[str, int] | None = None) -> None:
    """What a `finish` (its order) or `chips` (its counts), new or corrected, is held to that an
    old log may predate: counts adding up to the table's chips, and no whole-match entry over the
    games of a best-of-N duel."""
    if counts is not None:
        check_chip_total(game, table, counts)
        order = sorted(counts, key=lambda name: -counts[name])
    if order:
        table.check_whole_match(order[0])


def result(state: LiveState, data: dict[str, Any], strict: bool) -> frozenset[Touch]:
    return state.kind.result(state, data)


def finish(state: LiveState, data: dict[str, Any], strict: bool) -> frozenset[Touch]:
    table = state.open_table(data, "finish")
    order = data.get("order")
    if not isinstance(order, list) or not all(isinstance(n, str) for n in order):
        raise InvalidInputError(f"finish: order must be a list of names, not {order!r}")
    for name in order:
        state.player(name)
    table.check_order(order)
    # Optional (old logs have no forfeits): who forfeited the duel, the loser or both players.
    forfeits = table.check_forfeit(order, data["forfeit"]) if "forfeit" in data else None
    if strict and forfeits:
        table.check_forfeit_before_games()
    if strict:
        check_whole_entry(state.descriptor, table, order=order)
    table.enter_order(order, forfeits)
    return frozenset({("T", state.stage, table.number), *(("P", name) for name in order)})


def chips(state: LiveState, data: dict[str, Any], strict: bool) -> frozenset[Touch]:
    if state.descriptor.live_result != "chips":
        raise IllegalActionError.in_words("chip counts are for pot games; %(game)s tables report round results",
                                          game=worded(state.descriptor.title))
    table = state.open_table(data, "chips")
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
    if strict:
        check_whole_entry(state.descriptor, table, counts=counts)
    # Where equal chips are a draw (the format says, through the table), there is no tie to break.
    tied = [] if table.draws else sorted(tied_at_cut(places, table.advance), key=table.seats.index)
    if tied:
        names = worded("%(first)s and %(second)s", first=tied[0], second=tied[1]) if len(tied) == 2 \
            else " and ".join(tied)
        params = {"table": table.number, "tied": names, "chips": counts[tied[0]]}
        if table.advance == 1:
            raise IllegalActionError.in_words("table %(table)s: %(tied)s tie on %(chips)s chips for the last winning "
                                              "place; break the tie and record the order with finish", **params)
        raise IllegalActionError.in_words("table %(table)s: %(tied)s tie on %(chips)s chips for the last advancing "
                                          "place; break the tie and record the order with finish", **params)
    table.enter_chips(dict(counts), places)
    return frozenset({("T", state.stage, table.number), *(("P", name) for name in counts)})
