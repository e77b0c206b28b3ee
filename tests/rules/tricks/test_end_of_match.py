"""The end of a match of the trick games (RULES §0.5): the seeded examples of issue 17, where the
odd chips of the final split went one seat too far."""

from __future__ import annotations

import pytest

from tourney.engine.match import make_bots, play_match, seat_names


@pytest.mark.parametrize(("game", "players", "seed", "bots", "options", "odd_chips"), [
    # One chip left; the last dealer is dee, whose left (ann, bob are out) is cy.
    ("lou", 4, 523952, ["random", "rule", "rule", "rule"], {"start_chips": 10}, {"cy": 1}),
    # Two chips left; fay dealt last, gus is out: hal and ann, not ann and cy.
    ("lou", 8, 9, ["random"], {}, {"hal": 1, "ann": 1}),
    # One chip left; cy dealt last: dee, not ann.
    ("khlyust", 4, 894659, ["rule", "rule", "random", "rule"], {"ante": 1}, {"dee": 1}),
    # 21 chips carried into the end; dee dealt last: ann has the odd one, not bob.
    ("chlust", 4, 28, ["rules", "random"], {}, {"ann": 1}),
])
def test_the_odd_chips_of_the_final_split_start_at_the_last_dealers_left(
        game: str, players: int, seed: int, bots: list[str], options: dict[str, object],
        odd_chips: dict[str, int]) -> None:
    state = play_match(game, seat_names(game, players), make_bots(game, bots, players, seed), seed=seed,
                       options=options)
    events = state.events
    end = events[-1]
    last_dealer = [event for event in events if event["event"] == "deal"][-1]["dealer"]
    shares = end["split"]
    each = min(shares.values())
    assert {name: share - each for name, share in shares.items() if share > each} == odd_chips
    names = list(state.players)
    seated_after = [names[(names.index(last_dealer) + k) % players] for k in range(1, players + 1)]
    assert list(shares) == [name for name in seated_after if name in shares], "clockwise from the last dealer's left"
