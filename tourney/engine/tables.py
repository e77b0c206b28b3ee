"""One table of a live tournament: seats, cards held, eliminations, places, next starter.

Counts are per table: every player sits down with 1 card (RULES §1.3, §1.12 item 3). The cap is
recomputed from the players still in before every round (§1.3); the starter rotates clockwise
from the previous starter's seat, skipping players who are out (§1.10). A table stops when
`advance` players remain (1 at the final).

Methods named `enter_*` mutate and assume the `check_*` call before them passed: the tournament
validates first and mutates after, so a refused event leaves everything untouched.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from tourney.engine.rounds import TableResult
from tourney.errors import IllegalActionError


@dataclass
class TableState:
    """A table of one stage. `advance` is how many players remain when it stops (1 at the final).

    `cap_rule` is the game's card cap by players still in (games whose tables report rounds, from
    the game's descriptor); None for games that report chips, whose tables hold no cards.
    """

    number: int
    stage: int
    seats: list[str]
    advance: int
    is_final: bool = False
    starter: str | None = None
    counts: dict[str, int] = field(default_factory=dict)
    chips: dict[str, int] = field(default_factory=dict)
    eliminated: list[str] = field(default_factory=list)
    places: dict[str, int] = field(default_factory=dict)
    rounds: int = 0
    finished: bool = False
    cap_rule: Callable[[int], int] | None = field(default=None, compare=False, repr=False)
    start_cards: int = 1
    # A table of a format of rounds (formats/live.py): its bracket match id ("" outside brackets),
    # the games of its best-of-N series (0: not a series, a stage table), the winner of each game so
    # far, and whether equal chips are a draw (the format's `draws`) rather than a tie to break.
    match: str = ""
    best_of: int = 0
    games: list[str] = field(default_factory=list)
    draws: bool = False
    # Who forfeited this table's match (a `finish` with its `forfeit` key): the loser, who never
    # played, or both players of a double forfeit, which no one won.
    forfeits: list[str] = field(default_factory=list)
    # Who the seat draw named to start (the seating sheet prints it): `starter` moves on as rounds
    # are played, and reading the draw from the log would restore the whole log a checkpoint saved.
    first_starter: str | None = None

    def __post_init__(self) -> None:
        for name in self.seats:
            self.counts.setdefault(name, self.start_cards)
        if self.first_starter is None:
            self.first_starter = self.starter
        self._settle()

    # ----------------------------------------------------------------- derived views
    @property
    def still_in(self) -> list[str]:
        """Players not eliminated, in seat order (at a finished table: those who advance or won)."""
        out = set(self.eliminated)
        return [p for p in self.seats if p not in out]

    @property
    def reports_rounds(self) -> bool:
        return self.cap_rule is not None

    @property
    def cap(self) -> int | None:
        """Cap of the next round (RULES §1.3), from the players still in (a finished final with one
        player left shows the two-player cap); None for games without cards to cap."""
        if self.cap_rule is None:
            return None
        return self.cap_rule(max(2, len(self.still_in)))

    @property
    def started(self) -> bool:
        """True once anything happened here (a round, a drop): no late entry after that."""
        return self.rounds > 0 or bool(self.eliminated) or self.finished

    def result(self) -> TableResult:
        """This table as the points ranking reads it (a finished table)."""
        return TableResult(tuple(self.seats), self._result_places(), tuple(self.forfeits))

    def result_row(self) -> list[Any]:
        """What a checkpoint keeps of this table for the ranking (`stages.UnreadStage`): the fields of
        its `result`, and whether it finished."""
        return [self.seats, self._result_places(), self.forfeits, self.finished]

    def _result_places(self) -> tuple[int, ...]:
        """Each seat's place, a player without one sharing the first."""
        places = self.places
        return tuple([places.get(p, 1) for p in self.seats])

    def finishing_order(self) -> list[str]:
        """Winner first: places where known, players still in ahead of everyone eliminated."""
        seat_of = {p: i for i, p in enumerate(self.seats)}
        return sorted(self.seats, key=lambda p: (self.places.get(p, 0), seat_of[p]))

    def to_json(self) -> dict[str, Any]:
        """The `tourney tables --json` shape of this table."""
        out = set(self.eliminated)
        return {
            "table": self.number, "stage": self.stage, "finished": self.finished, "cap": self.cap,
            "starter": self.starter,
            "players": [{"name": p, "seat": i, "cards": self.counts[p], "eliminated": p in out}
                        for i, p in enumerate(self.seats, start=1)],
        } | self._format_json()

    def _format_json(self) -> dict[str, Any]:
        """What a table of a bracket format adds: its match, the series so far, the places."""
        if not self.best_of:
            return {}
        data: dict[str, Any] = {"best_of": self.best_of, "games": list(self.games),
                                "places": {p: self.places[p] for p in self.seats if p in self.places}}
        if self.match:
            data["match"] = self.match
        return data

    def snapshot(self) -> dict[str, Any]:
        """Everything derived, for equality checks (tests, previews)."""
        data = self.to_json()
        data.update(advance=self.advance, is_final=self.is_final, eliminated=list(self.eliminated),
                    places=dict(self.places), chips=dict(self.chips), rounds=self.rounds)
        return data

    def copy(self) -> TableState:
        """An independent copy (the containers copied; names and numbers are immutable)."""
        new = copy.copy(self)
        new.seats, new.eliminated = list(self.seats), list(self.eliminated)
        new.counts, new.chips, new.places = dict(self.counts), dict(self.chips), dict(self.places)
        new.games, new.forfeits = list(self.games), list(self.forfeits)
        return new

    def to_checkpoint(self, cap_rule: Callable[[int], int] | None) -> list[Any]:
        """This table as a checkpoint stores it: every field in declaration order, the card cap as
        whether it is `cap_rule` (the game's; no other function is stored: ValueError)."""
        if self.cap_rule is not None and self.cap_rule is not cap_rule:
            raise ValueError(f"table {self.number}: a checkpoint stores no function but the game's card cap")
        return [*(getattr(self, name) for name in _STORED_FIELDS), self.cap_rule is not None]

    @classmethod
    def from_checkpoint(cls, data: list[Any], cap_rule: Callable[[int], int] | None) -> TableState:
        """The table `to_checkpoint` stored, as it was (no `__post_init__`: nothing is settled again)."""
        if len(data) != len(_STORED_FIELDS) + 1:
            raise ValueError(f"a stored table has {len(data) - 1} fields, not {len(_STORED_FIELDS)}")
        table = cls.__new__(cls)
        table.__dict__.update(zip(_STORED_FIELDS, data, strict=False))  # the last item is the cap's flag
        table.cap_rule = cap_rule if data[-1] else None
        return table

    # ----------------------------------------------------------------- checks
    def check_open(self) -> None:
        if self.finished:
            raise IllegalActionError.in_words("table %(table)s has already finished", table=self.number)

    def check_player_in(self, name: str) -> None:
        if name not in self.counts:
            raise IllegalActionError.in_words("%(name)s is not at table %(table)s (players: %(players)s)", name=name,
                                              table=self.number, players=", ".join(self.seats))
        if name in self.eliminated:
            raise IllegalActionError.in_words("%(name)s is already eliminated at table %(table)s", name=name,
                                              table=self.number)

    def check_order(self, order: list[str]) -> None:
        """`order` must list exactly the players still in, once each."""
        self.check_open()
        still = self.still_in
        if len(set(order)) != len(order):
            twice = sorted({name for name in order if order.count(name) > 1})
            raise IllegalActionError.in_words("table %(table)s: a name appears twice: %(names)s", table=self.number,
                                              names=", ".join(twice))
        for name in order:
            self.check_player_in(name)
        missing = [p for p in still if p not in order]
        if missing:
            raise IllegalActionError.in_words("table %(table)s: the order must list every player still in; missing "
                                              "%(names)s", table=self.number, names=", ".join(missing))

    def check_whole_match(self, winner: str) -> None:
        """`finish` or `chips` may record the whole match: at a best-of-N duel, only while no game of
        it is entered (after that the games decide, one `result` each, and the match ends itself)."""
        if self.best_of <= 1 or not self.games:
            return
        loser = next(p for p in self.seats if p != winner)
        won, lost = self.games.count(winner), self.games.count(loser)
        needed = self.best_of // 2 + 1
        raise IllegalActionError.in_words(
            "table %(table)s: %(winner)s has not won this best of %(games)s: the games entered stand %(winner)s "
            "%(won)s-%(lost)s %(loser)s, and the match goes to the first to win %(needed)s; enter each game still to "
            "play with `result %(table)s LOSER` (a player who leaves loses the games left)", table=self.number,
            winner=winner, games=self.best_of, won=won, lost=lost, loser=loser, needed=needed)

    @property
    def double_forfeit(self) -> bool:
        """Both players forfeited: the match has no winner and both are out."""
        return bool(self.forfeits) and len(self.forfeits) == len(self.seats)

    def check_forfeit(self, order: list[str], forfeit: object) -> list[str]:
        """A `finish`'s `forfeit` names: at a duel of rounds of matches, its loser (the last of
        `order`, who did not play) or both players (a double forfeit). Returns them checked."""
        if not isinstance(forfeit, list) or not forfeit or not all(isinstance(n, str) for n in forfeit):
            raise IllegalActionError(f"finish: forfeit must be a list of one or two names, not {forfeit!r}")
        if not self.best_of or len(self.seats) != 2:
            raise IllegalActionError.in_words("table %(table)s seats %(seats)s: a forfeit is for a duel (a match of "
                                              "two players)", table=self.number, seats=len(self.seats))
        if len(set(forfeit)) != len(forfeit) or not set(forfeit) <= set(order):
            raise IllegalActionError(f"table {self.number}: forfeit {forfeit} must name players of {order}, once each")
        if len(forfeit) == 1 and forfeit[0] != order[-1]:
            raise IllegalActionError(f"table {self.number}: {forfeit[0]} forfeited, so {forfeit[0]} is the loser, "
                                     f"not the winner of {order}; undo the forfeit and enter it again")
        return list(forfeit)

    def check_forfeit_before_games(self) -> None:
        """A forfeit replaces the whole match: once a game of a best-of-N series is entered, the games
        decide (the rest are entered with `result`, a player who leaves losing the games left)."""
        if not self.games:
            return
        a, b = self.seats
        raise IllegalActionError.in_words(
            "table %(table)s: games of this best of %(games)s are entered (%(first)s %(won)s-%(lost)s %(second)s), so "
            "it is not a forfeit: enter each game still to play with `result %(table)s LOSER` (a player who leaves "
            "loses the games left)", table=self.number, games=self.best_of, first=a, won=self.games.count(a),
            lost=self.games.count(b), second=b)

    # ----------------------------------------------------------------- mutations
    def enter_loss(self, loser: str) -> None:
        """One round lost by `loser`: a card more, or out at the cap; then rotate the starter."""
        self.rounds += 1
        cap = self.cap
        assert cap is not None, "only tables of games that report rounds record losses"
        if self.counts[loser] >= cap:
            self._eliminate(loser)
        else:
            self.counts[loser] += 1
        # "regardless of who lost": count on from the starter's seat, even if they just went out.
        if not self._settle() and self.starter is not None:
            self.starter = self._next_from(self.starter)

    def check_game(self, loser: str) -> None:
        """`loser` may lose one game of this table's series (a duel of a bracket format)."""
        self.check_open()
        self.check_player_in(loser)
        if not self.best_of or len(self.seats) != 2:
            raise IllegalActionError.in_words("table %(table)s seats %(seats)s: `result` records one game of a duel; "
                                              "enter the table with `finish` (or `chips`)", table=self.number,
                                              seats=len(self.seats))

    def enter_game(self, loser: str) -> None:
        """One game of the series lost by `loser`; the match ends once its winner has a majority."""
        winner = next(p for p in self.seats if p != loser)
        self.games.append(winner)
        self.rounds += 1
        needed = self.best_of // 2 + 1
        if self.games.count(winner) >= needed:
            self.enter_order([winner, loser])

    def enter_drop(self, name: str) -> None:
        """A player leaves: out at once, taking the next lowest place."""
        self._eliminate(name)
        if not self._settle() and self.starter == name:
            self.starter = self._next_from(name)

    def enter_order(self, order: list[str], forfeits: list[str] | None = None) -> None:
        """A whole finishing order (winner first) for the players still in; `forfeits`: who forfeited
        (both players of a duel: nobody won, both share the lower place and are out)."""
        self.forfeits = list(forfeits or [])
        keep = 0 if self.double_forfeit else self.advance
        for place, name in enumerate(order, start=1):
            self.places[name] = len(order) if self.double_forfeit else place
        # Everyone below the advancing places is out, the worst first (elimination order).
        for name in reversed(order[keep:]):
            self.eliminated.append(name)
        self.finished, self.starter = True, None

    def enter_chips(self, counts: dict[str, int], places: dict[str, int]) -> None:
        """Final chip counts and the places they give (equal chips share a place)."""
        self.chips.update(counts)
        self.places.update(places)
        ranked = sorted(places, key=lambda p: (-places[p], self.seats.index(p)))
        for name in ranked:
            if places[name] > self.advance:
                self.eliminated.append(name)
        self.finished, self.starter = True, None

    def _eliminate(self, name: str) -> None:
        self.places[name] = len(self.still_in)
        self.eliminated.append(name)

    def _settle(self) -> bool:
        """Stop when `advance` players remain; True if the table has finished."""
        still = self.still_in
        if len(still) <= self.advance:
            for name in still:
                # Stopped by eliminations: those left share first place (they all advance).
                self.places.setdefault(name, 1)
            self.finished, self.starter = True, None
        return self.finished

    def _next_from(self, name: str) -> str:
        """First player still in clockwise from `name`'s seat (RULES §1.10)."""
        out = set(self.eliminated)
        i = self.seats.index(name)
        size = len(self.seats)
        for step in range(1, size + 1):
            candidate = self.seats[(i + step) % size]
            if candidate not in out:
                return candidate
        raise AssertionError("a table that has not stopped has a player still in")


# What a checkpoint stores of a table: every field (plain data) but the card-cap function.
_STORED_FIELDS = tuple(f.name for f in fields(TableState) if f.name != "cap_rule")


def chip_places(counts: dict[str, int]) -> dict[str, int]:
    """Places by chips, most first; equal chips share a place."""
    return {name: 1 + sum(1 for c in counts.values() if c > counts[name]) for name in counts}


def tied_at_cut(places: dict[str, int], stop: int) -> list[str]:
    """Players who tie across the last place that advances (or wins, `stop` = 1); empty if none.

    Chip counts cannot say who of them goes on, so such a table is reported with `finish`.
    """
    if sum(1 for p in places.values() if p <= stop) == stop:
        return []
    last = max(p for p in places.values() if p <= stop)
    return [name for name, place in places.items() if place == last]
