"""The read models of a live event's tables: frozen values every front end only prints.

    Tables / TableView / SeatView      the tables of the stage being played, each with `to_json()`
                                       (the `tourney tables --json` shape) and `lines()` (the terminal's)
    table_views(state), table_view(state, table)    built from the engine's state, sharing nothing with it
    entry_lines(state, table)          a table after an entry, then what the director can do next
    player_table_lines(state, player)  the table a player sits at (after a drop)
    next_steps(state)                  that hint alone (after a correction)
    undone_lines(state, kind, data, named=...)   after an undo: the table it changed, the hint
    seated_lines(state), advanced_lines(state, moving)    what `seat` and `advance` print
    parse_table_ref(text, state)       a table as typed: "3", "T3" (a table card), "final"
    names_in_play(state)               the players and each table's players still in (completion)

A table's words depend on the format: a table of a stage plan shows cards, the cap and places; a
round's table (a duel, a series, a table of a round robin) shows the match and how it finished.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tourney.app.input.numbers import whole_number
from tourney.app.read_models.stage_labels import capitalised, stage_name, stage_progress
from tourney.errors import IllegalActionError, InvalidInputError

if TYPE_CHECKING:
    from tourney.engine.tables import TableState
    from tourney.engine.tournament import TournamentState

MAX_TABLE = 100_000


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat of a table: who sits there, their cards (or games won) and chips, out or not, place."""

    seat: int
    player: str
    cards: int
    eliminated: bool
    chips: int | None
    place: int | None


@dataclass(frozen=True, slots=True)
class TableView:
    """One table of the stage being played, as plain values. `by_plan`: a table of a stage plan
    (cards, a cap, who advances); otherwise a round's match of a format played in rounds."""

    number: int
    stage: int
    stage_label: str  # "stage 2", "the final", "round 3"
    by_plan: bool
    is_final: bool
    finished: bool
    reports_rounds: bool  # False: a pot game, whose table reports chip counts at the end
    cap: int | None
    starter: str | None
    advance: int
    rounds: int
    players: tuple[SeatView, ...]
    order: tuple[str, ...]  # the finishing order so far, winner first
    best_of: int  # 0: not a series (a stage plan's table)
    games: tuple[str, ...]  # the winner of each game of a series
    match: str  # a bracket's match id, "" elsewhere
    forfeits: tuple[str, ...]
    # A finished table of a stage plan: who goes on from it, and (promoted player, the qualifier
    # who dropped out and whose place they take), so its rows never send on a player who left.
    going_on: tuple[str, ...] | None = None  # None: not a finished table of a stage plan being played
    replacing: tuple[tuple[str, str], ...] = ()

    @property
    def label(self) -> str:
        """As a table card prints it, and as `parse_table_ref` reads it back: "T3"."""
        return f"T{self.number}"

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(s.player for s in self.players)

    @property
    def still_in(self) -> tuple[str, ...]:
        """Players not eliminated, in seat order."""
        return tuple(s.player for s in self.players if not s.eliminated)

    def seat_of(self, player: str) -> SeatView:
        for seat in self.players:
            if seat.player == player:
                return seat
        raise IllegalActionError(f"{player} does not sit at table {self.number}")

    def to_json(self) -> dict[str, Any]:
        """The `tourney tables --json` shape of this table."""
        data: dict[str, Any] = {
            "table": self.number, "stage": self.stage, "finished": self.finished, "cap": self.cap,
            "starter": self.starter,
            "players": [{"name": s.player, "seat": s.seat, "cards": s.cards, "eliminated": s.eliminated}
                        for s in self.players],
        }
        if self.best_of:
            data.update(best_of=self.best_of, games=list(self.games),
                        places={s.player: s.place for s in self.players if s.place is not None})
            if self.match:
                data["match"] = self.match
        return data

    def lines(self) -> tuple[str, ...]:
        """The table as the director reads it after each entry."""
        return tuple(_plan_table_lines(self) if self.by_plan else _round_table_lines(self))


@dataclass(frozen=True, slots=True)
class Tables:
    """The tables of the stage being played and its byes, in the format's words."""

    unit: str  # "stage" or "round"
    stage: int
    heading: str  # where the event stands: "round 2 of 4", "the final", "stage 2 of 3"
    by_plan: bool
    tables: tuple[TableView, ...]
    byes: tuple[str, ...]
    closed: bool
    complete: bool

    def table(self, number: int) -> TableView:
        """A table of the stage being played."""
        if not self.tables:
            raise IllegalActionError("no table is seated yet: draw the seats of stage 1 first")
        if not 1 <= number <= len(self.tables):
            raise IllegalActionError(f"no table {number} in stage {self.stage} (tables 1-{len(self.tables)})")
        return self.tables[number - 1]

    def to_json(self) -> list[dict[str, Any]]:
        """The `tourney tables --json` shape: one object per table."""
        return [t.to_json() for t in self.tables]

    def lines(self) -> tuple[str, ...]:
        """What `tourney tables` prints."""
        if not self.tables:
            return (f"No tables yet: `tourney seat` draws {self.unit} 1.",)
        if self.by_plan:
            return tuple(line for table in self.tables for line in table.lines())
        return (f"{self.heading.capitalize()}:", *self.round_lines())

    def round_lines(self) -> tuple[str, ...]:
        """A round's tables, then its byes."""
        lines = [line for table in self.tables for line in table.lines()]
        if self.byes:
            lines.append(f"bye: {', '.join(self.byes)}")
        return tuple(lines)


@dataclass(frozen=True, slots=True)
class NamesInPlay:
    """What a front end offers to complete: the players not dropped, and each table of the stage
    being played with the players still in at it."""

    players: tuple[str, ...]
    tables: tuple[tuple[int, tuple[str, ...]], ...]


def names_in_play(state: TournamentState) -> NamesInPlay:
    return NamesInPlay(tuple(p.name for p in state.players if not p.dropped),
                       tuple((t.number, tuple(t.still_in)) for t in state.tables))


def table_view(state: TournamentState, table: TableState, advancing: frozenset[str] | None = None) -> TableView:
    """`table` of `state` as a frozen value; `advancing`: who goes on from the stage being played,
    when the caller has it already (a view of every table asks the format once, not per table)."""
    out = set(table.eliminated)
    seats = tuple(SeatView(i, p, table.counts[p], p in out, table.chips.get(p), table.places.get(p))
                  for i, p in enumerate(table.seats, start=1))
    going, replacing = _going_on(state, table, advancing)
    return TableView(table.number, table.stage, stage_name(state, table.stage), state.kind.takes_stage_plan,
                     table.is_final, table.finished, table.reports_rounds, table.cap, table.starter, table.advance,
                     table.rounds, seats, tuple(table.finishing_order()), table.best_of, tuple(table.games),
                     table.match, tuple(table.forfeits), going, replacing)


def advancing_now(state: TournamentState) -> frozenset[str]:
    """Who goes on from the stage being played, as the format says."""
    return frozenset(state.kind.advancing(state)) if state.kind.takes_stage_plan and state.tables else frozenset()


def _going_on(state: TournamentState, table: TableState,
              advancing: frozenset[str] | None) -> tuple[tuple[str, ...] | None, tuple[tuple[str, str], ...]]:
    """Who a finished table of the stage being played sends on, as the format says (a qualifier who
    dropped out replaced by the next of the table's order), and who replaces whom."""
    current = table.stage == state.stage and table.number <= len(state.tables) \
        and state.tables[table.number - 1] is table
    if not (state.kind.takes_stage_plan and table.finished and not table.is_final and current):
        return None, ()
    if advancing is None:
        advancing = advancing_now(state)
    order = table.finishing_order()
    going = [p for p in order if p in advancing]
    qualifiers = order[:len(table.still_in)]
    replacing = zip([p for p in going if p not in qualifiers], [p for p in qualifiers if p not in going],
                    strict=False)
    return tuple(going), tuple(replacing)


def table_views(state: TournamentState) -> Tables:
    """The tables of `state`'s stage being played."""
    going = advancing_now(state)
    return Tables(state.kind.unit, state.stage, stage_progress(state) if state.stage else "",
                  state.kind.takes_stage_plan, tuple(table_view(state, t, going) for t in state.tables),
                  tuple(_byes(state)), state.closed, state.complete)


def _byes(state: TournamentState) -> list[str]:
    """The players of the round being played who have no match in it."""
    byes = list(state.round_plans[-1].byes) if state.round_plans and state.stage == len(state.round_plans) else []
    if state.bracket is not None and state.tables:
        view = state.format_view()
        seated = {state.bracket.round_index(t.match) for t in state.tables}
        states = getattr(view, "states", {})
        byes = [str(states[m.id].winner) for i in sorted(seated) for m in state.bracket.rounds[i].matches
                if states[m.id].status == "bye" and states[m.id].winner]
    return byes


# ------------------------------------------------------------------------ a table in words
def cards_text(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def place_label(place: int, shared: bool) -> str:
    """A place at a table as both its summary and its rows print it: "3", or "=1" when shared."""
    return f"={place}" if shared else str(place)


def _plan_table_lines(table: TableView) -> Iterator[str]:
    """Seats, cards, cap, next starter (games played in rounds), or seats and the first dealer (pot
    games, which report chip counts at the end). A finished table's summary and rows read one place
    per player (a player still in at the end has place 1); a shared place is "=1" in both."""
    pot_game = not table.reports_rounds
    kind = "final table" if table.is_final else f"table {table.number}, stage {table.stage}"
    places = {s.player: s.place if s.place is not None or s.eliminated else 1 for s in table.players}
    counts = Counter(place for place in places.values() if place is not None)
    shown = {p: "?" if n is None else place_label(n, counts[n] > 1) for p, n in places.items()}
    if table.finished:
        yield f"{kind}: finished ({', '.join(f'{shown[p]}. {p}' for p in table.order)})"
    elif pot_game:
        yield f"{kind}: playing, {table.starter} deals first; report chip counts with `tourney chips`"
    else:
        yield f"{kind}: cap {table.cap}, {table.starter} starts next"
    width = max((len(s.player) for s in table.players), default=0)
    for seat in table.players:
        if seat.eliminated:
            state = f"out, place {shown[seat.player]}" + _promotion(table, seat.player)
        elif table.finished:
            state = f"place {shown[seat.player]}" + _goes_on(table, seat.player, places[seat.player] or 1)
        elif pot_game:
            state = "playing"
        else:
            state = cards_text(seat.cards)
        if seat.chips is not None:
            state += f", {seat.chips} chips"
        yield f"  seat {seat.seat}  {seat.player:<{width}}  {state}"


def _promotion(table: TableView, player: str) -> str:
    """After an out player's place: the dropped qualifier whose place they take, if any."""
    replaced = dict(table.replacing).get(player)
    return f"; goes on in place of {replaced}" if replaced else ""


def _goes_on(table: TableView, player: str, place: int) -> str:
    """After a finished table's still-in player's place: whether they go on, as the format says."""
    if table.is_final:
        return ""
    if table.going_on is None:  # not a table of the stage being played: its place says
        return ", advances" if place <= table.advance else ""
    if player in table.going_on:
        return ", advances"
    by = next((new for new, old in table.replacing if old == player), None)
    return f", dropped out; {by} goes on in their place" if by else ", dropped out"


def _round_table_lines(table: TableView) -> Iterator[str]:
    """Who plays, the series so far, or how it finished."""
    where = f"table {table.number}" + (f" [{table.match}]" if table.match else "")
    seats = table.seats
    if len(seats) == 2:
        a, b = seats
        places = {s.player: s.place for s in table.players}
        if table.finished:
            order = table.order
            if table.forfeits:
                yield (f"{where}: {a} and {b} both forfeited" if len(table.forfeits) == 2
                       else f"{where}: {order[0]} won by forfeit ({order[1]} forfeited)")
            elif places[a] == places[b]:
                yield f"{where}: {a} and {b} drew" + _chips(table)
            else:
                won, lost = table.games.count(order[0]), table.games.count(order[1])
                series = f" {won}-{lost}" if table.games and table.best_of > 1 else ""
                yield f"{where}: {order[0]} beat {order[1]}{series}{_chips(table)}"
        else:
            score = ""
            if table.best_of > 1:
                score = f", best of {table.best_of}: {a} {table.games.count(a)}-{table.games.count(b)} {b}"
            yield f"{where}: {a} v {b}{score}; {a} starts"
        return
    if table.finished:
        place = {s.player: s.place for s in table.players}
        shown = ", ".join(f"{place[p] or 1}. {p}" for p in table.order)
        yield f"{where}: finished ({shown})" + _chips(table)
    else:
        yield f"{where}: {', '.join(seats)}; {seats[0]} starts; enter it with finish (or chips)"


def _chips(table: TableView) -> str:
    counted = [s for s in table.players if s.chips is not None]
    if not counted:
        return ""
    return " [" + ", ".join(f"{s.player} {s.chips}" for s in counted) + " chips]"


# ------------------------------------------------------------------------ what to do next
def next_draw(state: TournamentState) -> str:
    """What `tourney advance` does next: "seats the next stage" (by the plan), "pairs the next round"."""
    return f"{'seats' if state.kind.takes_stage_plan else 'pairs'} the next {state.kind.unit}"


def next_steps(state: TournamentState) -> tuple[str, ...]:
    """After an entry: what the director can do next once tables have finished (nothing before)."""
    if state.complete:
        winner = state.standings()[0].player
        return (f"The tournament is complete: {winner} wins. `tourney standings` prints the final ranking.",)
    if state.tables and all(t.finished for t in state.tables) and not state.closed:
        return (f"Every table of {state.kind.unit} {state.stage} has finished: `tourney advance` {next_draw(state)}.",)
    return ()


def entry_lines(state: TournamentState, table: TableState) -> tuple[str, ...]:
    """The table after an entry at it, then what the director can do next."""
    return (*table_view(state, table).lines(), *next_steps(state))


def undone_lines(state: TournamentState, kind: str, data: Mapping[str, Any], *, named: bool) -> tuple[str, ...]:
    """After an undo of an entry of `kind` with `data`: the table it was made at, unless the undo
    named its changes (`named`) or that table is no longer played; then what the director can do next."""
    shown: tuple[str, ...] = ()
    if kind in ("result", "finish", "chips") and state.tables and not named:
        number = int(data["table"])
        if 1 <= number <= len(state.tables):
            shown = table_view(state, state.table(number)).lines()
    return (*shown, *next_steps(state))


def player_table_lines(state: TournamentState, player: str) -> tuple[str, ...]:
    """The table of the stage being played where `player` sits (after a drop: how it stands now)."""
    return tuple(line for table in state.tables if player in table.seats for line in table_view(state, table).lines())


def seated_lines(state: TournamentState) -> tuple[str, ...]:
    """What `tourney seat` prints: the stage (or round) drawn, its seed, its tables."""
    seed = state.seeds[state.stage]
    tables = table_views(state)
    if not state.kind.takes_stage_plan:
        head = [f"{capitalised(tables.heading)} seated (seed {seed}): {len(tables.tables)} table(s)."]
        if state.stage == 1:
            head.append(f"Seeds ({state.format.seeding}): "
                        + ", ".join(f"{i}. {p}" for i, p in enumerate(state.entrants, start=1)))
        return (*head, *tables.round_lines())
    return (f"Stage {state.stage} seated (seed {seed}): {len(tables.tables)} table(s).",
            *(line for table in tables.tables for line in table.lines()))


def advanced_lines(state: TournamentState, moving: tuple[str, ...]) -> tuple[str, ...]:
    """What `tourney advance` prints: the stage closed, who goes on, the next stage seated."""
    if not state.kind.takes_stage_plan:
        return (f"{state.kind.unit.capitalize()} {state.stage - 1} closed; {len(moving)} still in.",
                *seated_lines(state))
    label = "The final" if state.is_final_stage else f"Stage {state.stage}"
    game = state.descriptor  # a table that reports rounds deals the first hand afresh
    cards = game.live_start_cards
    fresh = (f"every player starts with {cards} card{'s' if cards != 1 else ''}"
             if game.live_result == "rounds" else "every table starts afresh")
    return (f"Stage {state.stage - 1} closed; {len(moving)} advance: {', '.join(moving)}.",
            f"{label} is seated (seed {state.seeds[state.stage]}); {fresh}.",
            *(line for table in table_views(state).tables for line in table.lines()))


# ------------------------------------------------------------------------ a table as typed
def is_final_ref(text: str) -> bool:
    """Whether `text` names the final table rather than a number (reading it needs the state)."""
    return text.strip().casefold() == "final"


def parse_table_ref(text: str, state: TournamentState | None = None) -> int:
    """A table as a director types it: a positive whole number, "T3" (or "t3") as written on a table
    card, or `final` (the final table of an event of stages, once seated: needs `state`). One clear
    line otherwise."""
    if is_final_ref(text):
        if state is None:
            raise InvalidInputError("`final` names a table of a tournament: read it with its state")
        return final_table(state)
    number = text.strip()
    if number[:1] in ("t", "T"):
        number = number[1:]
    try:
        return whole_number(number, what="TABLE", low=1, high=MAX_TABLE)
    except InvalidInputError:
        raise InvalidInputError(f"a table is a number such as 3, not {text!r}") from None


def final_table(state: TournamentState) -> int:
    """The number of the final table of an event of planned stages, once its final is seated."""
    if not state.kind.takes_stage_plan:
        raise IllegalActionError(f"`final` names the final table of an event of stages; give the table number "
                                 f"(`tourney tables` lists the tables of {state.kind.unit} {state.stage})")
    if state.stage == 0 or not state.is_final_stage or not state.tables:
        where = "no seats are drawn yet" if state.stage == 0 else f"stage {state.stage} is being played"
        raise IllegalActionError(f"the final table is not seated yet ({where}): give the table number")
    return state.tables[0].number
