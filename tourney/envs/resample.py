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

Chlust: the cards that appeared in any of the seat's views of a deal (its hand, the upcard, the
cards played, a showdown's) stay; the rest of the other players' hands are dealt from the deck's
other cards. The rules' constraints on what was played (following suit) are not modelled: the
caller keeps a resampled match only if the seat's information state comes out the same.

Хлюст and Lou: the same, over each deal's hands, upcard and the cards taken from the stock (Lou's
dummy and draws, Хлюст's exchanges): a card the seat never saw is any card it did not see
(`rules/tricks/arranged.py` draws it), and so is the stock below.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from tourney.rules.chlust.arranged import DealCards
from tourney.rules.chlust.arranged import arranged_state as chlust_state
from tourney.rules.chlust.deck import DECK_20, DECK_24
from tourney.rules.games import GameDescriptor, GameState, OptionValue
from tourney.rules.khlyust.arranged import arranged_state as khlyust_state
from tourney.rules.lou.arranged import arranged_state as lou_state
from tourney.rules.polish_poker.arranged import DECK, RoundCards, arranged_state
from tourney.rules.polish_poker.options import PolishPokerOptions
from tourney.rules.tricks.arranged import DealCards as TrickDeal
from tourney.rules.tricks.cards import CARD_TEXT

Start = Callable[[], GameState]
# (the players, the rule options, the state, the seat, the seat's views after the deal and after
# every action, a generator) -> how to start a match the seat cannot tell from it.
Resampler = Callable[[Sequence[str], Mapping[str, OptionValue], GameState, int, Sequence[Mapping[str, Any]],
                      random.Random], Start]
TRICK_CARDS: Final = frozenset(CARD_TEXT)
_WORD: Final = re.compile(r"[0-9A-Za-z]+")


def cards_seen(views: Sequence[Mapping[str, Any]], key: str) -> dict[int, set[str]]:
    """Every card text anywhere in the views, by the views' `key` (the deal's number)."""
    seen: dict[int, set[str]] = {}
    for view in views:
        _collect(view, seen.setdefault(int(view.get(key) or 0), set()))
    return seen


def _collect(value: object, into: set[str]) -> None:
    if isinstance(value, str):  # a card, or a line of text naming some ("ann KS bob QS: ann")
        into.update(word for word in _WORD.findall(value) if word in TRICK_CARDS)
    elif isinstance(value, Mapping):
        for item in value.values():
            _collect(item, into)
    elif isinstance(value, list | tuple):
        for item in value:
            _collect(item, into)


def _polish_poker(players: Sequence[str], options: Mapping[str, OptionValue], state: GameState, seat: int,
                  views: Sequence[Mapping[str, Any]], rng: random.Random) -> Start:
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


def _chlust(players: Sequence[str], options: Mapping[str, OptionValue], state: GameState, seat: int,
            views: Sequence[Mapping[str, Any]], rng: random.Random) -> Start:
    seen = cards_seen(views, "deal")
    deck = [CARD_TEXT[card] for card in (DECK_24 if options["with_nines"] else DECK_20)]
    deals: list[DealCards] = []
    for event in state.events:
        if event.get("event") != "deal":
            continue
        known = seen.get(int(event["deal"]), set())
        hands: dict[str, list[str]] = {name: list(hand) for name, hand in event["hands"].items()}
        mine = players[seat]
        unseen = [card for card in deck if card not in known]
        rng.shuffle(unseen)
        for name, hand in hands.items():
            if name != mine:
                hands[name] = [card if card in known else unseen.pop() for card in hand]
        upcard = event["upcard"]
        deals.append((hands, upcard if upcard in known else unseen.pop()))
    first_dealer = list(players).index(next(e for e in state.events if e.get("event") == "deal")["dealer"])
    later_seed = rng.getrandbits(63)
    return lambda: chlust_state(players, deals, first_dealer=first_dealer, rng=random.Random(later_seed),
                                options=options)


TAKES: Final = {"lou": ("dummy", "draw"), "khlyust": ("exchange",)}  # the events that take from the stock
ARRANGED: Final[dict[str, Callable[..., GameState]]] = {"lou": lou_state, "khlyust": khlyust_state}


def _trick_game(game: str) -> Resampler:
    def resample(players: Sequence[str], options: Mapping[str, OptionValue], state: GameState, seat: int,
                 views: Sequence[Mapping[str, Any]], rng: random.Random) -> Start:
        seen = cards_seen(views, "deal")
        deals: list[tuple[int, dict[str, Any], list[str]]] = []
        for event in state.events:
            kind = event.get("event")
            if kind == "deal":
                deals.append((int(event["deal"]), event, []))
            elif kind in TAKES[game] and deals:
                deals[-1][2].extend(event["hand"] if kind == "dummy" else event["cards"])
        arranged: list[TrickDeal] = []
        for number, event, taken in deals:
            known = seen.get(number, set())

            def keep(card: str, known: set[str] = known) -> str | None:
                return card if card in known else None
            arranged.append(TrickDeal({name: [keep(card) for card in hand] for name, hand in event["hands"].items()},
                                      keep(event["upcard"]), [keep(card) for card in taken]))
        first_dealer = list(players).index(deals[0][1]["dealer"])
        later_seed = rng.getrandbits(63)
        build = ARRANGED[game]
        return lambda: build(players, arranged, first_dealer=first_dealer, rng=random.Random(later_seed),
                             options=options)
    return resample


_RESAMPLERS: Final[dict[str, Resampler]] = {"polish-poker": _polish_poker, "chlust": _chlust,
                                            "lou": _trick_game("lou"), "khlyust": _trick_game("khlyust")}


def resampler(game: GameDescriptor) -> Resampler | None:
    return _RESAMPLERS.get(game.name)
