"""Swiss: a hand-computed event, no rematches on random results, one bye each, score groups, tables."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from tourney.engine.formats.swiss import default_rounds, exact_grouping, pair_round
from tourney.engine.points_ranking import standings
from tourney.engine.rounds import PlayedRound, TableResult, scores
from tourney.errors import InvalidInputError

WIN, LOSS, DRAW = (1, 2), (2, 1), (1, 1)

# A five-player event, worked by hand (seeds A..E; a bye scores 1 and adds nothing to tie-breaks):
#   round 1: C beats A, B beats D, E has the bye       A 0  B 1  C 1  D 0  E 1
#   round 2: A beats B, E beats C, D has the bye       A 1  B 1  C 1  D 1  E 2
#   round 3: B beats E, A beats D, C has the bye       A 2  B 2  C 2  D 1  E 2
# Buchholz (opponents' final scores): A: C2 + B2 + D1 = 5;  B: D1 + A2 + E2 = 5;  C: A2 + E2 = 4;
#   D: B2 + A2 = 4;  E: C2 + B2 = 4.
# Sonneborn-Berger (scores of the beaten): A: B2 + D1 = 3;  B: D1 + E2 = 3;  C: A2 = 2;  E: C2 = 2;  D: 0.
# A and B are level on 2, 5, 3: A beat B, so head-to-head puts A first. C and E are level on 2, 4, 2:
# E beat C. Standings: A, B, E, C, D.
EVENT = [
    PlayedRound((TableResult(("A", "C"), LOSS), TableResult(("D", "B"), LOSS)), ("E",)),
    PlayedRound((TableResult(("B", "A"), LOSS), TableResult(("C", "E"), LOSS)), ("D",)),
    PlayedRound((TableResult(("E", "B"), LOSS), TableResult(("A", "D"), WIN)), ("C",)),
]
FIELD = ["A", "B", "C", "D", "E"]


def test_hand_computed_event() -> None:
    rows = standings(FIELD, EVENT)
    table = [(r.rank, r.player, r.score, r.buchholz, r.sonneborn_berger, r.head_to_head) for r in rows]
    assert table == [
        (1, "A", 2, 5, 3, 1),
        (2, "B", 2, 5, 3, 0),
        (3, "E", 2, 4, 2, 1),
        (4, "C", 2, 4, 2, 0),
        (5, "D", 1, 4, 0, 0),
    ]


def test_round_two_of_the_event_is_paired_by_score() -> None:
    # After round 1 (A 0, B 1, C 1, D 0, E 1), FIDE Dutch (as bbpPairings pairs it): in the 1-point
    # bracket B and C both prefer white (black in round 1), so B meets E (no preference yet) and C
    # floats down; C has met A, so C meets D and A, the one left, has the bye.
    plan = pair_round(FIELD, EVENT[:1], random.Random(0))
    assert plan.byes == ("A",)
    assert set(plan.tables) == {("B", "E"), ("C", "D")}


def test_level_players_share_a_rank() -> None:
    event = [PlayedRound((TableResult(("A", "B"), DRAW),))]
    rows = standings(["A", "B"], event)
    assert [(r.rank, r.player, r.score) for r in rows] == [(1, "A", Fraction(1, 2)), (1, "B", Fraction(1, 2))]


def test_round_one_is_top_half_against_bottom_half() -> None:
    players = [f"p{i}" for i in range(1, 9)]
    plan = pair_round(players, [], random.Random(0))
    assert sorted(tuple(sorted(t, key=players.index)) for t in plan.tables) == [
        ("p1", "p5"),
        ("p2", "p6"),
        ("p3", "p7"),
        ("p4", "p8"),
    ]
    whites = [t[0] for t in sorted(plan.tables, key=lambda t: min(players.index(p) for p in t))]
    assert whites in (["p1", "p6", "p3", "p8"], ["p5", "p2", "p7", "p4"])  # colours alternate down the boards


def _play(players: list[str], rounds: int, rng: random.Random) -> list[PlayedRound]:
    history: list[PlayedRound] = []
    for _ in range(rounds):
        plan = pair_round(players, history, rng)
        tables = tuple(TableResult(t, rng.choice([WIN, LOSS, DRAW])) for t in plan.tables)
        history.append(PlayedRound(tables, plan.byes))
    return history


@pytest.mark.parametrize("n", range(2, 17))
def test_no_rematch_in_the_first_half_and_no_second_bye(n: int) -> None:
    players = [f"p{i}" for i in range(1, n + 1)]
    for seed in range(3):
        history = _play(players, max(1, n // 2), random.Random(seed * 100 + n))
        met = Counter(frozenset(t.players) for played in history for t in played.tables)
        assert max(met.values()) == 1
        byes = Counter(p for played in history for p in played.byes)
        assert all(v == 1 for v in byes.values())
        for played in history:
            assert len(played.byes) == n % 2
            assert sorted([p for t in played.tables for p in t.players] + list(played.byes)) == sorted(players)


def test_winners_meet_winners() -> None:
    players = [f"p{i}" for i in range(1, 9)]
    first = pair_round(players, [], random.Random(1))
    history = [PlayedRound(tuple(TableResult(t, WIN) for t in first.tables))]
    winners = {t[0] for t in first.tables}
    second = pair_round(players, history, random.Random(1))
    for table in second.tables:
        assert (table[0] in winners) == (table[1] in winners)
    score = scores(players, history)
    assert sum(score.values()) == 4


def test_default_rounds() -> None:
    assert [default_rounds(n) for n in (2, 3, 8, 9, 10, 64)] == [1, 2, 3, 4, 4, 6]


def _play_tables(players: list[str], rounds: int, rng: random.Random) -> tuple[list[PlayedRound], list[int]]:
    """Play `rounds` rounds at tables of four with random places; return the repeats of each round."""
    history: list[PlayedRound] = []
    repeats = []
    for _ in range(rounds):
        plan = pair_round(players, history, rng, table_size=4)
        assert all(len(t) == 4 for t in plan.tables) and plan.byes == ()
        met = Counter(
            frozenset(pair) for played in history for t in played.tables for pair in combinations(t.players, 2)
        )
        repeats.append(sum(met[frozenset(pair)] for t in plan.tables for pair in combinations(t, 2)))
        tables = []
        for table in plan.tables:
            places = list(range(1, 5))
            rng.shuffle(places)
            tables.append(TableResult(table, tuple(places)))
        history.append(PlayedRound(tuple(tables)))
    return history, repeats


def test_tables_of_four_have_the_fewest_repeat_meetings() -> None:
    # 16 players: three rounds with no repeat (one player from each earlier table is always possible).
    players = [f"p{i}" for i in range(1, 17)]
    history, repeats = _play_tables(players, 3, random.Random(4))
    assert repeats == [0, 0, 0]
    assert sum(scores(players, history).values()) == 3 * 4 * 2  # a table of four gives 1 + 2/3 + 1/3 + 0
    # 12 players: a table of four drawn from three earlier tables holds two from one of them, so
    # round 2 has at least one repeat per table (3) and round 3 at least two (6): reached.
    _, repeats = _play_tables(players[:12], 3, random.Random(4))
    assert repeats == [0, 3, 6]


def test_tables_group_by_score() -> None:
    players = [f"p{i}" for i in range(1, 17)]
    first = pair_round(players, [], random.Random(0), table_size=4)
    history = [PlayedRound(tuple(TableResult(t, (1, 2, 3, 4)) for t in first.tables))]
    second = pair_round(players, history, random.Random(0), table_size=4)
    score = scores(players, history)
    # Every table of round 2 holds players of one score: the four winners, the four seconds, ...
    assert [len({score[p] for p in t}) for t in second.tables] == [1, 1, 1, 1]
    assert [score[t[0]] for t in second.tables] == [1, Fraction(2, 3), Fraction(1, 3), 0]


def test_tables_byes_go_to_the_lowest_scored() -> None:
    players = [f"p{i}" for i in range(1, 8)]
    plan = pair_round(players, [], random.Random(0), table_size=3, min_table=3)
    assert plan.byes == ("p7",)
    history = [PlayedRound(tuple(TableResult(t, (1, 2, 3)) for t in plan.tables), plan.byes)]
    second = pair_round(players, history, random.Random(0), table_size=3, min_table=3)
    assert second.byes != ("p7",) and len(second.byes) == 1
    assert scores(players, history)[second.byes[0]] == 0


def test_bad_history_is_refused() -> None:
    with pytest.raises(InvalidInputError, match="not in the field"):
        scores(["A", "B"], [PlayedRound((TableResult(("A", "Z"), WIN),))])
    with pytest.raises(InvalidInputError, match="seated twice"):
        scores(["A", "B"], [PlayedRound((TableResult(("A", "B"), WIN),), ("A",))])
    with pytest.raises(InvalidInputError, match="place for each"):
        scores(["A", "B"], [PlayedRound((TableResult(("A", "B"), (1,)),))])
    # The ranking checks too, unless told the rounds are the engine's own (checked when stored).
    twice = [PlayedRound((TableResult(("A", "B"), WIN),), ("A",))]
    with pytest.raises(InvalidInputError, match="seated twice"):
        standings(["A", "B"], twice)
    assert [(row.player, row.score) for row in standings(["A", "B"], twice, check=False)] == [("A", 2), ("B", 0)]


def test_a_withdrawn_player_is_paired_no_more_but_keeps_the_points() -> None:
    # After round 1 of the event, E (who had the bye, 1 point) withdraws: four players are paired,
    # nobody needs a bye, and E's point still counts in the standings.
    plan = pair_round(FIELD, EVENT[:1], random.Random(0), withdrawn={"E"})
    assert plan.byes == () and sorted(p for t in plan.tables for p in t) == ["A", "B", "C", "D"]
    assert scores(FIELD, EVENT[:1])["E"] == 1
    with pytest.raises(InvalidInputError, match="at least 2 players"):
        pair_round(FIELD, EVENT[:1], random.Random(0), withdrawn={"A", "B", "C", "D"})


def _groupings(players: list[str], sizes: list[int]) -> list[list[tuple[str, ...]]]:
    """Every way to seat `players` at tables of `sizes` (brute force, for checking the search)."""
    if not players:
        return [[]]
    found = []
    opener, rest = players[0], players[1:]
    for size in set(sizes):
        left = list(sizes)
        left.remove(size)
        for others in combinations(rest, size - 1):
            remaining = [p for p in rest if p not in others]
            found += [[(opener, *others), *more] for more in _groupings(remaining, left)]
    return found


@pytest.mark.parametrize("case", range(30))
def test_exact_grouping_is_the_cheapest_grouping(case: int) -> None:
    """Issue 21 item 9: on random meeting counts the search finds the brute force's minimum."""
    rng = random.Random(case)
    n = rng.randrange(6, 10)
    players = [f"p{i}" for i in range(n)]
    sizes = [3] * (n // 3) + ([n % 3] if n % 3 else [])
    if n % 3 == 1:
        sizes = [3] * (n // 3 - 1) + [2, 2]
    weights = {frozenset(pair): rng.choice([0, 0, 0, 1, 5]) for pair in combinations(players, 2)}

    def cost(a: str, b: str) -> int:
        return weights[frozenset((a, b))]

    cheapest = min(sum(cost(a, b) for t in g for a, b in combinations(t, 2)) for g in _groupings(players, sizes))
    found = exact_grouping(players, sizes, cost, 10**9, 10**7)
    assert found is not None and sorted(map(len, found)) == sorted(sizes)
    assert sorted(p for t in found for p in t) == sorted(players)
    assert sum(cost(a, b) for t in found for a, b in combinations(t, 2)) == cheapest
    assert exact_grouping(players, sizes, cost, cheapest, 10**7) is None  # nothing below the bound


def test_tables_of_three_avoid_a_repeat_whenever_a_grouping_allows() -> None:
    """10 players at tables of 3 (3, 3, 2, 2), random results: while some grouping of the round has
    no repeat meeting, the pairing has none (the greedy grouping alone repeated in round 4)."""
    players = [f"P{i}" for i in range(1, 11)]
    for variant in range(6):
        finishing = random.Random(variant)
        history: list[PlayedRound] = []
        for _ in range(5):
            plan = pair_round(players, history, random.Random(1), table_size=3)
            met = {frozenset(pair) for played in history for t in played.tables for pair in combinations(t.players, 2)}
            repeats = sum(1 for t in plan.tables for pair in combinations(t, 2) if frozenset(pair) in met)
            possible = any(all(frozenset(pair) not in met for t in g for pair in combinations(t, 2))
                           for g in _groupings(players, [3, 3, 2, 2]))
            assert repeats == 0 or not possible
            results = []
            for table in plan.tables:
                order = list(table)
                finishing.shuffle(order)
                results.append(TableResult(table, tuple(order.index(p) + 1 for p in table)))
            history.append(PlayedRound(tuple(results), plan.byes))


# Issue 21 item 11: five players, a bye each round (worked by hand; a bye scores 1):
#   round 1: A beats B, C beats D, E bye      round 2: A beats C, E beats B, D bye
#   round 3: A draws E, B beats D, C bye      scores: A 2½, B 1, C 2, D 1, E 2½
# Buchholz terms per round (a bye 0): A 1, 2, 2½ · C 1, 2½, 0 · E 0, 1, 2½.
# FIDE 2023: a bye is met by a virtual opponent of the player's own score, and an opponent's byes
# count ½ in the score read for them (C 1½, D ½, E 2): A 1, 1½, 2 · C ½, 2½, 2 · E 2½, 1, 2½.
TIEBREAK_EVENT = [
    PlayedRound((TableResult(("A", "B"), WIN), TableResult(("C", "D"), WIN)), ("E",)),
    PlayedRound((TableResult(("A", "C"), WIN), TableResult(("E", "B"), WIN)), ("D",)),
    PlayedRound((TableResult(("A", "E"), DRAW), TableResult(("B", "D"), WIN)), ("C",)),
]


def _chosen(tiebreaks: tuple[str, ...]) -> dict[str, dict[str, Fraction]]:
    rows = standings(list("ABCDE"), TIEBREAK_EVENT, tiebreaks=tiebreaks)
    return {row.player: dict(row.chosen) for row in rows}


def test_buchholz_cut1_and_median() -> None:
    values = _chosen(("buchholz", "buchholz-cut1", "median-buchholz"))
    assert values["A"] == {"buchholz": Fraction(11, 2), "buchholz-cut1": Fraction(9, 2), "median-buchholz": 2}
    assert values["C"] == {"buchholz": Fraction(7, 2), "buchholz-cut1": Fraction(7, 2), "median-buchholz": 1}
    assert values["E"] == {"buchholz": Fraction(7, 2), "buchholz-cut1": Fraction(7, 2), "median-buchholz": 1}
    rows = standings(list("ABCDE"), TIEBREAK_EVENT, tiebreaks=("buchholz-cut1",))
    assert [r.player for r in rows][:2] == ["A", "E"]


def test_fide_2023_unplayed_rounds_change_the_order() -> None:
    values = _chosen(("buchholz", "buchholz-cut1", "fide-2023"))
    assert values["A"] == {"buchholz": Fraction(9, 2), "buchholz-cut1": Fraction(7, 2)}
    assert values["C"] == {"buchholz": 5, "buchholz-cut1": Fraction(9, 2)}
    assert values["E"] == {"buchholz": 6, "buchholz-cut1": 5}
    rows = standings(list("ABCDE"), TIEBREAK_EVENT, tiebreaks=("buchholz-cut1", "fide-2023"))
    assert [r.player for r in rows][:2] == ["E", "A"]  # without the rule A is ahead (above)


def test_default_tiebreaks_are_unchanged_and_direct_encounter_can_come_first() -> None:
    default = standings(list("ABCDE"), TIEBREAK_EVENT)
    assert [r.chosen for r in default] == [
        (("buchholz", r.buchholz), ("sonneborn-berger", r.sonneborn_berger), ("direct-encounter", r.head_to_head))
        for r in default]
    # A five-player round robin (byes score 0): A, B and D reach 2½. Among them A beat D and drew
    # with B, B drew with both: direct encounter first ranks A, B, D (1½, 1, ½); by the default
    # order B leads on Sonneborn-Berger (4¾ to A's 4¼).
    event = [
        PlayedRound((TableResult(("B", "E"), DRAW), TableResult(("C", "D"), LOSS)), ("A",)),
        PlayedRound((TableResult(("E", "C"), LOSS), TableResult(("A", "B"), DRAW)), ("D",)),
        PlayedRound((TableResult(("C", "A"), WIN), TableResult(("D", "E"), WIN)), ("B",)),
        PlayedRound((TableResult(("A", "D"), WIN), TableResult(("B", "C"), WIN)), ("E",)),
        PlayedRound((TableResult(("D", "B"), DRAW), TableResult(("E", "A"), LOSS)), ("C",)),
    ]
    assert [r.player for r in standings(list("ABCDE"), event, 0)][:3] == ["B", "A", "D"]
    first = standings(list("ABCDE"), event, 0, ("direct-encounter", "sonneborn-berger"))
    assert [(r.player, dict(r.chosen)["direct-encounter"]) for r in first][:3] == [
        ("A", Fraction(3, 2)), ("B", 1), ("D", Fraction(1, 2))]


@pytest.mark.parametrize("seed", range(6))
def test_head_to_head_is_the_points_scored_against_every_level_player(seed: int) -> None:
    """The head-to-head column (summed over the duels played, linear in the games) equals its
    definition: for each player, the duel points against each other player level on score,
    Buchholz and Sonneborn-Berger, pair by pair."""
    rng = random.Random(seed)
    players = [f"P{i}" for i in range(rng.choice([6, 9, 12]))]
    history = []
    for _ in range(4):
        order = players[:]
        rng.shuffle(order)
        size = rng.choice([2, 3])
        tables = tuple(TableResult(tuple(order[i:i + size]), tuple(rng.choice([1, 2, 2]) for _ in order[i:i + size]))
                       for i in range(0, len(order) - size + 1, size))
        seated = {p for table in tables for p in table.players}
        history.append(PlayedRound(tables, tuple(p for p in players if p not in seated)))
    rows = {row.player: row for row in standings(players, history)}
    level = {p: (rows[p].score, rows[p].buchholz, rows[p].sonneborn_berger) for p in players}
    for a in players:
        against_level = sum((won for played in history for table in played.tables for x, b, won in table.duels()
                             if x == a and b != a and level[b] == level[a]), Fraction(0))
        assert rows[a].head_to_head == against_level
