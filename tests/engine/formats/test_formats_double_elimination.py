"""Double elimination against the standard 8- and 16-player charts; two losses and out; the reset."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tourney.engine.bracket import Bracket, champion, placements, resolve
from tourney.engine.formats.double_elimination import double_elimination, drop_order


def _drops(bracket: Bracket) -> dict[str, str]:
    return {m.id: m.next_for_loser[0] for m in bracket.matches if m.side == "winners" and m.next_for_loser}


def _feeds(bracket: Bracket) -> dict[str, tuple[str, ...]]:
    return {m.id: tuple(str(s) for s in m.slots) for m in bracket.matches}


def test_eight_player_chart() -> None:
    # The standard 8-player chart (Challonge, brackets-manager):
    #   winners' round 1 losers pair up in order: W1-1/W1-2 -> L1-1, W1-3/W1-4 -> L1-2;
    #   winners' round 2 losers drop crosswise (reverse): W2-1 -> L2-2, W2-2 -> L2-1, so the loser
    #   of W2-1 (who beat a player now in L1-1) cannot meet that player again in L2;
    #   the winners' final loser drops into the losers' final L4-1.
    bracket = double_elimination(8)
    assert _drops(bracket) == {
        "W1-1": "L1-1", "W1-2": "L1-1", "W1-3": "L1-2", "W1-4": "L1-2",
        "W2-1": "L2-2", "W2-2": "L2-1",
        "W3-1": "L4-1",
    }  # fmt: skip
    feeds = _feeds(bracket)
    assert feeds["L2-1"] == ("winner L1-1", "loser W2-2")
    assert feeds["L2-2"] == ("winner L1-2", "loser W2-1")
    assert feeds["L3-1"] == ("winner L2-1", "winner L2-2")
    assert feeds["L4-1"] == ("winner L3-1", "loser W3-1")
    assert feeds["GF"] == ("winner W3-1", "winner L4-1")
    assert feeds["GF2"] == ("winner GF", "loser GF")
    assert [r.name for r in bracket.rounds] == [
        "winners' round 1", "winners' round 2", "losers' round 1", "losers' round 2",
        "winners' final", "losers' round 3", "losers' final", "grand final", "grand final reset",
    ]  # fmt: skip


def test_sixteen_player_chart() -> None:
    # 16 players, brackets-manager's order for a draw of 16: natural, reverse_half_shift, reverse,
    # natural. Winners' round 2 losers [W2-1, W2-2, W2-3, W2-4] drop as [W2-2, W2-1, W2-4, W2-3]
    # (each swaps with its neighbour, staying in its own half, away from the players it just
    # beat); winners' round 3 losers drop reversed (W3-1 -> L4-2); the winners' final loser meets
    # the losers' bracket survivor in the losers' final L6-1.
    bracket = double_elimination(16)
    assert _drops(bracket) == {
        "W1-1": "L1-1", "W1-2": "L1-1", "W1-3": "L1-2", "W1-4": "L1-2",
        "W1-5": "L1-3", "W1-6": "L1-3", "W1-7": "L1-4", "W1-8": "L1-4",
        "W2-1": "L2-2", "W2-2": "L2-1", "W2-3": "L2-4", "W2-4": "L2-3",
        "W3-1": "L4-2", "W3-2": "L4-1",
        "W4-1": "L6-1",
    }  # fmt: skip
    feeds = _feeds(bracket)
    assert feeds["L3-1"] == ("winner L2-1", "winner L2-2")
    assert feeds["L3-2"] == ("winner L2-3", "winner L2-4")
    assert feeds["L4-1"] == ("winner L3-1", "loser W3-2")
    assert feeds["L5-1"] == ("winner L4-1", "winner L4-2")
    assert feeds["L6-1"] == ("winner L5-1", "loser W4-1")
    assert sum(len(r.matches) for r in bracket.rounds if r.side == "losers") == 14


def test_drop_order_table() -> None:
    four = ["a", "b", "c", "d"]
    assert drop_order(16, 2, four) == ["b", "a", "d", "c"]
    assert drop_order(32, 3, four) == ["c", "d", "a", "b"]
    assert drop_order(8, 2, ["a", "b"]) == ["b", "a"]


def _run(n: int, pick: random.Random) -> tuple[Bracket, list[str], dict[str, str]]:
    bracket = double_elimination(n)
    names = [f"p{i}" for i in range(1, n + 1)]
    winners: dict[str, str] = {}
    while True:
        states = resolve(bracket, names, winners)
        ready = [s for s in states.values() if s.status == "ready"]
        if not ready:
            return bracket, names, winners
        for state in ready:
            a, b = state.players
            assert a is not None and b is not None
            winners[state.id] = pick.choice([a, b])


@pytest.mark.parametrize("n", [2, 3, 5, 8, 11, 16, 24])
def test_everyone_but_the_champion_loses_exactly_twice(n: int) -> None:
    pick = random.Random(n)
    for _ in range(10):
        bracket, names, winners = _run(n, pick)
        states = resolve(bracket, names, winners)
        losses = Counter(s.loser for s in states.values() if s.status == "done")
        top = champion(bracket, states)
        assert top in names
        assert losses[top] <= 1
        assert all(losses[p] == 2 for p in names if p != top)
        assert placements(bracket, states)[0] == (1, (top,))


def test_grand_final_reset_only_when_the_losers_champion_wins() -> None:
    bracket = double_elimination(4)
    names = ["a", "b", "c", "d"]
    # W1-1 a-d, W1-2 b-c; favourites win the winners' bracket; c comes through the losers' bracket.
    path = {"W1-1": "a", "W1-2": "b", "W2-1": "a", "L1-1": "c", "L2-1": "c"}
    states = resolve(bracket, names, {**path, "GF": "a"})
    assert states["GF2"].status == "void"
    assert champion(bracket, states) == "a"
    assert placements(bracket, states)[:3] == [(1, ("a",)), (2, ("c",)), (3, ("b",))]
    states = resolve(bracket, names, {**path, "GF": "c"})
    assert states["GF2"].players == ("c", "a") and states["GF2"].status == "ready"
    assert champion(bracket, states) is None
    states = resolve(bracket, names, {**path, "GF": "c", "GF2": "a"})
    assert champion(bracket, states) == "a"


def test_byes_travel_into_the_losers_bracket() -> None:
    bracket = double_elimination(5)  # seeds 1, 2, 3 have byes; only 4 v 5 is played in round 1
    states = resolve(bracket, ["a", "b", "c", "d", "e"], {"W1-2": "d"})
    assert states["L1-1"].status == "bye" and states["L1-1"].winner == "e"
    assert states["L1-2"].status == "bye" and states["L1-2"].winner == ""


@pytest.mark.parametrize("n", range(2, 20))
def test_grand_final_single_and_none(n: int) -> None:
    """Issue 21 item 11 (brackets-manager's grandFinal "simple" and "none"): the same winners' and
    losers' brackets; a single GF, or none (the winners' bracket champion wins, the losers' second)."""
    reset = double_elimination(n)
    single = double_elimination(n, "single")
    none = double_elimination(n, "none")
    assert [m.id for m in single.matches] == [m.id for m in reset.matches if m.id != "GF2"]
    assert [m.id for m in none.matches] == [m.id for m in reset.matches if not m.id.startswith("GF")]
    assert single.match("GF").next_for_winner is None and single.match("GF").next_for_loser is None
    names = [f"p{i}" for i in range(1, n + 1)]
    winners: dict[str, str] = {}
    while True:  # the lower seed number wins every match
        states = resolve(none, names, winners)
        ready = [s for s in states.values() if s.status == "ready"]
        if not ready:
            break
        for state in ready:
            winners[state.id] = min((p for p in state.players if p), key=lambda p: int(p[1:]))
    assert champion(none, states) == "p1"
    places = placements(none, states)
    assert places[0] == (1, ("p1",))
    assert places[1] == (2, ("p2",))
