"""Formats of rounds of tables (round robin, Swiss): what they share through the seam.

Each round seats every entrant still in once, at duels or tables of `table_size` (byes when the
field does not divide). A table's finishing order becomes `TableResult(players, places)`; equal
chips are a draw (½ each); a bye scores the format's `bye_points` (a Swiss' pairing-allocated bye 1,
as FIDE C.04; a round robin's 0, as FIDE Berger tables and brackets-manager: the schedule's bye is
no game, so a crosstable's points are the sum of its cells). The standings are `points_ranking.standings`'
(score, Buchholz, Sonneborn-Berger, head-to-head, seed; or the `--tiebreaks` chosen, in order),
the rows carrying the score and the tie-breaks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from tourney.engine.format_config import FormatConfig, table_sizes_for
from tourney.engine.format_options import FormatOption, OptionValue
from tourney.engine.format_registry import format_data
from tourney.engine.formats.live import (
    CheckedRound,
    RoundFormat,
    RoundsData,
    RoundsView,
    check_field,
    entrants_of,
    first_seed,
    forfeit_notes,
    played_rounds,
    rounds_payload,
    stored_entrants,
    stored_rounds,
    swiss_rows,
)
from tourney.engine.formats.shared_options import BEST_OF, MAX_ROUNDS, SEEDING, TABLE_SIZE
from tourney.engine.rounds import RoundPlan, once_per_value
from tourney.engine.standings import StandingRow, StandingsColumn, last_tables
from tourney.errors import InvalidInputError, Worded, worded, worded_p
from tourney.rules.games import GameDescriptor

if TYPE_CHECKING:
    from tourney.engine.format_registry import LiveState
    from tourney.engine.points_ranking import PointsRow
    from tourney.engine.tables import TableState

__all__ = ["MAX_ROUNDS", "TIEBREAKS", "TableRoundsFormat", "tiebreak_order"]

# The tie-breaks `--tiebreaks` may list, in the order given (swiss.py says what each is); "fide-2023"
# is no tie-break of its own: it counts the Buchholz family's unplayed rounds by FIDE's 2023 rule.
TIEBREAK_NAMES = ("buchholz", "buchholz-cut1", "median-buchholz", "sonneborn-berger", "direct-encounter", "fide-2023")


@dataclass(frozen=True)
class _AsTyped(Worded):
    """A tie-break in a description: in English as typed ("buchholz-cut1"), in another language by
    the catalog's words for it in a sentence ("усечённый Бухгольц")."""

    typed: str = ""

    def __str__(self) -> str:
        return self.typed


def _as_typed(name: str, words: Worded) -> _AsTyped:
    return _AsTyped(words.message, words.params, context=words.context, typed=name)


_TIEBREAK_WORDS: Final = {
    "buchholz": _as_typed("buchholz", worded_p("a tie-break in a description", "Buchholz")),
    "buchholz-cut1": _as_typed("buchholz-cut1", worded_p("a tie-break in a description", "Buchholz cut-1")),
    "median-buchholz": _as_typed("median-buchholz", worded_p("a tie-break in a description", "Median Buchholz")),
    "sonneborn-berger": _as_typed("sonneborn-berger", worded_p("a tie-break in a description", "Sonneborn-Berger")),
    "direct-encounter": _as_typed("direct-encounter", worded_p("a tie-break in a description", "direct encounter")),
}


def _check_tiebreaks(value: OptionValue) -> None:
    """Each once, and fide-2023 only beside a tie-break it applies to."""
    text = str(value)
    names = tuple(text.split(",")) if text else ()
    unknown = [n for n in names if n not in TIEBREAK_NAMES]
    if unknown:
        raise InvalidInputError.in_words("--tiebreaks: unknown tie-break %(name)s (tie-breaks: %(known)s)",
                                         name=repr(unknown[0]), known=", ".join(TIEBREAK_NAMES))
    if len(set(names)) != len(names):
        raise InvalidInputError.in_words("--tiebreaks %(text)s: a tie-break is listed twice", text=text)
    if names == ("fide-2023",):
        raise InvalidInputError.in_words("--tiebreaks fide-2023: list the tie-breaks it applies to, e.g. "
                                         "buchholz-cut1,fide-2023")


def _tiebreak_words(value: OptionValue) -> Worded:
    names: list[Worded | str] = [_TIEBREAK_WORDS.get(name, name) for name in str(value).split(",") if name]
    listed = names[-1]  # fide-2023 is a name in every language
    for name in reversed(names[:-1]):
        listed = worded("%(first)s then %(next)s", first=name, next=listed)
    return worded("tie-breaks %(tiebreaks)s", tiebreaks=listed)


TIEBREAKS: Final = FormatOption(
    "tiebreaks", str, "", "the tie-breaks after points, in order, from buchholz, buchholz-cut1, median-buchholz, "
    "sonneborn-berger, direct-encounter; add fide-2023 to count unplayed rounds by FIDE's 2023 rule (default: "
    "buchholz,sonneborn-berger,direct-encounter).", "docs/formats.md#tie-breaks", TIEBREAK_NAMES, metavar="LIST",
    listed=True, validate=_check_tiebreaks, words=_tiebreak_words, label="Tie-breaks")


# The round formats' own standings columns: the score and the tie-breaks (a column each on paper).
POINTS: Final = StandingsColumn("points", "points", "Points", "number")
TIEBREAKS_COLUMN: Final = StandingsColumn("tiebreaks", "tie-breaks", "Tie-breaks", "numbers")


def _number(value: Fraction) -> float:
    """A score or tie-break for JSON: exact halves stay exact; thirds to 4 places."""
    return round(float(value), 4)


def rank_points(history: Sequence[Sequence[TableState]], rows: Sequence[PointsRow],
                chosen: bool = False) -> list[StandingRow]:
    """Round robin and Swiss standings: `points_ranking.standings` rows with each player's last table. The
    tie-breaks are the default three, or (`chosen`: the event chose its `--tiebreaks`) those chosen
    in their order, named with underscores ("buchholz_cut1", "direct_encounter")."""
    last = last_tables(history, [row.player for row in rows])
    number = once_per_value(_number)  # each distinct value converted once

    out: list[StandingRow] = []
    for row in rows:
        table = last.get(row.player)
        if chosen:
            tiebreaks = {name.replace("-", "_"): number(value) for name, value in row.chosen}
        else:
            tiebreaks = {"buchholz": number(row.buchholz), "sonneborn_berger": number(row.sonneborn_berger),
                         "head_to_head": number(row.head_to_head)}
        out.append(StandingRow(row.rank, row.player, table.stage if table else 0, table.number if table else 0,
                               table.places.get(row.player) if table else None, None,
                               {POINTS.key: number(row.score), TIEBREAKS_COLUMN.key: tiebreaks}))
    return out


def tiebreak_order(config: FormatConfig) -> tuple[str, ...]:
    """The tie-breaks chosen, in order; empty: the format's own."""
    return config.get_items(TIEBREAKS.name)


class TableRoundsFormat(RoundFormat):
    """Rounds of duels or tables of K, every entrant seated each round; scores and tie-breaks."""

    option_specs: tuple[FormatOption, ...] = (BEST_OF, TABLE_SIZE, SEEDING, TIEBREAKS)  # each adds its `rounds`
    standings_columns: tuple[StandingsColumn, ...] = (POINTS, TIEBREAKS_COLUMN)
    draws = True
    bye_points = 1

    def new_data(self) -> RoundsData:
        return RoundsData()

    def data_from_json(self, data: Any, game: GameDescriptor, config: FormatConfig) -> RoundsData:
        return RoundsData(stored_entrants(data), stored_rounds(data))

    def byes(self, state: LiveState) -> list[str]:
        plans = format_data(state, RoundsData).round_plans
        return list(plans[-1].byes) if plans and state.stage == len(plans) else []

    def total_rounds(self, state: LiveState) -> int:
        """How many rounds the event has (the field known: round 1 seated)."""
        raise NotImplementedError

    def round_plan(self, state: LiveState, entrants: list[str], stage: int, seed: int) -> RoundPlan:
        """Round `stage`'s tables and byes."""
        raise NotImplementedError

    def check(self, game: GameDescriptor, config: FormatConfig) -> None:
        super().check(game, config)
        sizes = table_sizes_for(game)
        table_size, rounds = config.get_int("table_size"), config.get_int("rounds")
        if table_size != 2:
            if table_size not in sizes:
                raise InvalidInputError(f"--table-size {table_size}: a {game.title} table seats "
                                        f"{sizes.start}-{sizes.stop - 1} players")
            if config.get_int("best_of") != 1:
                raise InvalidInputError("--best-of is for duels (a table of 3 or more plays one match)")
        elif 2 not in sizes:
            raise InvalidInputError(f"a {game.title} game seats {game.seats[0]}-{game.seats[1]}: "
                                    f"give --table-size {sizes.start}..{sizes.stop - 1}")
        if rounds and not 1 <= rounds <= MAX_ROUNDS:  # 0: the format's own number
            raise InvalidInputError(f"--rounds {rounds}: must be 1 to {MAX_ROUNDS}")

    def next_tables(self, state: LiveState, entrants: list[str], stage: int, seed: int) -> dict[str, Any]:
        return rounds_payload(self.round_plan(state, entrants, stage, seed))

    def check_tables(self, state: LiveState, checked: CheckedRound, stage: int) -> None:
        check_field(state, checked, stage)

    def seated(self, state: LiveState, checked: CheckedRound, stage: int) -> None:
        tables = tuple(tuple(seats) for _, seats, _, _ in checked.tables)
        format_data(state, RoundsData).round_plans.append(RoundPlan(stage, tables, checked.byes))

    def complete(self, state: LiveState) -> bool:
        if state.stage == 0 or not all(t.finished for t in state.tables):
            return False
        return self.is_last_round(state)

    def is_last_round(self, state: LiveState) -> bool:
        return state.stage > 0 and state.stage >= self.total_rounds(state)

    def standings(self, state: LiveState) -> list[StandingRow]:
        if not entrants_of(state):
            return []
        notes = forfeit_notes(state) | {p.name: "withdrew" for p in state.players if p.dropped}
        chosen = tiebreak_order(state.format)
        rows = rank_points(state.history, swiss_rows(state, self.bye_points, chosen), chosen=bool(chosen))
        return [replace(row, note=notes[row.player]) if row.player in notes else row for row in rows]

    def round_points(self, state: LiveState, rounds: int) -> Mapping[str, Fraction] | None:
        from tourney.engine.rounds import scores

        return scores(entrants_of(state), played_rounds(state)[:rounds], self.bye_points)

    def planned_rounds(self, state: LiveState) -> int | None:
        return (self.total_rounds(state) or None) if state.stage > 0 else None

    def view(self, state: LiveState) -> RoundsView | None:
        if state.stage == 0:
            return None
        played = tuple(played_rounds(state))
        return RoundsView(tuple(format_data(state, RoundsData).round_plans), played,
                          tuple(swiss_rows(state, self.bye_points, tiebreak_order(state.format), played)),
                          self.total_rounds(state), state.format.get_int("table_size"))

    def first_seed(self, state: LiveState, stage: int, seed: int) -> int:
        return first_seed(state, stage, seed)
