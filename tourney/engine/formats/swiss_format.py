"""Swiss: each round paired from the results so far (`swiss.pair_round`, networkx imported only then).

A stored pairing is checked only for seating every entrant once (a correction later changes
scores, not the pairings made before it). A player may withdraw between rounds (or once their
match of the round is entered): paired no more, their points kept in the scores and tie-breaks.
A round after which fewer than 2 players are left to pair is the last: the event is complete once
its tables finish, the rounds left unplayable, and the standings are the points as they stand
(a withdrawn player keeps theirs, so the last player standing wins only by points).

What Swiss directors add (the format's own data, `swiss_data.SwissData`):
- A late entry (a player registered after round 1 is seated) is paired from the next round, at the
  end of the seed order; each round they missed scores 0 or ½ as the `register` entry says
  ("missed"). The number of rounds stays that of the field of round 1.
- A requested bye (`bye` entry), announced before its round is seated: the player is not paired
  in it and scores 0 or ½; the pairing-allocated bye stays free for them (it is no point won
  without playing: FIDE C.04.1 d).
- Re-entry (`rejoin`): a player who withdrew is paired again from the next round; the rounds
  missed score 0.
- Avoided pairings (`avoid` entries): the pair is treated by every pairing as one that has already
  met, so it is never paired while another pairing exists.

Its options: the shared ones (best of, table size, seeding), the tie-breaks of a format of rounds,
its `rounds` (default ⌈log2 N⌉) and its own `pairing` (swiss.py's `pair_round` says each system),
`avoid_clubs` (club-mates count as a pair that has met) and `acceleration` (baku: virtual points
for the pairing only, `swiss_data.baku_points`).
An option of the Swiss alone is a `FormatOption` here, added to `option_specs`: nothing else changes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from tourney.engine.format_options import FormatOption, OptionValue
from tourney.engine.format_registry import format_data, register_format
from tourney.engine.format_views import ExchangeRecord
from tourney.engine.formats.live import entrants_of, min_table, played_rounds, refuse_exchange, unpaired, withdrawn
from tourney.engine.formats.shared_options import BEST_OF, SEEDING, TABLE_SIZE, rounds_option
from tourney.engine.formats.swiss_data import KeptApart, SwissData, baku_points
from tourney.engine.formats.table_rounds import MAX_ROUNDS, TIEBREAKS, TableRoundsFormat, tiebreak_order
from tourney.engine.points_ranking import standings as points_standings
from tourney.engine.progress import PlayerStatus
from tourney.engine.rounds import EXCUSED_POINTS, RoundPlan
from tourney.engine.standings import StandingRow
from tourney.errors import IllegalActionError, InvalidInputError, Worded, worded
from tourney.rules.games import GameDescriptor

if TYPE_CHECKING:
    from tourney.engine.format_config import FormatConfig
    from tourney.engine.format_registry import LiveState
    from tourney.engine.log import Touch
    from tourney.engine.roster import PlayerInfo
    from tourney.engine.tables import TableState


def swiss_data(state: LiveState) -> SwissData:
    return format_data(state, SwissData)


def points_word(points: Fraction) -> str:
    """How an entry stores excused points: "half", "zero"."""
    return next(word for word, value in EXCUSED_POINTS.items() if value == points)


def _pairing_words(value: OptionValue) -> Worded:
    return worded("Dutch pairing") if value == "dutch" else worded("fast pairing")


SWISS_ROUNDS: Final = rounds_option("the number of rounds (default ⌈log2 N⌉).")
# The system of duels (swiss.py's PAIRINGS; that module is imported only when a round is paired).
PAIRING: Final = FormatOption(
    "pairing", str, "auto", "the pairing of duels: auto (the default: FIDE Dutch from round 2 up to 1,000 players, "
    "the fast system above), dutch (FIDE Dutch from round 2 at any size) or fast (top down by score "
    "groups, every round).", "docs/formats.md#swiss", ("auto", "dutch", "fast"), words=_pairing_words,
    choice_labels=(("auto", "automatic: Dutch up to 1,000 players"), ("dutch", "FIDE Dutch"),
                   ("fast", "fast (top down by score groups)")))


def _avoid_clubs_words(value: OptionValue) -> Worded:
    return worded("club-mates kept apart")


def _acceleration_words(value: OptionValue) -> Worded | None:
    return worded("Baku acceleration") if value == "baku" else None


AVOID_CLUBS: Final = FormatOption(
    "avoid_clubs", bool, False, "players of the same club are never paired while another pairing exists.",
    "docs/formats.md#swiss", words=_avoid_clubs_words)
ACCELERATION: Final = FormatOption(
    "acceleration", str, "none", "accelerated pairings: none (the default) or baku (FIDE C.04.5.1: in the first "
    "half of the rounds the top half of the seeds pair with 1, then ½, virtual point).", "docs/formats.md#swiss",
    ("none", "baku"), words=_acceleration_words, choice_labels=(("baku", "Baku (FIDE C.04.5.1)"),))


class SwissFormat(TableRoundsFormat):
    name = "swiss"
    label = "Swiss"
    order = 4
    view_kind: str | None = "score-groups"
    withdrawals = True
    requests = True
    option_specs: tuple[FormatOption, ...] = (BEST_OF, TABLE_SIZE, SWISS_ROUNDS, SEEDING, TIEBREAKS, PAIRING,
                                              AVOID_CLUBS, ACCELERATION)

    def check(self, game: GameDescriptor, config: FormatConfig) -> None:
        super().check(game, config)
        if config.get_str(PAIRING.name) != PAIRING.default and config.get_int(TABLE_SIZE.name) != 2:
            raise InvalidInputError("--pairing is for duels (tables of 3 or more are grouped by score)")

    def new_data(self) -> SwissData:
        return SwissData()

    def data_from_json(self, data: Any, game: GameDescriptor, config: FormatConfig) -> SwissData:
        return SwissData.from_json(data)

    def total_rounds(self, state: LiveState) -> int:
        return self._rounds_of(state, swiss_data(state).entrants)

    def _rounds_of(self, state: LiveState, entrants: list[str]) -> int:
        # swiss.py is imported on first use, so a fold of another format never loads it (networkx, its
        # matching, only when a round is paired).
        from tourney.engine.formats.swiss import default_rounds

        n = len(entrants) - len(swiss_data(state).late)  # the field of round 1: a late entry adds no round
        return (state.format.get_int(SWISS_ROUNDS.name) or default_rounds(n)) if n >= 2 else 0

    def is_last_round(self, state: LiveState) -> bool:
        if state.stage == 0:
            return False
        gone = withdrawn(state)
        left_to_pair = sum(1 for p in entrants_of(state) if p not in gone)
        return state.stage >= self.total_rounds(state) or left_to_pair < 2

    def round_plan(self, state: LiveState, entrants: list[str], stage: int, seed: int) -> RoundPlan:
        from tourney.engine.formats.swiss import pair_round

        history = played_rounds(state) if stage > 1 else []
        mine = swiss_data(state)
        clubs = {p.name: p.club for p in state.players if p.club} if state.format.get_bool(AVOID_CLUBS.name) else {}
        avoided = KeptApart({frozenset(pair) for pair in mine.avoided}, clubs)
        # `entrants`, not the stored field: round 1's is stored only once seated.
        round_one = [p for p in entrants if p not in mine.late]
        virtual = (baku_points(round_one, len(round_one), stage, self._rounds_of(state, entrants))
                   if state.format.get_str(ACCELERATION.name) == "baku" else None)
        return pair_round(entrants, history, random.Random(f"tourney-swiss/{seed}"),
                          table_size=state.format.get_int(TABLE_SIZE.name), min_table=min_table(state),
                          withdrawn=unpaired(state, stage), total_rounds=self.total_rounds(state),
                          pairing=state.format.get_str(PAIRING.name), avoid=avoided, virtual=virtual)

    def seat(self, state: LiveState, data: dict[str, Any], stage: int, seed: int) -> frozenset[Touch]:
        touched = super().seat(state, data, stage, seed)
        # The round depends on the byes requested for it and on every pair kept apart so far: neither
        # is undone once the round is paired.
        mine = swiss_data(state)
        if stage == 1 and isinstance(data.get("ratings"), dict):  # a field seeded by rating
            mine.ratings = {str(p): float(r) for p, r in data["ratings"].items()}
        return (touched | {("B", p, stage) for p in mine.excused.get(stage, {})}
                | {("A", *pair) for pair in mine.avoided})

    # ---------------------------------------------------------------- late entries, byes, re-entry
    def late_entry(self, state: LiveState) -> TableState | None:
        """No table now: a late entrant is paired from the next round (while there is one)."""
        if self.is_last_round(state):
            raise IllegalActionError.in_words("late entry is closed: round %(round)s is the last", round=state.stage)
        return None

    def entered_late(self, state: LiveState, name: str, table: TableState | None, data: Mapping[str, Any]) -> None:
        mine = swiss_data(state)
        rating = data.get("rating")
        if rating is not None and mine.ratings:  # seeded by rating: placed by theirs (FIDE C.04.2)
            mine.enter_by_rating(name, float(rating))
        else:
            mine.entrants.append(name)
        joins = state.stage + 1
        mine.late[name] = joins
        points = EXCUSED_POINTS[data.get("missed") or "zero"]
        for number in range(1, joins):
            mine.excuse(name, number, points)

    def requested_bye(self, state: LiveState, info: PlayerInfo, number: int, points: Fraction) -> frozenset[Touch]:
        mine = swiss_data(state)
        if number <= state.stage:
            raise IllegalActionError.in_words("round %(round)s is already paired: a bye is requested before its "
                                              "round is seated", round=number)
        last = self.total_rounds(state) if state.stage > 0 else (state.format.get_int(SWISS_ROUNDS.name) or MAX_ROUNDS)
        if number > last:
            raise IllegalActionError.in_words("round %(round)s: the Swiss has %(rounds)s rounds", round=number,
                                              rounds=last)
        if info.name in mine.excused.get(number, {}):
            raise IllegalActionError.in_words("%(name)s already has a bye in round %(round)s", name=info.name,
                                              round=number)
        mine.excuse(info.name, number, points)
        return frozenset({("B", info.name, number)})

    def rejoin(self, state: LiveState, info: PlayerInfo) -> frozenset[Touch]:
        """Paired again from the next round; before round 1, simply back in the field. A player who
        left before round 1 comes back as a late entry (the rounds missed: 0)."""
        if state.stage > 0:
            if self.is_last_round(state):
                raise IllegalActionError.in_words("%(name)s cannot rejoin: round %(round)s is the last",
                                                  name=info.name, round=state.stage)
            if info.name not in entrants_of(state):
                self.entered_late(state, info.name, None, {})
        info.dropped = False
        return frozenset({("P", info.name)})

    def avoid(self, state: LiveState, pair: tuple[str, str]) -> frozenset[Touch]:
        mine = swiss_data(state)
        first, second = sorted(pair)
        if (first, second) in mine.avoided:
            raise IllegalActionError.in_words("%(first)s and %(second)s are already kept apart", first=first,
                                              second=second)
        mine.avoided.append((first, second))
        return frozenset({("A", first, second)})

    # ---------------------------------------------------------------- what people read
    def standings(self, state: LiveState) -> list[StandingRow]:
        rows = super().standings(state)
        mine = swiss_data(state)
        if not mine.excused:
            return rows
        notes: dict[str, str] = {}
        for name, joined in mine.late.items():
            notes[name] = f"joined in round {joined}"
        for name in {p for players in mine.excused.values() for p in players} - set(notes):
            rounds = [str(number) for number, _ in mine.requested(name, 0) if number <= state.stage]
            if rounds:
                notes[name] = (f"requested bye in round {rounds[0]}" if len(rounds) == 1
                               else f"requested byes in rounds {', '.join(rounds)}")
        return [replace(row, note=notes[row.player]) if row.player in notes and not row.note else row for row in rows]

    def exchange_record(self, state: LiveState) -> ExchangeRecord:
        if state.format.get_int(TABLE_SIZE.name) != 2:
            raise refuse_exchange(state)
        seeds = entrants_of(state)
        if not seeds:  # before round 1: the field as registered
            return ExchangeRecord(tuple(p.name for p in state.players if not p.dropped), (),
                                  state.format.get_int(SWISS_ROUNDS.name), frozenset(), {}, None, None)
        history = played_rounds(state, finished_only=True)
        ranks = None
        if history:
            rows = points_standings(seeds, history, self.bye_points, tiebreak_order(state.format))
            ranks = {row.player: place for place, row in enumerate(rows, start=1)}
        data = swiss_data(state)
        plans = data.round_plans
        return ExchangeRecord(tuple(seeds), tuple(history), self.total_rounds(state), frozenset(withdrawn(state)),
                              dict(data.excused.get(len(history) + 1, {})), ranks,
                              tuple(tuple(table) for table in plans[0].tables) if plans else None, dict(data.ratings))

    def requested_byes(self, state: LiveState) -> list[tuple[str, str]]:
        mine = swiss_data(state)
        if state.stage == 0 or state.complete:
            return []
        return [(name, points_word(points)) for name, points in mine.excused.get(state.stage, {}).items()
                if mine.late.get(name, 0) <= state.stage]

    def statuses(self, state: LiveState) -> list[PlayerStatus]:
        """As every format of rounds says them, with each requested bye still to come (or of the round
        being played) named."""
        found = super().statuses(state)
        mine = swiss_data(state)
        if not mine.excused or state.complete:
            return found
        return [replace(status, requested=tuple((number, points_word(points))
                                                for number, points in mine.requested(status.name, state.stage - 1)))
                for status in found]


SWISS = register_format(SwissFormat())
