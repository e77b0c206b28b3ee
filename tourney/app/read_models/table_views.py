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
from tourney.app.read_models.sheet_words import SEEDING_WORDS
from tourney.app.read_models.stage_labels import capitalised, stage_name, stage_progress, unit_heading
from tourney.errors import IllegalActionError, InvalidInputError
from tourney.i18n import ENGLISH, Translator

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
        """Every player of the table, in seat order, the ones out included."""
        return tuple(s.player for s in self.players)

    @property
    def still_in(self) -> tuple[str, ...]:
        """Players not eliminated, in seat order."""
        return tuple(s.player for s in self.players if not s.eliminated)

    def seat_of(self, player: str) -> SeatView:
        """`player`'s seat at this table (the name as stored); an `IllegalActionError` if not here."""
        for seat in self.players:
            if seat.player == player:
                return seat
        raise IllegalActionError.in_words("%(player)s does not sit at table %(table)s", player=player,
                                          table=self.number)

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

    def lines(self, tr: Translator = ENGLISH) -> tuple[str, ...]:
        """The table as the director reads it after each entry, in `tr`'s language."""
        return tuple(_plan_table_lines(self, tr) if self.by_plan else _round_table_lines(self, tr))


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
    # The players this round does not pair by their own choice (a Swiss's requested byes), with the
    # points each scores for it ("half", "zero").
    requested: tuple[tuple[str, str], ...] = ()

    def table(self, number: int) -> TableView:
        """A table of the stage being played."""
        if not self.tables:
            raise IllegalActionError(f"no table is seated yet: draw the seats of {self.unit} 1 first")
        if not 1 <= number <= len(self.tables):
            raise IllegalActionError(f"no table {number} in {self.unit} {self.stage} (tables 1-{len(self.tables)})")
        return self.tables[number - 1]

    def to_json(self) -> list[dict[str, Any]]:
        """The `tourney tables --json` shape: one object per table."""
        return [t.to_json() for t in self.tables]

    def lines(self, tr: Translator = ENGLISH) -> tuple[str, ...]:
        """What `tourney tables` prints (the heading is the one the tables were read with)."""
        if not self.tables:
            return (tr.gettext("No tables yet: `tourney seat` draws %(stage)s.",
                               stage=unit_heading(self.unit, 1, tr)),)
        if self.by_plan:
            return tuple(line for table in self.tables for line in table.lines(tr))
        return (f"{self.heading.capitalize()}:", *self.round_lines(tr))

    def round_lines(self, tr: Translator = ENGLISH) -> tuple[str, ...]:
        """A round's tables, then its byes."""
        lines = [line for table in self.tables for line in table.lines(tr)]
        if self.byes:
            lines.append(tr.gettext("bye: %(players)s", players=", ".join(self.byes)))
        if self.requested:
            lines.append(tr.gettext("requested byes: %(players)s", players=", ".join(
                f"{name} ({'½' if points == 'half' else '0'})" for name, points in self.requested)))
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


def table_views(state: TournamentState, tr: Translator = ENGLISH) -> Tables:
    """The tables of `state`'s stage being played (`tr`: the language of its heading)."""
    going = advancing_now(state)
    requested = tuple(state.kind.requested_byes(state))
    return Tables(state.kind.unit, state.stage, stage_progress(state, tr=tr) if state.stage else "",
                  state.kind.takes_stage_plan, tuple(table_view(state, t, going) for t in state.tables),
                  tuple(state.kind.byes(state)), state.closed, state.complete, requested)


# ------------------------------------------------------------------------ a table in words
def cards_text(count: int, tr: Translator = ENGLISH) -> str:
    return tr.ngettext("%(num)s card", "%(num)s cards", count)


def place_label(place: int, shared: bool) -> str:
    """A place at a table as both its summary and its rows print it: "3", or "=1" when shared."""
    return f"={place}" if shared else str(place)


def _plan_table_lines(table: TableView, tr: Translator = ENGLISH) -> Iterator[str]:
    """Seats, cards, cap, next starter (games played in rounds), or seats and the first dealer (pot
    games, which report chip counts at the end). A finished table's summary and rows read one place
    per player (a player still in at the end has place 1); a shared place is "=1" in both. Each line
    is one sentence of the catalog, with the table, the players and the counts as its parameters."""
    pot_game = not table.reports_rounds
    places = {s.player: s.place if s.place is not None or s.eliminated else 1 for s in table.players}
    counts = Counter(place for place in places.values() if place is not None)
    shown = {p: "?" if n is None else place_label(n, counts[n] > 1) for p, n in places.items()}
    where = {"number": table.number, "stage": table.stage}
    if table.finished:
        order = ", ".join(f"{shown[p]}. {p}" for p in table.order)
        yield (tr.gettext("final table: finished (%(order)s)", order=order) if table.is_final
               else tr.gettext("table %(number)s, stage %(stage)s: finished (%(order)s)", order=order, **where))
    elif pot_game:
        yield (tr.gettext("final table: playing, %(player)s deals first; report chip counts with `tourney chips`",
                          player=table.starter) if table.is_final
               else tr.gettext("table %(number)s, stage %(stage)s: playing, %(player)s deals first; "
                               "report chip counts with `tourney chips`", player=table.starter, **where))
    else:
        yield (tr.gettext("final table: cap %(cap)s, %(player)s starts next", cap=table.cap, player=table.starter)
               if table.is_final
               else tr.gettext("table %(number)s, stage %(stage)s: cap %(cap)s, %(player)s starts next",
                               cap=table.cap, player=table.starter, **where))
    width = max((len(s.player) for s in table.players), default=0)
    for seat in table.players:
        if seat.eliminated:
            state = tr.gettext("out, place %(place)s", place=shown[seat.player]) + _promotion(table, seat.player, tr)
        elif table.finished:
            state = tr.gettext("place %(place)s", place=shown[seat.player]) \
                + _goes_on(table, seat.player, places[seat.player] or 1, tr)
        elif pot_game:
            state = tr.gettext("playing")
        else:
            state = cards_text(seat.cards, tr)
        if seat.chips is not None:
            state += tr.ngettext(", %(num)s chips", ", %(num)s chips", seat.chips)
        yield "  " + tr.gettext("seat %(number)s", number=seat.seat) + f"  {seat.player:<{width}}  {state}"


def _promotion(table: TableView, player: str, tr: Translator = ENGLISH) -> str:
    """After an out player's place: the dropped qualifier whose place they take, if any."""
    replaced = dict(table.replacing).get(player)
    return tr.gettext("; goes on in place of %(player)s", player=replaced) if replaced else ""


def _goes_on(table: TableView, player: str, place: int, tr: Translator = ENGLISH) -> str:
    """After a finished table's still-in player's place: whether they go on, as the format says."""
    if table.is_final:
        return ""
    if table.going_on is None:  # not a table of the stage being played: its place says
        return tr.gettext(", advances") if place <= table.advance else ""
    if player in table.going_on:
        return tr.gettext(", advances")
    by = next((new for new, old in table.replacing if old == player), None)
    return (tr.gettext(", dropped out; %(player)s goes on in their place", player=by) if by
            else tr.gettext(", dropped out"))


def _round_table_lines(table: TableView, tr: Translator = ENGLISH) -> Iterator[str]:
    """Who plays, the series so far, or how it finished."""
    where = tr.gettext("table %(number)s", number=table.number) + (f" [{table.match}]" if table.match else "")
    seats = table.seats
    if len(seats) == 2:
        a, b = seats
        places = {s.player: s.place for s in table.players}
        if table.finished:
            order = table.order
            if table.forfeits:
                yield (tr.gettext("%(table)s: %(a)s and %(b)s both forfeited", table=where, a=a, b=b)
                       if len(table.forfeits) == 2
                       else tr.gettext("%(table)s: %(winner)s won by forfeit (%(loser)s forfeited)", table=where,
                                       winner=order[0], loser=order[1]))
            elif places[a] == places[b]:
                yield tr.gettext("%(table)s: %(a)s and %(b)s drew", table=where, a=a, b=b) + _chips(table, tr)
            else:
                won, lost = table.games.count(order[0]), table.games.count(order[1])
                series = f" {won}-{lost}" if table.games and table.best_of > 1 else ""
                yield tr.gettext("%(table)s: %(winner)s beat %(loser)s%(series)s", table=where, winner=order[0],
                                 loser=order[1], series=series) + _chips(table, tr)
        elif table.best_of > 1:
            yield tr.gettext("%(table)s: %(a)s v %(b)s, best of %(best_of)s: %(a)s %(won)s-%(lost)s %(b)s; "
                             "%(a)s starts", table=where, a=a, b=b, best_of=table.best_of,
                             won=table.games.count(a), lost=table.games.count(b))
        else:
            yield tr.gettext("%(table)s: %(a)s v %(b)s; %(a)s starts", table=where, a=a, b=b)
        return
    if table.finished:
        place = {s.player: s.place for s in table.players}
        shown = ", ".join(f"{place[p] or 1}. {p}" for p in table.order)
        yield tr.gettext("%(table)s: finished (%(order)s)", table=where, order=shown) + _chips(table, tr)
    else:
        yield tr.gettext("%(table)s: %(players)s; %(player)s starts; enter it with finish (or chips)", table=where,
                         players=", ".join(seats), player=seats[0])


def _chips(table: TableView, tr: Translator = ENGLISH) -> str:
    counted = [s for s in table.players if s.chips is not None]
    if not counted:
        return ""
    return tr.gettext(" [%(counts)s chips]", counts=", ".join(f"{s.player} {s.chips}" for s in counted))


# ------------------------------------------------------------------------ what to do next
def next_draw(state: TournamentState, tr: Translator = ENGLISH) -> str:
    """What `tourney advance` does next: "seats the next stage" (by the plan), "pairs the next round"."""
    if state.kind.takes_stage_plan:
        return tr.gettext("seats the next stage") if state.kind.unit == "stage" \
            else tr.gettext("seats the next %(unit)s", unit=tr.gettext(state.kind.unit))
    return tr.gettext("pairs the next round") if state.kind.unit == "round" \
        else tr.gettext("pairs the next %(unit)s", unit=tr.gettext(state.kind.unit))


def next_steps(state: TournamentState, tr: Translator = ENGLISH) -> tuple[str, ...]:
    """After an entry: what the director can do next once tables have finished (nothing before)."""
    if state.complete:
        winner = state.standings()[0].player
        return (tr.gettext("The tournament is complete: %(winner)s wins. `tourney standings` prints the final "
                           "ranking.", winner=winner),)
    if state.tables and all(t.finished for t in state.tables) and not state.closed:
        return (tr.gettext("Every table of %(stage)s has finished: `tourney advance` %(next)s.",
                           stage=unit_heading(state.kind.unit, state.stage, tr), next=next_draw(state, tr)),)
    return ()


def blocker_lines(state: TournamentState, tr: Translator = ENGLISH) -> tuple[str, ...]:
    """What blocks an advance, said in `tr`'s language from the state (the format's own lines,
    `state.can_advance()`, are English): the tables still playing; a stage plan's final."""
    lines: list[str] = []
    for table in state.tables:
        if table.finished:
            continue
        if state.kind.takes_stage_plan:
            lines.append(tr.ngettext("table %(table)s still playing (%(num)s players in, stops at %(advance)s)",
                                     "table %(table)s still playing (%(num)s players in, stops at %(advance)s)",
                                     len(table.still_in), table=table.number, advance=table.advance))
        else:
            lines.append(tr.gettext("table %(table)s still playing", table=table.number)
                         + (f" ({table.match})" if table.match else ""))
    if state.kind.takes_stage_plan and state.kind.is_last_round(state):
        lines.append(tr.gettext("stage %(stage)s is the final: the tournament ends when its table finishes",
                                stage=state.stage))
    return tuple(lines)


def advance_blockers(state: TournamentState, tr: Translator = ENGLISH) -> tuple[str, ...]:
    """Why the advance waits, as `tourney advance` says it: the format's own lines in English,
    `blocker_lines` in another language."""
    return tuple(state.can_advance()) if tr.lang == ENGLISH.lang else blocker_lines(state, tr)


def entry_lines(state: TournamentState, table: TableState, tr: Translator = ENGLISH) -> tuple[str, ...]:
    """The table after an entry at it, then what the director can do next."""
    return (*table_view(state, table).lines(tr), *next_steps(state, tr))


def undone_lines(state: TournamentState, kind: str, data: Mapping[str, Any], *, named: bool,
                 tr: Translator = ENGLISH) -> tuple[str, ...]:
    """After an undo of an entry of `kind` with `data`: the table it was made at, unless the undo
    named its changes (`named`) or that table is no longer played; then what the director can do next."""
    shown: tuple[str, ...] = ()
    if kind in ("result", "finish", "chips") and state.tables and not named:
        number = int(data["table"])
        if 1 <= number <= len(state.tables):
            shown = table_view(state, state.table(number)).lines(tr)
    return (*shown, *next_steps(state, tr))


def player_table_lines(state: TournamentState, player: str, tr: Translator = ENGLISH) -> tuple[str, ...]:
    """The table of the stage being played where `player` sits (after a drop: how it stands now)."""
    return tuple(line for table in state.tables if player in table.seats
                 for line in table_view(state, table).lines(tr))


def seated_lines(state: TournamentState, tr: Translator = ENGLISH) -> tuple[str, ...]:
    """What `tourney seat` prints: the stage (or round) drawn, its seed, its tables."""
    seed = state.seeds[state.stage]
    tables = table_views(state, tr)
    count = len(tables.tables)
    if not state.kind.takes_stage_plan:
        head = [tr.ngettext("%(heading)s seated (seed %(seed)s): %(num)s table(s).",
                            "%(heading)s seated (seed %(seed)s): %(num)s table(s).", count,
                            heading=capitalised(tables.heading), seed=seed)]
        if state.stage == 1:
            seeding = state.format.get_str("seeding")
            seeds = enumerate(state.kind.entrants(state), start=1)
            head.append(tr.gettext("Seeds (%(seeding)s): %(players)s",
                                   seeding=tr.gettext(SEEDING_WORDS.get(seeding, seeding)),
                                   players=", ".join(f"{i}. {p}" for i, p in seeds)))
        return (*head, *tables.round_lines(tr))
    return (tr.ngettext("Stage %(stage)s seated (seed %(seed)s): %(num)s table(s).",
                        "Stage %(stage)s seated (seed %(seed)s): %(num)s table(s).", count,
                        stage=state.stage, seed=seed),
            *(line for table in tables.tables for line in table.lines(tr)))


def advanced_lines(state: TournamentState, moving: tuple[str, ...], tr: Translator = ENGLISH) -> tuple[str, ...]:
    """What `tourney advance` prints: the stage closed, who goes on, the next stage seated."""
    if not state.kind.takes_stage_plan:
        return (tr.ngettext("%(closed)s closed; %(num)s still in.", "%(closed)s closed; %(num)s still in.",
                            len(moving), closed=capitalised(unit_heading(state.kind.unit, state.stage - 1, tr))),
                *seated_lines(state, tr))
    game = state.descriptor  # a table that reports rounds deals the first hand afresh
    cards = game.live_start_cards
    seed = state.seeds[state.stage]
    if game.live_result == "rounds":
        seated = (tr.ngettext("The final is seated (seed %(seed)s); every player starts with %(num)s card.",
                              "The final is seated (seed %(seed)s); every player starts with %(num)s cards.",
                              cards, seed=seed) if state.is_final_stage
                  else tr.ngettext("Stage %(stage)s is seated (seed %(seed)s); every player starts with %(num)s card.",
                                   "Stage %(stage)s is seated (seed %(seed)s); every player starts with %(num)s cards.",
                                   cards, stage=state.stage, seed=seed))
    else:
        seated = (tr.gettext("The final is seated (seed %(seed)s); every table starts afresh.", seed=seed)
                  if state.is_final_stage
                  else tr.gettext("Stage %(stage)s is seated (seed %(seed)s); every table starts afresh.",
                                  stage=state.stage, seed=seed))
    return (tr.ngettext("Stage %(stage)s closed; %(num)s advance: %(players)s.",
                        "Stage %(stage)s closed; %(num)s advance: %(players)s.", len(moving),
                        stage=state.stage - 1, players=", ".join(moving)),
            seated,
            *(line for table in table_views(state, tr).tables for line in table.lines(tr)))


# ------------------------------------------------------------------------ a table as typed
def is_final_ref(text: str) -> bool:
    """Whether `text` names the final table rather than a number (reading it needs the state)."""
    return text.strip().casefold() == "final"


def parse_table_ref(text: str, state: TournamentState | None = None) -> int:
    """A table as a director types it: a positive whole number, "T3" (or "t3") as written on a table
    card, or `final` (the final table of an event of stages, once seated: needs `state`). One clear
    line otherwise.

    Examples:
        >>> parse_table_ref("T3"), parse_table_ref(" 12 ")
        (3, 12)
        >>> parse_table_ref("x")
        Traceback (most recent call last):
        tourney.errors.InvalidInputError: a table is a number such as 3, not 'x'
    """
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
        raise InvalidInputError.in_words("a table is a number such as 3, not %(text)s", text=repr(text)) from None


def final_table(state: TournamentState) -> int:
    """The number of the final table of an event of planned stages, once its final is seated."""
    if not state.kind.takes_stage_plan:
        if state.kind.unit == "round":
            raise IllegalActionError.in_words("`final` names the final table of an event of stages; give the table "
                                              "number (`tourney tables` lists the tables of round %(round)s)",
                                              round=state.stage)
        raise IllegalActionError(f"`final` names the final table of an event of stages; give the table number "
                                 f"(`tourney tables` lists the tables of {state.kind.unit} {state.stage})")
    if state.stage == 0 or not state.is_final_stage or not state.tables:
        if state.stage == 0:
            raise IllegalActionError.in_words("the final table is not seated yet (no seats are drawn yet): give the "
                                              "table number")
        raise IllegalActionError.in_words("the final table is not seated yet (stage %(stage)s is being played): "
                                          "give the table number", stage=state.stage)
    return state.tables[0].number
