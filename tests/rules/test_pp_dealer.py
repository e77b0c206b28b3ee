"""The random dealer deals what it always dealt: same seed, same cards (RULES §1.2; issue 20, item 5).

`RandomDealer.deal_by_seat` replaced a slower dealer; the old one is kept here, verbatim in its
algorithm, as the reference that every deal (and every game a state deals through the fast path)
must match draw for draw.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from tourney.rules.polish_poker import CALL, PolishPokerOptions, PolishPokerState, RandomDealer
from tourney.rules.polish_poker.existence import N_CARDS, mask_of_ids


def reference_deal(rnd: Callable[[], float], counts: Sequence[int]) -> tuple[list[tuple[int, ...]], int]:
    """The dealer before issue 20: hands for the players in (`counts`), then the community card."""
    total = sum(counts)
    deck = list(range(N_CARDS))
    for i in range(total + 1):
        j = i + int(rnd() * (25 - i))
        deck[i], deck[j] = deck[j], deck[i]
    hands = []
    start = 0
    for count in counts:
        hands.append(tuple(deck[start:start + count]))
        start += count
    return hands, deck[total]


class ReferenceDealer:
    """The reference behind the `Dealer` protocol, so a state deals through its generic path."""

    def __init__(self, rng: random.Random) -> None:
        self._random = rng.random

    def __call__(self, names: Sequence[str], counts: Sequence[int]) -> tuple[list[tuple[int, ...]], int]:
        return reference_deal(self._random, counts)


# Counts by seat for one round: 2-6 seats, 0 for a player out, at most 24 cards so one is left over.
round_counts = st.lists(st.integers(0, 5), min_size=2, max_size=6).filter(lambda counts: sum(counts) <= 24)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64), rounds=st.lists(round_counts, min_size=1, max_size=8))
def test_deal_by_seat_draws_what_the_reference_draws(seed: int, rounds: list[list[int]]) -> None:
    dealer = RandomDealer(random.Random(seed))
    reference = random.Random(seed).random
    for counts in rounds:
        hands, community, mask = dealer.deal_by_seat(counts)
        expected_hands, expected_community = reference_deal(reference, [c for c in counts if c])
        assert [hand for hand, count in zip(hands, counts, strict=True) if count] == expected_hands
        assert all(hand == () for hand, count in zip(hands, counts, strict=True) if not count)
        assert community == expected_community
        assert mask == mask_of_ids([*(card for hand in hands for card in hand), community])


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), rounds=st.lists(round_counts, min_size=1, max_size=5))
def test_the_dealer_protocol_call_deals_what_the_reference_deals(seed: int, rounds: list[list[int]]) -> None:
    dealer = RandomDealer(random.Random(seed))
    reference = ReferenceDealer(random.Random(seed))
    for counts in rounds:
        players_in = [c for c in counts if c]
        names = [f"p{seat}" for seat in range(len(players_in))]
        assert dealer(names, players_in) == reference(names, players_in)


def play_random(state: PolishPokerState, moves: random.Random) -> None:
    while not state.terminal:
        legal = state.legal_actions()
        action = CALL if CALL in legal and moves.random() < 0.4 else legal[int(moves.random() * len(legal))]
        state.apply(action)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), n_players=st.integers(2, 6), start_cards=st.integers(1, 3),
       next_starter=st.sampled_from(["rotate", "loser", "caller"]))
def test_a_game_dealt_by_seat_is_the_game_the_reference_deals(seed: int, n_players: int, start_cards: int,
                                                               next_starter: str) -> None:
    names = [f"p{seat}" for seat in range(n_players)]
    options = PolishPokerOptions(start_cards=start_cards, next_starter=next_starter)
    fast = PolishPokerState(names, RandomDealer(random.Random(seed)), first_starter=0, options=options, seed=seed)
    slow = PolishPokerState(names, ReferenceDealer(random.Random(seed)), first_starter=0, options=options, seed=seed)
    play_random(fast, random.Random(seed + 1))
    play_random(slow, random.Random(seed + 1))
    assert fast.events == slow.events
    assert fast.outcome() == slow.outcome()
