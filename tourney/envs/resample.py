"""The deals a seat cannot tell from the real one (issue 32: OpenSpiel's `resample_from_infostate`).

`resampler(game)` gives, for a game that has one, a function that takes a state in play, a seat and
a `random.Random` and returns how to start a match the seat cannot tell apart from it: the cards
the seat has seen stay where they are, the cards it has not seen are dealt again uniformly from
the cards it has not seen, and the deals after this one come from a fresh seed. The caller replays
the match's actions on it (the rules check them: every action stays legal, since a seat's options
depend only on what it sees and on public counts). A game without one: None.

Polish Poker: every round ends in a showdown (its hands are in the record and in every view's
history), so only the other players' hands of the round in play are unseen: they are drawn from
the 25 cards less the seat's hand and the community card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from tourney.rules.games import GameDescriptor, GameState, OptionValue
from tourney.rules.polish_poker.arranged import DECK, RoundCards, arranged_state
from tourney.rules.polish_poker.options import PolishPokerOptions

Start = Callable[[], GameState]
Resampler = Callable[[Sequence[str], Mapping[str, OptionValue], GameState, int, random.Random], Start]


def _polish_poker(players: Sequence[str], options: Mapping[str, OptionValue], state: GameState, seat: int,
                  rng: random.Random) -> Start:
    deals = [event for event in state.events if event.get("event") == "deal"]
    rounds: list[RoundCards] = []
    for number, deal in enumerate(deals, 1):
        hands: list[list[str]] = [list(deal["hands"].get(name, ())) for name in players]
        if number == len(deals) and not state.terminal:
            seen = {*hands[seat], deal["community"]}
            unseen = [card for card in DECK if card not in seen]
            rng.shuffle(unseen)
            for other, hand in enumerate(hands):
                if other != seat:
                    hands[other] = [unseen.pop() for _ in hand]
        rounds.append((hands, deal["community"]))
    first_starter = list(players).index(deals[0]["starter"])
    rule_options = PolishPokerOptions.from_dict(dict(options))
    later_seed = rng.getrandbits(63)
    return lambda: arranged_state(players, rounds, first_starter=first_starter, rng=random.Random(later_seed),
                                  options=rule_options)


_RESAMPLERS: Final[dict[str, Resampler]] = {"polish-poker": _polish_poker}


def resampler(game: GameDescriptor) -> Resampler | None:
    return _RESAMPLERS.get(game.name)
