"""Issue 21 item 11: forfeits and double forfeits, folded from `finish` events with a `forfeit` key.

A single forfeit: the loser did not play, the other player wins. A double forfeit: both lose; in a
bracket the match has no winner (each next match is a bye for its other player) and both are out;
in a Swiss or round robin both score 0. A forfeit is a round not played for the tie-breaks."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from tourney.engine.events import Event
from tourney.engine.format_config import FormatConfig
from tourney.engine.formats.live import BracketView
from tourney.engine.formats.swiss import pair_round
from tourney.engine.points_ranking import standings as points_standings
from tourney.engine.rounds import PlayedRound, TableResult
from tourney.engine.tournament import TournamentState, draw_seats, fold
from tourney.errors import IllegalActionError, TourneyError


class Log:
    """A live event's events, applied one by one and kept for a re-fold."""

    def __init__(self, fmt: FormatConfig, players: int) -> None:
        self.events = [Event(1, "format", fmt.to_json()),
                       *(Event(2 + i, "register", {"name": f"P{i}", "club": None}) for i in range(players))]
        self.state = fold("khlyust", self.events)

    def add(self, kind: str, data: dict[str, Any]) -> None:
        event = Event(len(self.events) + 1, kind, data)
        self.state.apply(event)
        self.events.append(event)

    def seat(self) -> None:
        if self.state.stage and not self.state.closed:
            self.add("advance", {"stage": self.state.stage})
        self.add("seat", draw_seats(self.state, len(self.events) + 1))

    def forfeit(self, number: int, *names: str) -> None:
        table = self.state.table(number)
        winners = [p for p in table.seats if p not in names]
        self.add("finish", {"table": number, "order": [*winners, *names], "forfeit": list(names)})

    def play_out(self) -> None:
        """Every other match to the end: the first seat wins."""
        while not self.state.complete:
            open_tables = [t for t in self.state.tables if not t.finished]
            if open_tables:
                self.add("finish", {"table": open_tables[0].number, "order": list(open_tables[0].seats)})
            else:
                self.seat()


def seated(state: TournamentState) -> set[str]:
    return {p for t in state.tables for p in t.seats}


def notes(state: TournamentState) -> dict[str, str | None]:
    return {row.player: row.note for row in state.standings()}


def test_knockout_single_forfeit_sends_the_winner_on() -> None:
    log = Log(FormatConfig("knockout"), 4)
    log.seat()
    winner, loser = log.state.table(1).seats
    log.forfeit(1, loser)
    assert log.state.table(1).forfeits == [loser]
    log.add("finish", {"table": 2, "order": list(log.state.table(2).seats)})
    log.seat()
    assert winner in seated(log.state) and loser not in seated(log.state)
    assert notes(log.state)[winner] == "won by forfeit" and notes(log.state)[loser] == "forfeited"
    assert fold("khlyust", log.events).snapshot() == log.state.snapshot()


def test_knockout_double_forfeit_gives_the_next_match_a_bye_and_both_are_out() -> None:
    log = Log(FormatConfig("knockout"), 8)
    log.seat()
    a, b = log.state.table(1).seats
    log.forfeit(1, a, b)
    table = log.state.table(1)
    assert table.finished and table.double_forfeit and set(table.eliminated) == {a, b}
    for t in log.state.tables[1:]:
        log.add("finish", {"table": t.number, "order": list(t.seats)})
    log.seat()
    # Round 2 (semi-finals): the match fed by the double forfeit is a bye, so one table is played.
    assert len(log.state.tables) == 1 and not {a, b} & seated(log.state)
    view = log.state.format_view()
    assert isinstance(view, BracketView)
    byes = [s for s in view.states.values() if s.status == "bye" and s.winner]
    assert len(byes) == 1
    log.play_out()
    rows = {row.player: row for row in log.state.standings()}
    # Both forfeiters are out in the quarter-final and share the last place with its other losers
    # (4th: the semi-final with the bye has no loser, so 3rd place is one player).
    last = {row.rank for row in rows.values() if row.value("reached") == "quarter-final"}
    assert last == {4} and rows[a].rank == rows[b].rank == 4
    assert rows[a].note == rows[b].note == "forfeited"
    assert fold("khlyust", log.events).snapshot() == log.state.snapshot()


def test_knockout_final_double_forfeit_has_no_champion_line_to_break() -> None:
    log = Log(FormatConfig("knockout"), 2)
    log.seat()
    log.forfeit(1, "P0", "P1")
    assert log.state.complete
    ranks = {row.player: row.rank for row in log.state.standings()}
    assert ranks == {"P0": 1, "P1": 1}  # nobody won the final: both lost it, level


def test_double_elimination_double_forfeit_sends_no_one_to_the_losers_bracket() -> None:
    log = Log(FormatConfig("double-elimination"), 4)
    log.seat()
    a, b = log.state.table(1).seats
    log.forfeit(1, a, b)
    log.add("finish", {"table": 2, "order": list(log.state.table(2).seats)})
    assert {a, b} <= log.state.kind.eliminated(log.state)
    log.play_out()
    played_after = {p for tables in log.state.history[1:] for t in tables for p in t.seats}
    assert not {a, b} & played_after
    rows = {row.player: row for row in log.state.standings()}
    assert rows[a].rank == rows[b].rank == 3 and rows[a].value("reached") == rows[b].value("reached")


def test_swiss_forfeits_score_and_fide_2023_counts_them_unplayed() -> None:
    """A forfeit scores 1-0, a double forfeit 0-0; with fide-2023 a forfeit is an unplayed round
    (a virtual opponent of the player's own score; an opponent's forfeit win read as a draw)."""
    players = ["A", "B", "C", "D"]
    history = [
        PlayedRound((TableResult(("A", "B"), (1, 2), ("B",)), TableResult(("C", "D"), (1, 2)))),
        PlayedRound((TableResult(("A", "C"), (1, 2)), TableResult(("B", "D"), (2, 2), ("B", "D")))),
    ]
    plain = {row.player: row for row in points_standings(players, history)}
    assert {p: row.score for p, row in plain.items()} == {"A": 2, "B": 0, "C": 1, "D": 0}
    assert {p: row.buchholz for p, row in plain.items()} == {"A": 1, "B": 0, "C": 2, "D": 1}
    assert plain["A"].sonneborn_berger == 1  # beating C only; the forfeit win adds nothing
    fide = {row.player: dict(row.chosen) for row in points_standings(players, history, 1, ("fide-2023", "buchholz"))}
    assert {p: values["buchholz"] for p, values in fide.items()} == {
        "A": 3, "B": 0, "C": 2, "D": 1}
    assert fide["C"]["buchholz"] == Fraction(1, 2) + Fraction(3, 2)  # D 0 + ½; A 2 - 1 + ½


def test_swiss_double_forfeit_scores_nothing_live() -> None:
    log = Log(FormatConfig("swiss"), 4)
    log.seat()
    a, b = log.state.table(1).seats
    c, d = log.state.table(2).seats
    log.forfeit(1, a, b)
    log.forfeit(2, d)
    points = {row.player: row.value("points") for row in log.state.standings()}
    assert points == {a: 0, b: 0, c: 1, d: 0}
    assert notes(log.state) == {a: "forfeited", b: "forfeited", c: "won by forfeit", d: "forfeited"}


def test_an_old_finish_without_the_key_folds_as_before_and_a_rename_keeps_the_forfeit() -> None:
    log = Log(FormatConfig("knockout"), 4)
    log.seat()
    winner, loser = log.state.table(1).seats
    log.add("finish", {"table": 1, "order": [winner, loser]})
    assert log.state.table(1).forfeits == [] and notes(log.state)[loser] is None
    log.add("undo", {"target": len(log.events)})
    log.forfeit(1, loser)
    log.add("rename", {"name": loser, "new": "Zed"})
    state = fold("khlyust", log.events)
    assert state.table(1).forfeits == ["Zed"] and notes(state)["Zed"] == "forfeited"


def test_undo_of_a_forfeit_reopens_the_table() -> None:
    log = Log(FormatConfig("knockout"), 4)
    log.seat()
    log.forfeit(1, *log.state.table(1).seats)
    log.add("undo", {"target": len(log.events)})
    assert not log.state.table(1).finished and log.state.table(1).forfeits == []


@pytest.mark.parametrize(("fix", "message"), [
    ({"forfeit": ["P9"]}, "must name players"),
    ({"forfeit": []}, "one or two names"),
    ({"forfeit": "P0"}, "one or two names"),
])
def test_bad_forfeit_keys_are_refused(fix: dict[str, Any], message: str) -> None:
    log = Log(FormatConfig("knockout"), 4)
    log.seat()
    with pytest.raises(TourneyError, match=message):
        log.add("finish", {"table": 1, "order": list(log.state.table(1).seats), **fix})


def test_the_forfeiter_cannot_be_the_winner() -> None:
    log = Log(FormatConfig("knockout"), 4)
    log.seat()
    first, _ = log.state.table(1).seats
    with pytest.raises(IllegalActionError, match="is the loser"):
        log.add("finish", {"table": 1, "order": list(log.state.table(1).seats), "forfeit": [first]})


def test_no_forfeit_once_games_of_a_series_are_entered() -> None:
    log = Log(FormatConfig("knockout", best_of=3), 4)
    log.seat()
    b = log.state.table(1).seats[1]
    log.add("result", {"table": 1, "loser": b})
    with pytest.raises(IllegalActionError, match="not a forfeit"):
        log.forfeit(1, b)
    log.add("result", {"table": 1, "loser": b})
    assert log.state.table(1).finished and log.state.table(1).forfeits == []
    fresh = Log(FormatConfig("knockout", best_of=3), 4)
    fresh.seat()
    fresh.forfeit(1, fresh.state.table(1).seats[1])  # before any game: the whole series at once
    assert fresh.state.table(1).finished


def test_a_forfeit_is_for_duels() -> None:
    log = Log(FormatConfig("swiss", table_size=3), 6)
    log.seat()
    table = log.state.table(1)
    with pytest.raises(IllegalActionError, match="for a duel"):
        log.add("finish", {"table": 1, "order": list(table.seats), "forfeit": [table.seats[-1]]})


def _duel(a: str, b: str, *forfeits: str) -> TableResult:
    """`a` beat `b` (or, with both in `forfeits`, neither did)."""
    return TableResult((a, b), (2, 2) if len(forfeits) == 2 else (1, 2), forfeits)


def test_a_swiss_may_pair_a_forfeited_pairing_again() -> None:
    """FIDE C.04: a pairing not played is no meeting. Three rounds of four meet every pair once;
    the fourth must repeat one, and only A-B (a forfeit) repeats no game."""
    history = [PlayedRound((_duel("A", "B", "B"), _duel("C", "D"))),
               PlayedRound((_duel("A", "C"), _duel("B", "D"))),
               PlayedRound((_duel("D", "A"), _duel("C", "B")))]
    plan = pair_round(["A", "B", "C", "D"], history, random.Random(1))
    assert {frozenset(t) for t in plan.tables} == {frozenset("AB"), frozenset("CD")}


def test_a_forfeit_win_counts_as_a_bye_had() -> None:
    """FIDE C.04.1 d: a player who scored a forfeit win gets no pairing-allocated bye while another
    can take it. Round 3: A, C, D and E have 1 point; B and D had byes; E, the lowest ranked, won
    by forfeit in round 1, so the bye goes to C."""
    history = [PlayedRound((_duel("E", "A", "A"), _duel("B", "C")), ("D",)),
               PlayedRound((_duel("A", "E"), _duel("C", "D")), ("B",))]
    assert pair_round(["A", "B", "C", "D", "E"], history, random.Random(1)).byes == ("C",)
