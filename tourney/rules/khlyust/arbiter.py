"""The arbiter's showdown (`tourney rules showdown khlyust`): which hands hold Листы or a Хлюст,
and who takes the kassa before any play (RULES §3.5, §3.6; the duel §3.11).

Hands are listed in seat order from the dealer's left (Z first), as they are dealt and announce.
With two hands the game is the 36-card duel: no combinations; only `three_aces` wins at once.
With three or four, the highest Листы takes the kassa; a Хлюст takes it before play only under
`instant_khlyust` (the first in seat order, since it is declared first).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tourney.errors import InvalidCardError, InvalidInputError, Worded, worded, worded_p
from tourney.rules.cards import KHLYUST_DECK, KHLYUST_DECK_36
from tourney.rules.games import OptionValue
from tourney.rules.khlyust.combos import (
    KHLYUST_NAMES,
    NO_KHLYUST,
    PLAIN,
    RANK_WORDS,
    TRUMP,
    best_listy,
    is_three_aces,
    khlyust_kind,
    listy_rank,
)
from tourney.rules.khlyust.options import MAX_PLAYERS, MIN_PLAYERS, KhlyustOptions
from tourney.rules.tricks.cards import CARD_TEXT, SUITS, parse_ids


class KhlyustShowdown:
    """The judged hands, as the issue's JSON and as lines of text."""

    def __init__(self, upcard: int, hands: list[tuple[int, ...]], duel: bool, winner: int | None,
                 why: Worded) -> None:
        self.upcard, self.hands, self.duel, self.winner = upcard, hands, duel, winner
        self.why_words, self.why = why, str(why)
        self.trump = upcard & 3

    def _kind(self, hand: Sequence[int]) -> int:
        return NO_KHLYUST if self.duel else khlyust_kind(hand, self.trump)

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner,
                "hands": [{"hand": " ".join(CARD_TEXT[c] for c in hand),
                           "listy": not self.duel and listy_rank(hand) >= 0,
                           "khlyust": KHLYUST_NAMES[self._kind(hand)]} for hand in self.hands]}

    def lines(self) -> list[str]:
        return [str(line) for line in self.worded_lines()]

    def worded_lines(self) -> list[Worded]:
        """The lines as sentences of the catalog (`Translator.words` says them in a language)."""
        variant = worded("two-player duel, 36 cards, no combinations (§3.11)") if self.duel \
            else worded("32 cards (§3.5)")
        out = [worded("trump %(suit)s (upcard %(upcard)s); %(variant)s", suit=SUITS[self.trump],
                      upcard=CARD_TEXT[self.upcard], variant=variant)]
        for number, hand in enumerate(self.hands, start=1):
            if self.duel:
                what = worded("three aces") if is_three_aces(hand) else worded("no combination")
            else:
                what = combination_words(hand, self.trump)
            out.append(worded("hand %(number)s: %(cards)s  %(what)s", number=number,
                              cards=" ".join(CARD_TEXT[c] for c in hand), what=what))
        if self.winner is None:
            out.append(worded("nobody takes the kassa before play: %(why)s", why=self.why_words))
        else:
            cards = " ".join(CARD_TEXT[c] for c in self.hands[self.winner])
            out.append(worded("winner: hand %(number)s (%(cards)s) takes the kassa before play: %(why)s",
                              number=self.winner + 1, cards=cards, why=self.why_words))
        return out


def combination_words(hand: Sequence[int], trump: int) -> Worded:
    """`combos.describe` as a sentence of the catalog: its `str()` is that text exactly."""
    rank = listy_rank(hand)
    if rank >= 0:
        return worded("Листы of %(rank)s", rank=_RANKS_SAID[RANK_WORDS[rank]] if rank in RANK_WORDS else str(rank))
    kind = khlyust_kind(hand, trump)
    if kind == TRUMP:
        return worded("Козырный Хлюст (three trumps)")
    if kind == PLAIN:
        return worded("Хлюст (three of a suit)")
    return worded("no combination")


# `combos.RANK_WORDS` as the catalog has them.
_RANKS_SAID: dict[str, Worded] = {
    "sixes": worded_p("a card's word", "sixes"),
    "sevens": worded_p("a card's word", "sevens"),
    "eights": worded_p("a card's word", "eights"),
    "nines": worded_p("a card's word", "nines"),
    "tens": worded_p("a card's word", "tens"),
    "jacks": worded_p("a card's word", "jacks"),
    "queens": worded_p("a card's word", "queens"),
    "kings": worded_p("a card's word", "kings"),
    "aces": worded_p("a card's word", "aces"),
}


def judge(upcard_text: str, hand_texts: Sequence[str], options: Mapping[str, OptionValue]) -> KhlyustShowdown:
    """Judge dealt (or exchanged) hands under `options` (resolved option values)."""
    chosen = KhlyustOptions.from_mapping(options)
    if not MIN_PLAYERS <= len(hand_texts) <= MAX_PLAYERS:
        raise InvalidInputError(f"a Хлюст showdown has {MIN_PLAYERS}-{MAX_PLAYERS} hands, not {len(hand_texts)}")
    duel = len(hand_texts) == 2
    deck = KHLYUST_DECK_36 if duel else KHLYUST_DECK
    upcards = parse_ids(upcard_text, deck)
    if len(upcards) != 1:
        raise InvalidCardError(f"--upcard is one card, not {upcard_text!r}")
    upcard = upcards[0]
    seen = {upcard}
    hands: list[tuple[int, ...]] = []
    for number, text in enumerate(hand_texts, start=1):
        hand = parse_ids(text, deck)
        if len(hand) != 3:
            raise InvalidCardError(f"hand {number} ({text!r}) has {len(hand)} cards; a Хлюст hand has 3 (§3.4)")
        for card in hand:
            if card in seen:
                raise InvalidCardError(f"card {CARD_TEXT[card]!r} appears twice")
            seen.add(card)
        hands.append(hand)
    if duel:
        aces = [i for i, hand in enumerate(hands) if is_three_aces(hand)]
        if aces and chosen.three_aces:
            return KhlyustShowdown(upcard, hands, True, aces[0], worded("three aces win at once (three_aces, §3.11)"))
        return KhlyustShowdown(upcard, hands, True, None, worded("the duel is decided by tricks (§3.11)"))
    listy = best_listy(hands)
    if listy >= 0:
        word = combination_words(hands[listy], upcard & 3)
        return KhlyustShowdown(upcard, hands, False, listy,
                               worded("the highest Листы (%(combination)s) takes the whole kassa (§3.6)",
                                      combination=word))
    khlyusty = [i for i, hand in enumerate(hands) if khlyust_kind(hand, upcard & 3) != NO_KHLYUST]
    if khlyusty and chosen.instant_khlyust:
        return KhlyustShowdown(upcard, hands, False, khlyusty[0],
                               worded("the first Хлюст declared wins at once (instant_khlyust, §3.10)"))
    why = (worded("a Хлюст is declared in the announcements; the tricks decide (§3.7-§3.10)") if khlyusty
           else worded("no combination: the announcements and the tricks decide (§3.7-§3.10)"))
    return KhlyustShowdown(upcard, hands, False, None, why)
