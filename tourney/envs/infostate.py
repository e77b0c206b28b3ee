"""A seat's perfect-recall information state as a vector of fixed size (issue 32 item 3).

The layout, for one game, table size and rule options (`InfoStateLayout`):

1. `snapshots` snapshots of `snapshot_size` numbers, in the order taken: the seat's feature vector
   (`features.py`), in Polish Poker followed by the cards each seat was shown holding when the
   round before ended (53 positions a seat, from yours on: the view's `history[-1].hands`; the
   trick games' cards show as they are played, in the actions below). A
   snapshot is taken after the deal and after every action that put a card in the seat's hand
   or turned up a public card it had not seen (a new deal or round, a draw or exchange); unused
   snapshots are zeros. `snapshots` is 2 x the most deals the rules allow + 1.
2. The seat's feature vector now.
3. Two numbers for each action of the game so far, in order (room for `steps`, the game's
   longest): who acted, counted from the observing seat + 1 (1: you), and the compact action id
   + 1, as the seat saw it: its own ids whole; another seat's discards (Lou's `DRAW`, Хлюст's
   `EXCHANGE`, whose cards it did not see) as the first ids of their kind with as many cards.

Together they determine every view the seat had and every action it saw, so two histories the
seat can tell apart give different vectors. Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from tourney.envs.actions import ActionCodec
from tourney.envs.encoding import action_count
from tourney.envs.features import CARD_INDEX, CARDS, FeatureSpec
from tourney.rules.games import GameDescriptor, OptionValue

ACTION_SLOT: Final = 2
PUBLIC_CARD_KEYS: Final = ("community", "upcard")


def max_deals(game: GameDescriptor, players: int, options: Mapping[str, OptionValue]) -> int:
    """The most deals (Polish Poker: rounds) a match can have, from the rules (a bound, not tight).

    Polish Poker: each round puts one card more in some player's hand and a player holding more
    than the cap is out. Chlust and Хлюст: `rotations` x players deals; Lou: its deal limit, at
    most 10 x that. Another game: 1,000."""
    if game.name == "polish-poker" and game.live_cap is not None:
        most_cards = max(game.live_cap(k) for k in range(2, players + 1))
        return players * max(most_cards - int(options["start_cards"]) + 1, 1)
    if game.name in ("chlust", "khlyust"):
        return int(options["rotations"]) * players
    if game.name == "lou":
        return 10 * int(options["rotations"]) * players
    return 1_000


def max_actions(game: GameDescriptor, players: int, options: Mapping[str, OptionValue]) -> int:
    """The most actions of the seats a match can take, from its rules.

    Polish Poker: each round puts one card more in some player's hand, a player holding more than
    the cap is out, and a round is at most every declaration in rising order and a CALL. The trick
    games deal at most `rotations` x players times (the deal passes every deal, a carried pot
    too; Lou: at most its deal limit, 10 x that), and a deal is a swap or draw decision, the
    calls and answers and three tricks for each seat; Chlust's betting round is at most
    `max_raises` + 1 times round the table. Each deal's count is doubled for a margin: the bound
    must hold, it need not be tight. Another game: 100,000.
    """
    n = players
    if game.name == "polish-poker" and game.live_cap is not None:
        start = int(options["start_cards"])
        most_cards = max(game.live_cap(k) for k in range(2, n + 1))
        per_round = action_count(game)  # 89 declarations and a CALL
        return n * max(most_cards - start + 1, 1) * per_round
    if game.name == "chlust":
        deals = max_deals(game, n, options)
        per_deal = n + (int(options["max_raises"]) + 1) * n + 3 * n
        return deals * 2 * per_deal
    if game.name == "khlyust":
        return max_deals(game, n, options) * 2 * (3 * n + n + 3 * n)
    if game.name == "lou":
        return max_deals(game, n, options) * 2 * (n + n + 3 * n + 3)
    return 100_000


@dataclass(frozen=True, slots=True)
class InfoStateLayout:
    features: FeatureSpec
    players: int
    snapshots: int
    steps: int
    shows_hands: bool  # the views show the hands of the deal just ended (Polish Poker's showdown)

    @property
    def shown_size(self) -> int:
        return self.features.seats * len(CARDS) if self.shows_hands else 0

    @property
    def snapshot_size(self) -> int:
        return self.features.size + self.shown_size

    @property
    def size(self) -> int:
        return self.snapshots * self.snapshot_size + self.features.size + ACTION_SLOT * self.steps

    def positions(self) -> list[tuple[int, int, str, str]]:
        """(first, last, name, meaning) of each part, for the docs."""
        snap = self.snapshots * self.snapshot_size
        now = snap + self.features.size
        return [
            (0, snap - 1, "snapshots", f"{self.snapshots} snapshots of {self.snapshot_size}: the feature vector "
             f"({self.features.size})" + (f" then {self.features.seats} x 53: the cards each seat (yours first) "
                                          "was shown holding when the round before ended" if self.shows_hands else "")),
            (snap, now - 1, "now", "the feature vector now"),
            (now, self.size - 1, "actions", f"{self.steps} actions x 2: who acted (1: you) and the compact id + 1"),
        ]


def layout_for(game: GameDescriptor, features: FeatureSpec, players: int,
               options: Mapping[str, OptionValue]) -> InfoStateLayout:
    return InfoStateLayout(features, players, 2 * max_deals(game, players, options) + 1,
                           max_actions(game, players, options),
                           shows_hands=game.name == "polish-poker")


def _seen_cards(view: Mapping[str, Any]) -> set[str]:
    seen = set(view.get("hand") or ())
    for key in PUBLIC_CARD_KEYS:
        if view.get(key) is not None:
            seen.add(view[key])
    return seen


class InfoStateRecorder:
    """Builds one seat's vector as the game goes: `observe` each view (the first after the deal,
    then one after every action, with `act`)."""

    def __init__(self, layout: InfoStateLayout, codec: ActionCodec, seat: int) -> None:
        self.layout = layout
        self.codec = codec
        self.seat = seat
        self.vector: dict[int, float] = {}
        self._taken = 0
        self._seen: set[str] = set()
        self._steps = 0
        self._now: dict[int, float] = {}

    def observe(self, view: Mapping[str, Any]) -> None:
        layout = self.layout
        self._now = layout.features.encode_sparse(view)
        seen = _seen_cards(view)
        if not seen <= self._seen and self._taken < layout.snapshots:
            start = self._taken * layout.snapshot_size
            for position, value in self._now.items():
                self.vector[start + position] = value
            if layout.shows_hands:
                self._shown(view, start + layout.features.size)
            self._taken += 1
        self._seen = seen

    def _shown(self, view: Mapping[str, Any], start: int) -> None:
        history = view.get("history") or ()
        hands = history[-1].get("hands") if history and isinstance(history[-1], Mapping) else None
        if not hands:
            return
        players: Sequence[str] = view["players"]
        order = [*players[self.seat:], *players[:self.seat]]
        for i, name in enumerate(order):
            for card in hands.get(name) or ():
                self.vector[start + i * len(CARDS) + CARD_INDEX[card]] = 1.0

    def act(self, actor: int, compact: int) -> None:
        if self._steps >= self.layout.steps:
            return
        start = self.layout.snapshots * self.layout.snapshot_size + self.layout.features.size
        start += ACTION_SLOT * self._steps
        self.vector[start] = float((actor - self.seat) % self.layout.players + 1)
        self.vector[start + 1] = float(self._public_id(actor, compact) + 1)
        self._steps += 1

    def _public_id(self, actor: int, compact: int) -> int:
        first = self.codec.factored_from
        if actor == self.seat or first is None or compact < first:
            return compact
        return first + (1 << bin(compact - first).count("1")) - 1

    def copy(self) -> InfoStateRecorder:
        twin = InfoStateRecorder(self.layout, self.codec, self.seat)
        twin.vector = dict(self.vector)
        twin._taken = self._taken
        twin._seen = set(self._seen)
        twin._steps = self._steps
        twin._now = self._now
        return twin

    def dense(self) -> list[float]:
        out = [0.0] * self.layout.size
        for position, value in self.vector.items():
            out[position] = value
        now = self.layout.snapshots * self.layout.snapshot_size
        for position, value in self._now.items():
            out[now + position] = value
        return out
