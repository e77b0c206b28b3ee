"""The view models of the formats' own sheets, built from the engine's pure formats (issue 12).

    elimination_page(event, bracket, entrants, states, ...)   view kind "bracket" (a `BracketView`)
    crosstable_page(event, players, plans, played, ...)       view kind "crosstable" (a `RoundsView`)
    swiss_page(event, players, played, plans, ...)            view kind "score-groups" (a `RoundsView`)
    format_page(tournament, state)                            the one its format's `view_kind` names

Each takes what the format itself works from (the bracket and its results; the rounds' plans and
table results), so a sheet can be built before, and apart from, the live event's state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from tourney.app.read_models.sheet_words import format_label, round_name
from tourney.app.read_models.views import event_info
from tourney.engine.bracket import BYE, Bracket, MatchState, Slot, placements
from tourney.engine.format_registry import find_format
from tourney.engine.format_views import BracketView, FormatView, RoundsView
from tourney.engine.points_ranking import PointsRow, standings
from tourney.engine.rounds import PlayedRound, RoundPlan, TableResult, once_per_value
from tourney.errors import IllegalActionError
from tourney.i18n import ENGLISH, Translator, translator
from tourney.render.format_pages import (
    BracketRound,
    CrossRow,
    CrosstablePage,
    EliminationPage,
    MatchBox,
    RoundTables,
    ScoreGroup,
    SlotLine,
    SwissLine,
    SwissPage,
    TableLine,
)
from tourney.render.formats import FormatPage
from tourney.render.pages import EventInfo, LiveInfo

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState
    from tourney.storage.repo import Tournament

_GLYPHS = {Fraction(1, 2): "½", Fraction(1, 3): "⅓", Fraction(2, 3): "⅔", Fraction(1, 4): "¼", Fraction(3, 4): "¾"}


def points_text(value: Fraction) -> str:
    """3½, ⅔, 2 — the usual crosstable notation; other fractions as decimals."""
    whole, part = divmod(value, 1)
    if not part:
        return str(whole)
    if part in _GLYPHS:
        return (str(whole) if whole else "") + _GLYPHS[part]
    return f"{float(value):.2f}"


def _level_key(row: PointsRow) -> tuple[int, ...]:
    """Score, Buchholz and Sonneborn-Berger as whole numbers (a `Fraction` is kept in lowest terms, so
    equal values give equal keys): a Fraction's hash cost a fifth of the Swiss sheet's page."""
    return (row.score.numerator, row.score.denominator, row.buchholz.numerator, row.buchholz.denominator,
            row.sonneborn_berger.numerator, row.sonneborn_berger.denominator)


# ------------------------------------------------------------------------------------ elimination

def _source_text(slot: Slot, tr: Translator) -> str:
    """What fills a slot: "seed 3", "winner of W1-2", "loser of W2-3", "bye"."""
    if slot.is_bye:
        return tr.gettext("bye")
    if slot.seed:
        return tr.gettext("seed %(seed)s", seed=slot.seed)
    if slot.winner_of:
        return tr.gettext("winner of %(match)s", match=slot.winner_of)
    if slot.loser_of:
        return tr.gettext("loser of %(match)s", match=slot.loser_of)
    return tr.gettext("bye")


def _slot_line(slot: Slot, player: str | None, seeds: Mapping[str, int], won: bool, score: int | None,
               champ: str | None, tr: Translator = ENGLISH) -> SlotLine:
    bye = player == BYE or slot.is_bye
    name = None if bye else player
    return SlotLine(player=name, bye=bye, source=_source_text(slot, tr), seed=seeds.get(name) if name else None,
                    score=score, won=won and not bye, champion=name is not None and name == champ,
                    loser_of=slot.loser_of or "")


def elimination_page(event: EventInfo, bracket: Bracket, entrants: Sequence[str], states: Mapping[str, MatchState],
                     *, best_of: int = 1, games: Mapping[str, Sequence[str]] | None = None,
                     tables: Mapping[str, tuple[int, int]] | None = None, champ: str | None = None,
                     label: str | None = None, paper: str = "a4", live: LiveInfo | None = None,
                     tr: Translator = ENGLISH) -> EliminationPage:
    """The bracket under `states` (`bracket.resolve`); `games` the game winners of each best-of-N
    match so far (the score), `tables` where a seated match is played, `champ` the champion;
    `label` how the format is named (default: the label of the format the bracket was built for)."""
    seeds = {name: i for i, name in enumerate(entrants, start=1)}
    rounds = []
    for bracket_round in bracket.rounds:
        boxes = []
        for match in bracket_round.matches:
            state = states[match.id]
            won = (games or {}).get(match.id)
            decided = state.status in ("done", "bye")
            slots = tuple(
                _slot_line(slot, state.players[i], seeds, decided and state.winner == state.players[i],
                           None if not won or best_of < 2 else sum(1 for g in won if g == state.players[i]), champ,
                           tr)
                for i, slot in enumerate(match.slots))
            winner_to, winner_slot = match.next_for_winner or (None, 0)
            where = (tables or {}).get(match.id)
            boxes.append(MatchBox(
                id=match.id, side=match.side, status=state.status, slots=(slots[0], slots[1]),
                winner_to=winner_to, winner_slot=winner_slot,
                loser_to=match.next_for_loser[0] if match.next_for_loser else None,
                champion=champ is not None and state.winner == champ,
                table=where[1] if where is not None and state.status == "ready" else None))
        rounds.append(BracketRound(bracket_round.side, round_name(bracket_round.name, tr), tuple(boxes)))
    return EliminationPage(event=event, format_label=format_label(label or find_format(bracket.format).label, tr),
                           best_of=best_of, rounds=tuple(rounds), champion=champ,
                           places=tuple(placements(bracket, states)) if champ else (), paper=paper, live=live)


# ------------------------------------------------------------------------------------ rounds

def _results_by_table(played: PlayedRound | None) -> dict[frozenset[str], TableResult]:
    """A round's table results by who sat there (the first result of those players, as entered)."""
    found: dict[frozenset[str], TableResult] = {}
    for result in played.tables if played is not None else ():
        found.setdefault(frozenset(result.players), result)
    return found


def _duel_result(places: tuple[int, ...]) -> str:
    a, b = places
    return "½–½" if a == b else "1–0" if a < b else "0–1"


def round_tables(plan: RoundPlan, played: PlayedRound | None) -> RoundTables:
    """A round's tables in seat order with the places of those already played."""
    lines = []
    results = _results_by_table(played)
    for number, table in enumerate(plan.tables, start=1):
        result = results.get(frozenset(table))
        places = None
        if result is not None:
            if result.players == table:
                places = result.places
            else:
                by_player = dict(zip(result.players, result.places, strict=True))
                places = tuple(by_player[p] for p in table)
        lines.append(TableLine(number=number, players=tuple(table), places=places,
                               result=_duel_result(places) if places is not None and len(table) == 2 else ""))
    return RoundTables(number=plan.number, tables=tuple(lines), byes=plan.byes,
                       played=all(line.places is not None for line in lines))


# ------------------------------------------------------------------------------------ round robin

def crosstable_page(event: EventInfo, players: Sequence[str], plans: Sequence[RoundPlan],
                    played: Sequence[PlayedRound], *, rows: Sequence[PointsRow] | None = None, paper: str = "a4",
                    live: LiveInfo | None = None, rounds_total: int | None = None) -> CrosstablePage:
    """`plans` the rounds seated so far (the whole schedule when `rounds_total` is None); `played[i]`
    the finished tables of round i + 1 so far; `rows` the standings when the caller has them (else
    computed from `played`)."""
    rows = rows if rows is not None else standings(players, played)
    counts = Counter(r.rank for r in rows)
    by_player = {r.player: r for r in rows}
    meetings: dict[tuple[str, str], list[Fraction]] = {}
    for round_played in played:
        for table in round_played.tables:
            for a, b, points in table.duels():
                meetings.setdefault((a, b), []).append(points)
    cross = []
    for number, player in enumerate(players, start=1):
        cells = tuple("" if other == player else " ".join(points_text(p) for p in meetings.get((player, other), []))
                      for other in players)
        row = by_player[player]
        cross.append(CrossRow(number=number, rank=row.rank, shared=counts[row.rank] > 1, player=player,
                              cells=cells, points=points_text(row.score),
                              sonneborn_berger=points_text(row.sonneborn_berger)))
    rounds = tuple(round_tables(plan, played[i] if i < len(played) else None) for i, plan in enumerate(plans))
    duel = all(len(t) == 2 for plan in plans for t in plan.tables)
    complete = bool(rounds) and (rounds_total is None or len(rounds) >= rounds_total) and all(r.played for r in rounds)
    return CrosstablePage(event=event, duel=duel, rows=tuple(cross), rounds=rounds, complete=complete, paper=paper,
                          live=live)


# ------------------------------------------------------------------------------------ Swiss

def swiss_page(event: EventInfo, players: Sequence[str], played: Sequence[PlayedRound], plans: Sequence[RoundPlan],
               *, rounds_total: int, rows: Sequence[PointsRow] | None = None, paper: str = "a4",
               live: LiveInfo | None = None) -> SwissPage:
    """`plans` the pairings of every round drawn so far; `played[i]` the finished tables of round i + 1."""
    rows = rows if rows is not None else standings(players, played)
    counts = Counter(r.rank for r in rows)
    keys = [_level_key(r) for r in rows]
    level = Counter(keys)
    groups: dict[Fraction, list[SwissLine]] = {}
    text = once_per_value(points_text)  # each distinct value's text made once
    for r, key in zip(rows, keys, strict=True):
        tied = level[key] > 1
        groups.setdefault(r.score, []).append(SwissLine(
            rank=r.rank, shared=counts[r.rank] > 1, player=r.player, score=text(r.score),
            buchholz=text(r.buchholz), sonneborn_berger=text(r.sonneborn_berger),
            head_to_head=text(r.head_to_head) if tied else ""))
    rounds = tuple(round_tables(plan, played[i] if i < len(played) else None) for i, plan in enumerate(plans))
    complete = len(rounds) >= rounds_total and all(r.played for r in rounds)
    return SwissPage(event=event, rounds_total=rounds_total,
                     groups=tuple(ScoreGroup(points_text(score), tuple(lines)) for score, lines in groups.items()),
                     rounds=rounds, complete=complete, paper=paper, live=live)


# ------------------------------------------------------------------------------------ live events

def _elimination(event: EventInfo, state: TournamentState, view: FormatView, paper: str,
                 live: LiveInfo | None) -> FormatPage:
    bracket = cast(BracketView, view)
    return elimination_page(event, bracket.bracket, bracket.entrants, bracket.states, best_of=bracket.best_of,
                            games=bracket.games, tables=bracket.tables, champ=bracket.champion,
                            label=state.kind.label, paper=paper, live=live, tr=translator(event.lang))


def _crosstable(event: EventInfo, state: TournamentState, view: FormatView, paper: str,
                live: LiveInfo | None) -> FormatPage:
    rounds = cast(RoundsView, view)
    return crosstable_page(event, state.kind.entrants(state), list(rounds.rounds), rounds.results, rows=rounds.rows,
                           rounds_total=rounds.total_rounds, paper=paper, live=live)


def _score_groups(event: EventInfo, state: TournamentState, view: FormatView, paper: str,
                  live: LiveInfo | None) -> FormatPage:
    rounds = cast(RoundsView, view)
    return swiss_page(event, state.kind.entrants(state), rounds.results, rounds.rounds,
                      rounds_total=rounds.total_rounds, rows=rounds.rows, paper=paper, live=live)


# A format's `view_kind` names the sheet its view feeds (registry.py: TournamentFormat.view_kind).
PAGE_OF_VIEW: dict[str, Callable[[EventInfo, TournamentState, FormatView, str, LiveInfo | None], FormatPage]] = {
    "bracket": _elimination, "crosstable": _crosstable, "score-groups": _score_groups}


def format_page(tournament: Tournament, state: TournamentState, *, paper: str = "a4",
                live: LiveInfo | None = None, tr: Translator = ENGLISH) -> FormatPage | None:
    """The sheet of the format's own view (its `view_kind`): the classic bracket, the crosstable or
    the score groups; None for the stages' tree ("stages-tree": `views.bracket_page`, from the
    plan) or a format with no bracket sheet (None: `floor.sheets.has_bracket_sheet`)."""
    kind = state.kind.view_kind
    if kind is None or kind not in PAGE_OF_VIEW:
        return None
    view = state.format_view()
    if view is None:
        raise IllegalActionError.in_words("no seats have been drawn yet: `tourney seat` draws round 1")
    return PAGE_OF_VIEW[kind](event_info(tournament, state, tr), state, view, paper, live)
