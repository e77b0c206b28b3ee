"""Issue 33 item 6, at the engine: what Swiss directors expect. A late entry paired from the next
round with 0 or ½ per missed round, requested byes (½ or 0) announced before their round, re-entry
after a withdrawal, avoided pairings; each an event of the log that undo reverts while nothing
later depends on it, and that a checkpoint keeps."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tourney.engine.events import Event, EventError
from tourney.engine.formats.live import entrants_of, played_rounds
from tourney.engine.formats.swiss_data import SwissData
from tourney.engine.rewrites import check_rewrite
from tourney.engine.rounds import check_history
from tourney.engine.standings import last_tables
from tourney.engine.tournament import TournamentState, draw_seats, fold
from tourney.errors import TourneyError

EIGHT = [f"P{i}" for i in range(1, 9)]


class Log:
    """A Swiss driven event by event, ids increasing by one (as storage does)."""

    def __init__(self, players: list[str], **options: Any) -> None:
        self.state = TournamentState("khlyust")
        self.add("format", format="swiss", **options)
        for name in players:
            self.add("register", name=name, club=None)

    def add(self, kind: str, **data: Any) -> int:
        event_id = self.state.events[-1].id + 1 if self.state.events else 1
        self.state.apply(Event(event_id, kind, data))
        return event_id

    def refused(self, kind: str, match: str, **data: Any) -> None:
        before, count = self.state.snapshot(), len(self.state.events)
        with pytest.raises(TourneyError, match=match):
            self.add(kind, **data)
        assert self.state.snapshot() == before and len(self.state.events) == count

    def undo_refused(self, target: int, match: str) -> None:
        event = Event(self.state.events[-1].id + 1, "undo", {"target": target})
        with pytest.raises(EventError, match=match):
            check_rewrite(self.state, event)

    def pair(self, seed: int = 1) -> None:
        if self.state.stage > 0:
            self.add("advance", stage=self.state.stage)
        self.add("seat", **draw_seats(self.state, seed))

    def finish_round(self) -> None:
        """Every table won by its first seat."""
        for table in self.state.tables:
            if not table.finished:
                self.add("finish", table=table.number, order=list(table.seats))

    def paired(self) -> set[str]:
        return {p for t in self.state.tables for p in t.seats}

    def score(self, name: str) -> Fraction:
        return next(Fraction(row.values["points"]) for row in self.state.standings() if row.player == name)

    def refold(self) -> TournamentState:
        # The ranking takes the engine's own rounds unchecked (`check=False`): they must pass the check,
        # late entries, requested byes, withdrawals and re-entries included.
        check_history(entrants_of(self.state), played_rounds(self.state))
        # ... and reading each player's last table from the latest round back finds what the full scan does.
        names = [p.name for p in self.state.players]
        every_table = {name: table for tables in self.state.history for table in tables for name in table.seats}
        assert last_tables(self.state.history, names) == every_table
        again = fold(self.state.game, self.state.events)
        assert again.snapshot() == self.state.snapshot()
        checkpoint = TournamentState.from_checkpoint(self.state.to_checkpoint(), _NoEarlier())
        assert checkpoint.format_data.to_json() == self.state.format_data.to_json()
        return again


class _NoEarlier:
    last_id = 0

    def events(self) -> list[Event]:
        return []

    def restoring(self) -> Any:
        import contextlib

        return contextlib.nullcontext()


def _data(log: Log) -> SwissData:
    data = log.state.format_data
    assert isinstance(data, SwissData)
    return data


# ------------------------------------------------------------------ late entries
@pytest.mark.parametrize(("missed", "points"), [(None, Fraction(0)), ("zero", Fraction(0)), ("half", Fraction(1, 2))])
def test_a_late_entry_is_paired_from_the_next_round_with_the_missed_rounds_scored(missed: str | None,
                                                                                 points: Fraction) -> None:
    log = Log(EIGHT, rounds=4)
    log.pair()
    extra = {} if missed is None else {"missed": missed}
    log.add("register", name="Late", club=None, **extra)  # while round 1 is played
    assert "Late" not in log.paired() and log.state.kind.entrants(log.state)[-1] == "Late"
    assert log.state.kind.requested_byes(log.state) == []  # a late entry's missed round is no requested bye
    assert log.score("Late") == points
    log.finish_round()
    log.add("register", name="Later", club=None, **extra)  # round 1 over, round 2 not paired
    log.pair()
    assert {"Late", "Later"} <= log.paired() and len(log.paired()) == 10
    assert log.state.kind.byes(log.state) == []
    log.finish_round()
    won = any(t.seats[0] == "Later" for t in log.state.tables)  # each table won by its first seat
    assert log.score("Later") == points + (1 if won else 0)
    assert _data(log).late == {"Late": 2, "Later": 2}
    note = {row.player: row.note for row in log.state.standings()}
    assert note["Late"] == "joined in round 2"
    assert log.state.kind.total_rounds(log.state) == 4  # the rounds of the field of round 1
    log.refold()


def test_a_rated_late_entry_takes_its_place_in_a_field_seeded_by_rating() -> None:
    log = Log(EIGHT, rounds=4, seeding="rating")
    ratings = {name: 2000 - 100 * i for i, name in enumerate(EIGHT)}  # P1 2000 ... P8 1300
    log.add("seat", **draw_seats(log.state, 1, ratings=ratings))
    assert log.state.kind.entrants(log.state) == EIGHT
    log.add("register", name="Strong", club=None, rating=1750)  # between P3 (1800) and P4 (1700)
    log.add("register", name="Unrated", club=None)  # no rating: last, as unrated
    log.add("register", name="Equal", club=None, rating=1500.0)  # after P6's 1500: equal ratings keep their order
    order = log.state.kind.entrants(log.state)
    assert order == ["P1", "P2", "P3", "Strong", "P4", "P5", "P6", "Equal", "P7", "P8", "Unrated"]
    assert _data(log).ratings["Strong"] == 1750 and "Unrated" not in _data(log).ratings
    log.finish_round()
    log.pair()
    assert {"Strong", "Equal", "Unrated"} <= log.paired()
    log.refold()  # the checkpoint keeps the ratings and the order


def test_a_renamed_rated_player_keeps_their_rating_for_a_late_entry() -> None:
    log = Log(EIGHT, rounds=4, seeding="rating")
    log.add("seat", **draw_seats(log.state, 1, ratings={name: 2000 - 100 * i for i, name in enumerate(EIGHT)}))
    log.add("rename", name="P2", new="Second")  # rated 1900
    log.add("register", name="Late", club=None, rating=1850)
    assert log.state.kind.entrants(log.state)[:4] == ["P1", "Second", "Late", "P3"]
    log.refold()


def test_a_rating_needs_a_late_entry_paired_from_the_next_round() -> None:
    log = Log(EIGHT, rounds=2)
    log.refused("register", "a rating is for a late entry", name="Early", club=None, rating=1500)
    log.pair()
    log.refused("register", "rating must be a number", name="Late", club=None, rating="high")
    log.refused("register", "rating must be a number", name="Late", club=None, rating=True)
    log.add("register", name="Late", club=None, rating=1500)  # a field seeded by lot: seeded last all the same
    assert log.state.kind.entrants(log.state)[-1] == "Late" and not _data(log).ratings


def test_baku_group_a_never_holds_a_late_entrant() -> None:
    from tourney.engine.formats.swiss_data import baku_points

    log = Log(EIGHT, rounds=4, seeding="rating", acceleration="baku")
    log.add("seat", **draw_seats(log.state, 1, ratings={name: 2000 - 100 * i for i, name in enumerate(EIGHT)}))
    log.add("register", name="Top", club=None, rating=2500)  # first in the seed order
    assert log.state.kind.entrants(log.state)[0] == "Top"
    round_one = [p for p in log.state.kind.entrants(log.state) if p not in _data(log).late]
    assert set(baku_points(round_one, len(round_one), 2, 4)) == {"P1", "P2", "P3", "P4"}


def test_a_late_entry_does_not_add_a_round_to_the_default() -> None:
    log = Log(EIGHT)  # ⌈log2 8⌉ = 3 rounds
    log.pair()
    log.add("register", name="Late", club=None)
    assert log.state.kind.total_rounds(log.state) == 3


def test_late_entry_closes_at_the_last_round_and_missed_points_need_a_late_entry() -> None:
    log = Log(EIGHT, rounds=2)
    log.refused("register", "points for missed rounds are for a late entry", name="Early", club=None,
                missed="half")
    log.pair()
    log.refused("register", "must be one of zero, half", name="Late", club=None, missed="1")
    log.finish_round()
    log.pair()
    log.refused("register", "late entry is closed: round 2 is the last", name="Late", club=None)


def test_undo_of_a_late_entry_is_refused_once_the_next_round_pairs_them() -> None:
    log = Log(EIGHT, rounds=3)
    log.pair()
    late = log.add("register", name="Late", club=None, missed="half")
    log.finish_round()
    log.add("undo", target=late)  # nothing depends on it yet
    assert "Late" not in log.state.kind.entrants(log.state) and _data(log).excused == {}
    log.refold()
    late = log.add("register", name="Late", club=None, missed="half")
    log.pair()
    log.undo_refused(late, "seat depends on event")


# ------------------------------------------------------------------ requested byes
def test_a_requested_bye_is_not_paired_and_scores_its_points() -> None:
    log = Log([*EIGHT, "P9"], rounds=3)
    log.add("bye", name="P3", round=1, points="half")
    log.add("bye", name="P5", round=2, points="zero")
    log.pair()
    assert "P3" not in log.paired() and log.state.kind.byes(log.state) == []  # 8 paired: no pairing bye
    assert log.score("P3") == Fraction(1, 2)
    log.finish_round()
    log.pair()
    assert "P5" not in log.paired() and "P3" in log.paired()
    assert log.state.kind.requested_byes(log.state) == [("P5", "zero")]
    status = {s.name: s for s in log.state.kind.statuses(log.state)}
    assert status["P5"].requested == ((2, "zero"),)
    assert "zero-point bye in round 2 (requested)" in status["P5"].text()
    assert status["P3"].requested == ()
    rows = {row.player: row for row in log.state.standings()}
    assert rows["P3"].note == "requested bye in round 1" and rows["P5"].note == "requested bye in round 2"
    log.refold()


def test_a_requested_bye_does_not_rule_out_the_pairing_bye() -> None:
    # FIDE C.04.1 d: a player who scored a point without playing gets no pairing bye; a half-point bye is none.
    log = Log(["A", "B", "C", "D", "E"], rounds=3)
    log.add("bye", name="E", round=1, points="half")
    log.pair()
    assert "E" not in log.paired() and log.state.kind.byes(log.state) == []


def test_requested_byes_are_refused_when_they_cannot_be_kept() -> None:
    log = Log(EIGHT, rounds=3)
    log.refused("bye", "must be one of zero, half", name="P1", round=2, points="1")
    log.refused("bye", "the Swiss has 3 rounds", name="P1", round=4, points="half")
    log.refused("bye", "unknown player", name="Nobody", round=2, points="half")
    log.add("bye", name="P1", round=2, points="half")
    log.refused("bye", "P1 already has a bye in round 2", name="P1", round=2, points="zero")
    log.pair()
    log.refused("bye", "round 1 is already paired", name="P2", round=1, points="half")
    log.finish_round()
    log.add("drop", name="P4")
    log.refused("bye", "P4 has dropped out", name="P4", round=3, points="half")


def test_undo_of_a_requested_bye_until_its_round_is_paired() -> None:
    log = Log(EIGHT, rounds=3)
    first = log.add("bye", name="P1", round=2, points="half")
    second = log.add("bye", name="P2", round=2, points="half")
    log.pair()
    log.finish_round()
    log.add("undo", target=first)  # the other bye of the round does not depend on it
    assert _data(log).excused == {2: {"P2": Fraction(1, 2)}}
    log.refold()
    log.pair()
    assert "P1" in log.paired() and "P2" not in log.paired()
    log.undo_refused(second, "seat depends on event")


def test_a_requested_bye_is_refused_by_a_format_that_pairs_no_rounds() -> None:
    state = TournamentState("khlyust")
    state.apply(Event(1, "format", {"format": "knockout", "best_of": 1, "third_place": False, "rounds": None,
                                    "table_size": 2, "seeding": "lot"}))
    state.apply(Event(2, "register", {"name": "A", "club": None}))
    with pytest.raises(TourneyError, match="takes no requested byes"):
        state.apply(Event(3, "bye", {"name": "A", "round": 1, "points": "half"}))


# ------------------------------------------------------------------ re-entry
def test_a_withdrawn_player_rejoins_from_the_next_round() -> None:
    log = Log(EIGHT, rounds=4)
    log.pair()
    log.finish_round()
    drop = log.add("drop", name="P8")
    log.pair()
    assert "P8" not in log.paired()
    log.refused("rejoin", "P1 has not dropped out", name="P1")
    rejoin = log.add("rejoin", name="P8")
    log.add("undo", target=rejoin)  # nothing paired since: undone, P8 is out again
    assert log.state.player("P8").dropped
    rejoin = log.add("rejoin", name="P8")
    assert "P8" not in log.paired()  # round 2 was paired without them
    log.finish_round()
    log.pair()
    assert "P8" in log.paired()
    log.undo_refused(rejoin, "seat depends on event")
    log.undo_refused(drop, "rejoin depends on event")
    log.refold()


def test_a_player_who_left_before_round_1_rejoins_as_a_late_entry() -> None:
    log = Log(EIGHT, rounds=3)
    log.add("drop", name="P8")
    log.pair()
    log.add("rejoin", name="P8")
    assert _data(log).late == {"P8": 2} and log.score("P8") == 0
    log.finish_round()
    log.pair()
    assert "P8" in log.paired()


def test_rejoin_is_refused_in_the_last_round_and_by_a_bracket() -> None:
    log = Log(EIGHT, rounds=2)
    log.pair()
    log.finish_round()
    log.add("drop", name="P2")
    log.pair()
    log.refused("rejoin", "P2 cannot rejoin: round 2 is the last", name="P2")
    state = TournamentState("khlyust")
    state.apply(Event(1, "format", {"format": "knockout", "best_of": 1, "third_place": False, "rounds": None,
                                    "table_size": 2, "seeding": "lot"}))
    state.apply(Event(2, "register", {"name": "A", "club": None}))
    state.apply(Event(3, "drop", {"name": "A"}))
    with pytest.raises(TourneyError, match="takes no re-entry"):
        state.apply(Event(4, "rejoin", {"name": "A"}))


# ------------------------------------------------------------------ avoided pairings
def test_an_avoided_pair_is_never_paired_while_avoidable() -> None:
    # Round 1 pairs seed 1 with seed 5 (top half against bottom half): kept apart, they are not.
    log = Log(EIGHT, rounds=3, seeding="list")
    log.add("avoid", players=["P1", "P5"])
    log.add("avoid", players=["P2", "P6"])
    log.refused("avoid", "already kept apart", players=["P5", "P1"])
    log.refused("avoid", "cannot avoid themselves", players=["P1", "P1"])
    log.pair()
    pairs = {frozenset(t.seats) for t in log.state.tables}
    assert frozenset({"P1", "P5"}) not in pairs and frozenset({"P2", "P6"}) not in pairs
    for _ in range(2):
        log.finish_round()
        log.pair()
        assert frozenset({"P1", "P5"}) not in {frozenset(t.seats) for t in log.state.tables}
    log.refold()


def test_an_avoided_pair_of_the_only_two_players_left_is_paired() -> None:
    log = Log(["A", "B"], rounds=2)
    log.add("avoid", players=["A", "B"])
    log.pair()
    assert log.paired() == {"A", "B"}


def test_undo_of_an_avoided_pair_until_a_round_is_paired() -> None:
    log = Log(EIGHT, rounds=3)
    kept = log.add("avoid", players=["P1", "P2"])
    log.add("undo", target=kept)
    assert _data(log).avoided == []
    kept = log.add("avoid", players=["P1", "P2"])
    log.pair()
    log.undo_refused(kept, "seat depends on event")


def test_a_rename_reaches_the_swiss_data() -> None:
    log = Log(EIGHT, rounds=3)
    log.add("avoid", players=["P1", "P2"])
    log.add("bye", name="P1", round=2, points="half")
    log.add("rename", name="P1", new="Ann")
    assert _data(log).avoided == [("Ann", "P2")] and _data(log).excused == {2: {"Ann": Fraction(1, 2)}}
    log.refold()


# ------------------------------------------------------------------ club-mates kept apart (--avoid-clubs)
def test_club_mates_are_never_paired_while_avoidable() -> None:
    state = TournamentState("khlyust")
    state.apply(Event(1, "format", {"format": "swiss", "rounds": 3, "seeding": "list", "avoid_clubs": True}))
    for i, name in enumerate(EIGHT):
        state.apply(Event(2 + i, "register", {"name": name, "club": "Odd" if i % 2 else "Even"}))
    log = Log([])
    log.state = state
    for _ in range(3):
        log.pair()
        club = {p.name: p.club for p in state.players}
        assert all(club[a] != club[b] for a, b in (t.seats for t in state.tables))
        log.finish_round()
    log.refold()


def test_dutch_pairs_around_an_avoided_pair_as_around_a_rematch() -> None:
    """FIDE Dutch takes the pairs to avoid as pairs that met (C1): the pairing it would make pairs
    them; told to avoid them, it pairs the round without them, still by Dutch (not the matching)."""
    from tourney.engine.formats.dutch import pair_dutch
    from tourney.engine.rounds import PlayedRound, TableResult

    seeds = [f"P{i}" for i in range(1, 9)]
    # Round 1 by Dutch: P1-P5, P6-P2, P3-P7, P8-P4, the top half winning.
    history = [PlayedRound((TableResult(("P1", "P5"), (1, 2)), TableResult(("P6", "P2"), (2, 1)),
                            TableResult(("P3", "P7"), (1, 2)), TableResult(("P8", "P4"), (2, 1))))]
    points = {p: (2 if p in ("P1", "P2", "P3", "P4") else 0) for p in seeds}
    free, left = pair_dutch(seeds, history, points, 2, 3, True)
    assert not left
    first = frozenset(free[0])
    avoided, left = pair_dutch(seeds, history, points, 2, 3, True, avoid={first})
    assert not left and first not in {frozenset(pair) for pair in avoided}
    assert {frozenset(pair) for pair in avoided} != {frozenset(pair) for pair in free}
    met = {frozenset(t.players) for t in history[0].tables}
    assert not met & {frozenset(pair) for pair in avoided}


def test_without_the_option_clubs_do_not_constrain_the_pairing() -> None:
    # By list, round 1 pairs seed i with seed i + 4: P1-P5 and P3-P7 are both odd seeds.
    state = TournamentState("khlyust")
    state.apply(Event(1, "format", {"format": "swiss", "rounds": 3, "seeding": "list"}))
    for i, name in enumerate(EIGHT):
        state.apply(Event(2 + i, "register", {"name": name, "club": "Odd" if i % 2 == 0 else "Even"}))
    state.apply(Event(10, "seat", draw_seats(state, 1)))
    assert {frozenset(t.seats) for t in state.tables} >= {frozenset({"P1", "P5"}), frozenset({"P3", "P7"})}


# ------------------------------------------------------------------ Baku acceleration
def test_baku_points_follow_fide_c0451() -> None:
    from tourney.engine.formats.swiss_data import baku_points

    seeds = [f"s{i}" for i in range(1, 162)]
    # 161 players: group A is 2 * ⌈161 / 4⌉ = 82 (the handbook's example).
    assert len(baku_points(seeds, 161, 1, 9)) == 82 and "s82" in baku_points(seeds, 161, 1, 9)
    # Nine rounds: five accelerated, 1 point in rounds 1-3, ½ in rounds 4-5, none after.
    assert [set(baku_points(seeds, 161, r, 9).values()) for r in range(1, 8)] == [
        {1}, {1}, {1}, {Fraction(1, 2)}, {Fraction(1, 2)}, set(), set()]
    # A late entrant (added at the end of the seeds) is never in group A.
    assert "late" not in baku_points([*seeds[:8], "late"], 8, 1, 4)


def test_a_baku_accelerated_round_1_pairs_within_each_group() -> None:
    log = Log(EIGHT, rounds=4, seeding="list", acceleration="baku")
    log.pair()
    groups = {p: p in ("P1", "P2", "P3", "P4") for p in EIGHT}
    assert all(groups[a] == groups[b] for a, b in (t.seats for t in log.state.tables))
    assert {frozenset(t.seats) for t in log.state.tables} == {
        frozenset(pair) for pair in (("P1", "P3"), ("P2", "P4"), ("P5", "P7"), ("P6", "P8"))}
    log.finish_round()
    assert sum(log.score(p) for p in EIGHT) == 4  # virtual points are for the pairing only
    won = {t.seats[0] for t in log.state.tables}
    log.pair()  # round 2 (Dutch): group A with ½ virtual point, so four brackets of two
    assert all((groups[a], a in won) == (groups[b], b in won) for a, b in (t.seats for t in log.state.tables))
    log.refold()


def test_an_unaccelerated_round_1_pairs_top_half_against_bottom_half() -> None:
    log = Log(EIGHT, rounds=4, seeding="list")
    log.pair()
    assert {frozenset(t.seats) for t in log.state.tables} == {
        frozenset(pair) for pair in (("P1", "P5"), ("P2", "P6"), ("P3", "P7"), ("P4", "P8"))}
