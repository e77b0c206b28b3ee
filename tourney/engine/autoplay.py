"""Bots play a table of a live stage: the entries a director would make at it.

The demo, `tourney run` and the arena share it; the loop over a stage's tables is the application's
(`tourney.app.bots.bot_run.stage_plays`). It names no game: a table is one seeded match of the
tournament's game (stopping where the live table stops, through the game's `until_option`), and
its outcome becomes the entries the game's live tables take: one `result` per round lost, or the
final `chips` (a `finish` when chips tie across the last place that goes on, which chips alone
cannot decide).

Each seat may have its own bot spec (a bot tournament's players each registered with one). How a
match is played is a parameter (`MatchPlayer`): the default builds the game's in-process bots;
`tourney run` passes the arena's referee so that subprocess bots (`cmd:`) are refereed, which the
engine cannot import.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tourney.engine.match import fill_specs, make_bots, play_match
from tourney.engine.tables import TableState, chip_places, tied_at_cut
from tourney.engine.tournament import TournamentState
from tourney.errors import IllegalActionError, InvalidInputError
from tourney.rules.games import GameDescriptor, GameState

Entry = tuple[str, dict[str, Any]]
# (game, players in seat order, bot spec per seat, seed, options) -> the match's terminal state
MatchPlayer = Callable[[GameDescriptor, Sequence[str], Sequence[str], int, Mapping[str, object]], GameState]
# The bots of a table: specs by seat (a shorter list repeats its last entry) or by player name.
Bots = Sequence[str] | Mapping[str, str]


def table_seed(event_seed: int, stage: int, table: int) -> int:
    """The seed of the match bots play at `table` of `stage` (stable, so a rerun plays the same).
    Hashed rather than arithmetic so that no two tables of an event share a deal (a stage of more
    than 100 tables would collide with the next stage under `seed*1000 + stage*100 + table`)."""
    return random.Random(f"tourney-table/{event_seed}/{stage}/{table}").getrandbits(63)


def builtin_match(game: GameDescriptor, players: Sequence[str], specs: Sequence[str], seed: int,
                  options: Mapping[str, object]) -> GameState:
    """A match between in-process bots (the game's registered kinds), each from its seat's stream."""
    return play_match(game, players, make_bots(game, specs, len(players), seed), seed=seed, options=options)


def seat_specs(table: TableState, bots: Bots) -> list[str]:
    """The bot spec of every seat of `table`."""
    if isinstance(bots, Mapping):
        missing = [name for name in table.seats if name not in bots]
        if missing:
            raise InvalidInputError(f"table {table.number}: no bot plays {', '.join(missing)}")
        return [bots[name] for name in table.seats]
    return fill_specs(bots, len(table.seats))


def match_entries(game: GameDescriptor, table: TableState, *, seed: int, bots: Bots = ("random",),
                  play: MatchPlayer = builtin_match) -> list[Entry]:
    """Every entry of the bots' match at `table`, from its first deal (whatever has been entered)."""
    seats = list(table.seats)
    options: dict[str, object] = {game.until_option: table.advance} if game.until_option else {}
    outcome = play(game, seats, seat_specs(table, bots), seed, options).outcome()
    if game.live_result == "rounds":
        return [("result", {"table": table.number, "loser": loser}) for loser in outcome.rounds]
    counts = outcome.chip_counts()
    if tied_at_cut(chip_places(counts), table.advance):
        return [("finish", {"table": table.number, "order": list(outcome.standings)})]
    return [("chips", {"table": table.number, "counts": counts})]


def play_table(game: GameDescriptor, table: TableState, *, seed: int, bots: Bots = ("random",),
               play: MatchPlayer = builtin_match) -> list[Entry]:
    """The entries still to make for `table` when bots play it; none if it has finished.

    A table with rounds entered already is resumed only when those rounds are exactly the first
    rounds of the bots' match (an `undo` of some of them, say): the rest follows. Anything else
    (rounds entered by hand, a player who dropped out) is the director's to finish."""
    if table.finished:
        return []
    if table.best_of:
        return _resume_series(table, series_entries(game, table, seed=seed, bots=bots, play=play))
    entries = match_entries(game, table, seed=seed, bots=bots, play=play)
    if not table.started:
        return entries
    done = table.rounds
    if game.live_result == "rounds" and done < len(entries) and _replays(table, entries[:done]):
        return entries[done:]
    raise IllegalActionError(f"table {table.number} has entries that are not its bots' match "
                             "(entered by hand, or a player dropped out): the director finishes it")


# A series whose games keep ending level (a pot game's equal chips) is left to the director after this
# many games rather than played for ever.
MAX_SERIES_GAMES = 50


def game_seed(seed: int, number: int) -> int:
    """The seed of game `number` (from 0) of a best-of-N match at a table seeded `seed`."""
    return seed if number == 0 else random.Random(f"tourney-game/{seed}/{number}").getrandbits(63)


def series_entries(game: GameDescriptor, table: TableState, *, seed: int, bots: Bots = ("random",),
                   play: MatchPlayer = builtin_match) -> list[Entry]:
    """Every entry of the bots' match at a table of a bracket format (formats/live.py).

    A duel is a best-of-N series: one `result` (the game's loser) per game until a player has won
    a majority; the players swap seats every game, so each starts in turn. A game that ends level
    decides nothing and is replayed, except in a single-game round robin or Swiss duel, where equal
    chips are a draw (a `chips` entry). A table of 3 or more plays one match: `chips` (equal chips
    share a place) or, for games played in rounds, `finish` in the match's order."""
    seats, specs = list(table.seats), seat_specs(table, bots)
    options: dict[str, object] = {game.until_option: 1} if game.until_option else {}
    if len(seats) > 2:
        outcome = play(game, seats, specs, seed, options).outcome()
        counts = outcome.chip_counts()
        if counts and (table.draws or not tied_at_cut(chip_places(counts), 1)):
            return [("chips", {"table": table.number, "counts": counts})]
        return [("finish", {"table": table.number, "order": list(outcome.standings)})]
    entries: list[Entry] = []
    wins: dict[str, int] = {}
    needed = table.best_of // 2 + 1
    for number in range(MAX_SERIES_GAMES):
        turn = 1 if number % 2 else 0
        order, order_specs = seats[turn:] + seats[:turn], specs[turn:] + specs[:turn]
        outcome = play(game, order, order_specs, game_seed(seed, number), options).outcome()
        first, second = outcome.standings[0], outcome.standings[1]
        if outcome.place_of(first) == outcome.place_of(second):
            if table.draws and table.best_of == 1 and outcome.chips is not None:
                return [("chips", {"table": table.number, "counts": outcome.chip_counts()})]
            continue
        entries.append(("result", {"table": table.number, "loser": second}))
        wins[first] = wins.get(first, 0) + 1
        if wins[first] >= needed:
            return entries
    raise IllegalActionError(f"table {table.number}: no decision after {MAX_SERIES_GAMES} games; the director "
                             "enters it")


def _resume_series(table: TableState, entries: list[Entry]) -> list[Entry]:
    """The entries still to make: the games entered so far must be the first games of the bots' series."""
    done = len(table.games)
    if not done and not table.started:
        return entries
    losers = [next(p for p in table.seats if p != winner) for winner in table.games]
    if done < len(entries) and [data.get("loser") for _kind, data in entries[:done]] == losers:
        return entries[done:]
    raise IllegalActionError(f"table {table.number} has entries that are not its bots' match "
                             "(entered by hand): the director enters its games left with `result`")


def _replays(table: TableState, entries: Sequence[Entry]) -> bool:
    """Whether `entries` (round results), entered at a fresh copy of `table`, leave it as it is."""
    fresh = TableState(table.number, table.stage, list(table.seats), table.advance, is_final=table.is_final,
                       cap_rule=table.cap_rule, start_cards=table.start_cards)
    try:
        for _kind, data in entries:
            fresh.check_open()
            fresh.check_player_in(data["loser"])
            fresh.enter_loss(data["loser"])
    except IllegalActionError:
        return False
    return (fresh.counts, fresh.eliminated, fresh.rounds) == (table.counts, table.eliminated, table.rounds)


def bot_specs(state: TournamentState) -> dict[str, str]:
    """The players registered as bots, with their specs."""
    return {info.name: info.bot for info in state.players if info.bot is not None}


def humans_at(table: TableState, specs: Mapping[str, str]) -> list[str]:
    """The players of `table` no bot plays (the director's)."""
    return [name for name in table.seats if name not in specs]
