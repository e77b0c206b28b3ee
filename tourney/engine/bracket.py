"""Elimination brackets as data: matches wired winner-to/loser-to, resolved from results.

A `Bracket` (built by `knockout.knockout` or `double_elimination.double_elimination`) is pure
structure: it names seeds, not players. Its matches come in play order, grouped in `Round`s; each
`Match` has two `Slot`s, each filled by a seed (round 1), the winner of a match or the loser of a
match, or a bye (an empty `Slot`), and says where its winner and loser go next
(`next_for_winner` / `next_for_loser`: a match id and slot index, or None).

    resolve(bracket, entrants, winners) -> {match id: MatchState}
        entrants: player names in seed order (entrants[0] is seed 1); seeds beyond the field are byes
        winners:  {match id: winning player} for the matches played so far; BYE for a double
                  forfeit (both players lose: the match is done, each next match gets a bye)
    champion(bracket, states) -> name or None
    placements(bracket, states) -> [(place, (players...)), ...]    1, 2, 3, 3, 5, ...
    series_winner(best_of, game_winners) -> name or None           first to a majority of N games

Byes are resolved, never played: a match with a bye in one slot is won by the other player (its
loser is a bye, which is how a bye travels on into a losers' bracket); bye against bye gives a bye.
A bracket-reset match (`reset_of`, the second grand final) is played only when the match it resets
was won by the player of its second slot (the losers' bracket champion); otherwise it is void.

Places: players are ranked by the last round they played (a later round is better; the third-place
match comes before the final in play order), the winner of that last match ahead of its loser;
players who lost in the same round share the place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Final, Literal

from tourney.errors import InvalidInputError

BYE: Final = ""  # a resolved slot holding a bye (no player name is empty)

Side = Literal["winners", "losers", "third", "final"]
Status = Literal["pending", "ready", "done", "bye", "void"]


@dataclass(frozen=True)
class Slot:
    """Who fills one side of a match: a seed, the winner or loser of a match, or (all empty) a bye."""

    seed: int = 0
    winner_of: str = ""
    loser_of: str = ""

    @property
    def is_bye(self) -> bool:
        return not (self.seed or self.winner_of or self.loser_of)

    def __str__(self) -> str:
        if self.seed:
            return f"seed {self.seed}"
        if self.winner_of:
            return f"winner {self.winner_of}"
        if self.loser_of:
            return f"loser {self.loser_of}"
        return "bye"


@dataclass(frozen=True)
class Match:
    """One match of a bracket; `next_for_*` is (match id, slot index) or None (out / finished)."""

    id: str
    side: Side
    round: int
    slots: tuple[Slot, Slot]
    next_for_winner: tuple[str, int] | None = None
    next_for_loser: tuple[str, int] | None = None
    reset_of: str = ""  # the match this one resets (grand final 2); played only if slot 1 won it


@dataclass(frozen=True)
class Round:
    """Matches of one side and round number, e.g. the winners' bracket round 2."""

    side: Side
    number: int
    name: str
    matches: tuple[Match, ...]


@dataclass(frozen=True)
class Bracket:
    """A whole bracket: `entrants` seeds, `size` the power of two it is drawn for, rounds in play order."""

    format: str
    entrants: int
    size: int
    rounds: tuple[Round, ...]

    @property
    def matches(self) -> tuple[Match, ...]:
        return tuple(m for r in self.rounds for m in r.matches)

    @cached_property
    def _by_id(self) -> dict[str, Match]:
        return {m.id: m for m in self.matches}

    @cached_property
    def _round_of(self) -> dict[str, int]:
        return {m.id: i for i, r in enumerate(self.rounds) for m in r.matches}

    def match(self, match_id: str) -> Match:
        try:
            return self._by_id[match_id]
        except KeyError:
            raise InvalidInputError(f"no match {match_id!r} in this bracket") from None

    def round_index(self, match_id: str) -> int:
        """Position of the match's round in play order (0 = first)."""
        return self._round_of[self.match(match_id).id]


@dataclass(frozen=True)
class MatchState:
    """A match under the results so far; a player is a name, `BYE`, or None (not known yet)."""

    id: str
    players: tuple[str | None, str | None]
    status: Status
    winner: str | None = None
    loser: str | None = None


def resolve(bracket: Bracket, entrants: Sequence[str], winners: Mapping[str, str]) -> dict[str, MatchState]:
    """Fill every match from the seeds and the results; refuse a result that cannot stand."""
    if len(entrants) != bracket.entrants:
        raise InvalidInputError(f"this bracket is for {bracket.entrants} players, got {len(entrants)}")
    if len(set(entrants)) != len(entrants) or BYE in entrants:
        raise InvalidInputError("entrants must be distinct non-empty names")
    for match_id in winners:
        bracket.match(match_id)  # an unknown id is refused by name
    states: dict[str, MatchState] = {}

    def fill(slot: Slot) -> str | None:
        if slot.is_bye:
            return BYE
        if slot.seed:
            return entrants[slot.seed - 1] if slot.seed <= len(entrants) else BYE
        source = states[slot.winner_of or slot.loser_of]
        return source.winner if slot.winner_of else source.loser

    for match in bracket.matches:  # play order: every source is resolved before it is read
        a, b = fill(match.slots[0]), fill(match.slots[1])
        result = winners.get(match.id)
        if match.reset_of and _reset_void(states[match.reset_of]):
            if result is not None:
                raise InvalidInputError(f"{match.id} is not played: the winners' bracket champion won {match.reset_of}")
            states[match.id] = MatchState(match.id, (None, None), "void")
            continue
        if a is None or b is None:
            if result is not None:
                raise InvalidInputError(f"{match.id} cannot have a result before both its players are known")
            states[match.id] = MatchState(match.id, (a, b), "pending")
        elif BYE in (a, b):
            if result is not None:
                raise InvalidInputError(f"{match.id} is a bye and is not played")
            states[match.id] = MatchState(match.id, (a, b), "bye", a or b, BYE)
        elif result is None:
            states[match.id] = MatchState(match.id, (a, b), "ready")
        elif result == BYE:  # a double forfeit: no winner, no loser; a bye goes on from both sides
            states[match.id] = MatchState(match.id, (a, b), "done", BYE, BYE)
        elif result not in (a, b):
            raise InvalidInputError(f"{result!r} does not play in {match.id} ({a} v {b})")
        else:
            states[match.id] = MatchState(match.id, (a, b), "done", result, b if result == a else a)
    return states


def _reset_void(first: MatchState) -> bool:
    """A reset is void once the first grand final went to its first slot (the unbeaten player)."""
    return first.status in ("done", "bye", "void") and first.winner == first.players[0]


def champion(bracket: Bracket, states: Mapping[str, MatchState]) -> str | None:
    """The winner of the last match that is played, once the bracket is complete. A losers'
    bracket match never decides it: without a grand final the winners' bracket champion wins."""
    for match in reversed(bracket.matches):
        state = states[match.id]
        if state.status == "void" or match.side in ("third", "losers"):
            continue
        return state.winner if state.winner != BYE else None
    return None


def last_rounds(bracket: Bracket, states: Mapping[str, MatchState]) -> dict[str, tuple[int, int]]:
    """Each player's last decided match: (its round's index in play order, 1 if they won it else 0).

    A bye is not played, except that a third-place match won by a bye (a field of 3: one semi-final
    is a bye) places its winner third, as brackets-manager ranks a consolation final's bye."""
    last: dict[str, tuple[int, int]] = {}
    for match in bracket.matches:
        state = states[match.id]
        counted = state.status == "done" or (state.status == "bye" and match.side == "third")
        if state.status == "done" and state.winner == BYE:  # a double forfeit: both lost it
            index = bracket.round_index(match.id)
            last.update({str(player): (index, 0) for player in state.players})
            continue
        if not counted or not state.winner:
            continue
        index = bracket.round_index(match.id)
        last[state.winner] = (index, 1)
        if state.loser:
            last[state.loser] = (index, 0)
    return last


def placements(bracket: Bracket, states: Mapping[str, MatchState]) -> list[tuple[int, tuple[str, ...]]]:
    """Final (or interim) places: by the last round played, its winner ahead of its loser; the
    champion first (without a grand final the losers' final is played after the winners' final)."""
    groups: dict[tuple[int, int], list[str]] = {}
    keys = last_rounds(bracket, states)
    top = champion(bracket, states)
    if top in keys and all(s.status in ("done", "bye", "void") for s in states.values()):
        keys[top] = (len(bracket.rounds), 1)
    for player, key in keys.items():
        groups.setdefault(key, []).append(player)
    result: list[tuple[int, tuple[str, ...]]] = []
    place = 1
    for key in sorted(groups, reverse=True):
        players = tuple(sorted(groups[key]))
        result.append((place, players))
        place += len(players)
    return result


def series_winner(best_of: int, game_winners: Sequence[str]) -> str | None:
    """The winner of a best-of-N series (first to win a majority of N games), or None while undecided.

    A drawn game is not listed (it decides nothing); a game listed after the series was decided is
    refused, so a mistyped extra result cannot pass silently.
    """
    if best_of < 1:
        raise InvalidInputError(f"best of {best_of}: must be at least 1")
    needed = best_of // 2 + 1
    wins: dict[str, int] = {}
    for number, player in enumerate(game_winners, start=1):
        wins[player] = wins.get(player, 0) + 1
        if wins[player] == needed:
            if number != len(game_winners):
                raise InvalidInputError(f"game {number + 1} was played after {player} had won the series")
            return player
    if len(wins) > 2:
        raise InvalidInputError(f"a series has two players, got {len(wins)} winners")
    return None
