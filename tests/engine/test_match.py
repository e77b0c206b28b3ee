"""Seeded bot games: tourney.engine.match (README 'In Python', issue 2 item 3)."""

from __future__ import annotations

import pytest

from tourney.bots.polish_poker import RandomBot
from tourney.engine.match import fill_specs, make_bots, play_match, seat_names
from tourney.errors import InvalidInputError
from tourney.rules.games import GameDescriptor
from tourney.rules.polish_poker import PolishPokerOptions

PP = "polish-poker"


def test_seat_names() -> None:
    assert seat_names(PP, 2) == ["ann", "bob"]
    assert seat_names(PP, 4) == ["ann", "bob", "cy", "dee"]
    assert len(seat_names(PP, 6)) == len(set(seat_names(PP, 6))) == 6


def test_seat_names_beyond_the_default_names() -> None:
    big = GameDescriptor(name="big-table", title="Big table", aliases=(), seats=(2, 12), max_table=12,
                         live_result="chips")
    assert seat_names(big, 8)[-1] == "hal"
    assert seat_names(big, 9) == [f"p{seat}" for seat in range(1, 10)]


@pytest.mark.parametrize("n", [0, 1, 7])
def test_seat_names_bad_count(n: int) -> None:
    with pytest.raises(InvalidInputError):
        seat_names(PP, n)


def test_make_bots_repeats_the_last_spec() -> None:
    bots = make_bots(PP, ["random:1", "random:0"], 4, seed=3)
    assert [b.call_probability for b in bots] == [1.0, 0.0, 0.0, 0.0]  # type: ignore[attr-defined]
    assert all(isinstance(b, RandomBot) for b in make_bots(PP, [], 3, seed=3))
    assert len(make_bots(PP, [], 3, seed=3)) == 3


def test_fill_specs_gives_every_seat_a_spec() -> None:
    assert fill_specs(["prob", "random:0.5"], 4) == ["prob", "random:0.5", "random:0.5", "random:0.5"]
    assert fill_specs([], 2) == ["random", "random"]
    assert fill_specs(("a", "b"), 2) == ["a", "b"]
    with pytest.raises(InvalidInputError, match=r"^3 bots given for 2 players$"):
        fill_specs(["a", "b", "c"], 2)


def test_make_bots_errors() -> None:
    with pytest.raises(InvalidInputError):
        make_bots(PP, ["random"] * 5, 4, seed=1)
    with pytest.raises(InvalidInputError):
        make_bots(PP, ["random", "nope"], 4, seed=1)


def test_bot_count_must_match() -> None:
    with pytest.raises(InvalidInputError):
        play_match(PP, seat_names(PP, 4), make_bots(PP, ["random"], 3, seed=1), seed=1)


def test_readme_example() -> None:
    # README "In Python": seed 7, four random bots
    state = play_match(PP, seat_names(PP, 4), make_bots(PP, ["random"], 4, seed=7), seed=7)
    assert state.standings == ["ann", "cy", "dee", "bob"]
    assert state.events[0]["event"] == "game" and state.events[-1]["event"] == "end"


def test_same_seed_same_game_different_seed_different_game() -> None:
    def events(seed: int) -> list[dict[str, object]]:
        return play_match(PP, seat_names(PP, 5), make_bots(PP, ["random"], 5, seed=seed), seed=seed).events

    assert events(11) == events(11)
    assert events(11) != events(12)


def test_bots_never_perturb_the_deal() -> None:
    calm = play_match(PP, seat_names(PP, 4), make_bots(PP, ["random:1"], 4, seed=5), seed=5)
    wild = play_match(PP, seat_names(PP, 4), make_bots(PP, ["random:0"], 4, seed=5), seed=5)
    assert calm.events[1] == wild.events[1]  # the first deal, first starter by lot from the seed alone
    assert calm.events[3]["event"] == "call" and wild.events[3]["event"] == "declare"


def test_record_matches_the_final_state() -> None:
    state = play_match(PP, seat_names(PP, 4), make_bots(PP, ["random"], 4, seed=9), seed=9)
    events = state.events
    assert events[-1] == {"event": "end", "rounds": state.round, "standings": state.standings,
                          "advancing": state.advancing}
    assert len(state.history) == state.round == sum(1 for e in events if e["event"] == "deal")
    assert [h.loser for h in state.history] == [
        state.players.index(e["loser"]) for e in events if e["event"] == "resolve"]


def test_options_reach_the_game() -> None:
    options = PolishPokerOptions(start_cards=2, suit_order="ranked", next_starter="loser", until=2)
    state = play_match(PP, seat_names(PP, 5), make_bots(PP, ["random"], 5, seed=4), seed=4, options=options.to_dict())
    assert state.events[0]["options"] == options.to_dict()
    assert all(len(cards) == 2 for cards in state.events[1]["hands"].values())
    assert len(state.advancing) == 2 == state.players_in
    assert state.standings[:2] == state.advancing
    assert state.events[0]["seed"] == 4


def test_first_starter_is_drawn_by_lot() -> None:
    starters = {play_match(PP, seat_names(PP, 4), make_bots(PP, ["random"], 4, seed=s), seed=s).events[1]["starter"]
                for s in range(40)}
    assert starters == set(seat_names(PP, 4))
