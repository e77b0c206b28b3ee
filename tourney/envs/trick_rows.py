"""What the row writers of the trick games (Chlust, Lou, Хлюст) share, for `VectorEnv` (issue 32 item 6).

As `polish_poker_rows.py` does for Polish Poker, a game's rows (`chlust_rows.py`, `lou_rows.py`,
`khlyust_rows.py`) step many games and write, for each, the seat to act's feature vector and legal
compact ids straight from the rules' view object (card ids, seat numbers, counts), not from
`view.to_json()`: the same numbers as `features.feature_spec(game)` gives for the JSON and the same
ids as `actions.ActionCodec` (tests/envs/test_vector_rows.py compares them at every step), at a
fraction of the cost. Rows are written as lists of positions in the arrays flattened (row x width +
column): the 1s, the other numbers with their values, and the legal ids of the masks; `VectorEnv`
scatters each list into its numpy array at once. So no numpy here: plain typed Python that mypyc
compiles (`HOT_MODULES`).
"""

from __future__ import annotations

from typing import Final

from tourney.envs.actions import HAND_SIZE, UnfactorableActionError
from tourney.envs.features import CARD_INDEX, SUITS, FeatureSpec
from tourney.rules.games import GameState
from tourney.rules.tricks.actions import discard_code, discarded
from tourney.rules.tricks.cards import CARD_TEXT

# The feature column of each trick-game card id (the features number 53 cards in their own order).
CARD_COLUMN: Final[tuple[int, ...]] = tuple(CARD_INDEX[text] for text in CARD_TEXT)
# The feature column of each trick-game suit (the rules number them S H D C, the features C D H S).
SUIT_COLUMN: Final[tuple[int, ...]] = tuple(SUITS.index(text[1]) for text in CARD_TEXT[:4])


class TrickRows:
    """`count` games, each dealt by `reset(i, seed)` and stepped by `step`; a game's subclass plays
    its states (`advance`) and writes its rows (`write`)."""

    def __init__(self, spec: FeatureSpec, players: int, count: int, action_count: int,
                 factored_from: int | None) -> None:
        self.starts: dict[str, int] = {name: first for first, _, name, _ in spec.positions()}
        self.n = players
        self.width = spec.size
        self.action_count = action_count
        # The first compact id of the discard sets (Lou's DRAW, Хлюст's EXCHANGE; -1: none): see actions.py.
        self.factored_from = -1 if factored_from is None else factored_from
        self.to_act: list[int] = [0] * count  # each game's seat to act, as last written
        self.ones: list[int] = []
        self.positions: list[int] = []
        self.values: list[int] = []  # whole numbers all: no float to box for each
        self.legal: list[int] = []  # the legal ids, by their positions in the masks flattened
        self.hands: list[tuple[int, ...]] = [()] * count  # each seat to act's hand: a discard set's bits name its cards

    def clear(self) -> None:
        self.ones = []
        self.positions = []
        self.values = []
        self.legal = []

    def step(self, actions: list[int]) -> list[int]:
        """Play `actions[i]` (a legal compact id: the caller checked its mask) in game i and write each
        game's next decision; the games that ended (not written: the caller scores and deals them)."""
        ended: list[int] = []
        first = self.factored_from
        for i in range(len(actions)):
            action = actions[i]
            if 0 <= first <= action:
                hand = self.hands[i]
                action = first + discard_code([hand[j] for j in range(HAND_SIZE) if action - first >> j & 1])
            if self.advance(i, action):
                ended.append(i)
            else:
                self.write(i)
        return ended

    # -- what each game's rows implement --

    def reset(self, i: int, seed: int) -> int:
        """Deal game `i` from `seed` and write its first decision; the seat to act."""
        raise NotImplementedError

    def advance(self, i: int, action: int) -> bool:
        """Play game id `action` in game `i`; whether the game is over."""
        raise NotImplementedError

    def write(self, i: int) -> int:
        """Row `i`'s numbers and legal ids for the seat to act; that seat."""
        raise NotImplementedError

    def state(self, i: int) -> GameState:
        raise NotImplementedError

    # -- the blocks the games share (each as features.py writes it from the JSON) --

    def cards(self, at: int, cards: tuple[int, ...]) -> None:
        """1 at each card (a card -1, face down or none, is no card)."""
        ones = self.ones
        for card in cards:
            if card >= 0:
                ones.append(at + CARD_COLUMN[card])

    def number(self, at: int, value: int) -> None:
        if value:
            self.positions.append(at)
            self.values.append(value)

    def per_seat(self, at: int, values: tuple[int, ...], seat: int) -> None:
        """Each seat's number, counted from `seat`."""
        n = self.n
        for other in range(n):
            value = values[other]
            if value:
                self.positions.append(at + (other - seat) % n)
                self.values.append(value)

    def some_seats(self, at: int, values: tuple[int, ...], seats: tuple[int, ...], seat: int) -> None:
        """The numbers of `seats` only (the JSON names no other), counted from `seat`."""
        n = self.n
        for other in seats:
            value = values[other]
            if value:
                self.positions.append(at + (other - seat) % n)
                self.values.append(value)

    def seat_flags(self, at: int, seats: tuple[int, ...], seat: int) -> None:
        n = self.n
        for other in seats:
            self.ones.append(at + (other - seat) % n)

    def legal_ids(self, i: int, legal: list[int], hand: tuple[int, ...]) -> None:
        """The legal compact ids of game i: the game's ids, a discard set as the bits of its cards'
        places in `hand` (`actions.ActionCodec`)."""
        base = i * self.action_count
        first = self.factored_from
        self.hands[i] = hand
        out = self.legal
        for action in legal:
            if first < 0 or action < first:
                out.append(base + action)
                continue
            cards = discarded(action - first)
            assert cards is not None
            mask = 0
            for card in cards:
                place = -1
                for j in range(min(HAND_SIZE, len(hand))):
                    if hand[j] == card:
                        place = j
                if place < 0:
                    raise UnfactorableActionError(f"{CARD_TEXT[card]} is not among the hand's first {HAND_SIZE}")
                mask |= 1 << place
            out.append(base + first + mask)
