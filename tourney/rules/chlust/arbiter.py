"""The arbiter's showdown (`tourney rules showdown chlust`): hands as text in, a verdict out.

Hands are listed in seat order from the dealer's left, so the first of two equal hands is the
elder hand (RULES §2.8 key 4). Every card is checked: three cards a hand, each in the deck, none
twice (the upcard included).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tourney.errors import InvalidCardError, InvalidInputError, Worded, worded, worded_p
from tourney.rules.chlust.combos import NO_KIND, RANK_KIND, SUIT_KIND, Combination, Showdown, showdown
from tourney.rules.chlust.deck import CARD_TEXT, RANKS, SUIT_NAMES, deck_ids, parse_id, parse_ids, suit_of, wild_card
from tourney.rules.chlust.options import MAX_PLAYERS, MIN_PLAYERS, ChlustRules
from tourney.rules.games import OptionValue

# Sentences of the catalog (`worded`): the rules know no language; the CLI says them in its own.
_DECIDED: dict[str, Worded] = {
    "only": worded("the only combination"),
    "kind": worded("a better kind (three jacks > three of a suit > three of a rank)"),
    "trump": worded("the trump suit beats the other suits"),
    "pure": worded("pure beats impure"),
    "cards": worded("higher cards"),
    "elder": worded("elder hand (equal combinations: first from the dealer's left)"),
}
_SUIT_WORDS: dict[str, Worded] = {
    "spades": worded_p("a card's word", "spades"), "hearts": worded_p("a card's word", "hearts"),
    "diamonds": worded_p("a card's word", "diamonds"), "clubs": worded_p("a card's word", "clubs"),
}


def combination_words(combo: Combination) -> Worded:
    """`Combination.describe()` as a sentence of the catalog: its `str()` is that text exactly."""
    if combo.kind == SUIT_KIND:
        suit = _SUIT_WORDS[SUIT_NAMES[suit_of(combo.reading[0])]]
        said = (worded("three of a suit (%(suit)s, trumps)", suit=suit) if combo.trump
                else worded("three of a suit (%(suit)s)", suit=suit))
    elif combo.kind == RANK_KIND:
        said = worded("three of a rank (%(rank)ss)", rank=RANKS[combo.ranks[0]])
    else:
        said = worded("three jacks")
    said = worded("%(combination)s, pure", combination=said) if combo.pure else \
        worded("%(combination)s, impure", combination=said)
    if combo.wild_as is not None:
        said = worded("%(combination)s, W as %(card)s", combination=said, card=CARD_TEXT[combo.wild_as])
    return said


class ShowdownReport:
    """The judged hands of one showdown, as JSON and as lines of text."""

    def __init__(self, upcard: int, wild: int, hands: list[tuple[int, ...]], result: Showdown) -> None:
        self.upcard, self.wild, self.hands, self.result = upcard, wild, hands, result

    def to_json(self) -> dict[str, Any]:
        entries: list[dict[str, Any]] = []
        for hand, combo, place in zip(self.hands, self.result.combinations, self.result.places, strict=True):
            entry: dict[str, Any] = {"hand": " ".join(CARD_TEXT[c] for c in hand)}
            if combo is None:
                entry.update(kind=NO_KIND, pure=False, trump=False, place=None)
            else:
                entry.update(kind=combo.kind_name, pure=combo.pure, trump=combo.trump,
                             reading=" ".join(CARD_TEXT[c] for c in combo.reading),
                             wild_as=None if combo.wild_as is None else CARD_TEXT[combo.wild_as], place=place)
            entries.append(entry)
        return {"upcard": CARD_TEXT[self.upcard], "trump": SUIT_NAMES[suit_of(self.upcard)],
                "wild": CARD_TEXT[self.wild], "winner": self.result.winner, "decided_by": self.result.decided_by,
                "hands": entries}

    def lines(self) -> list[str]:
        return [str(line) for line in self.worded_lines()]

    def worded_lines(self) -> list[Worded]:
        """The lines as sentences of the catalog (`Translator.words` says them in a language)."""
        suit = _SUIT_WORDS[SUIT_NAMES[suit_of(self.upcard)]]
        out = [worded("trump %(suit)s (upcard %(upcard)s), wild card %(wild)s", suit=suit,
                      upcard=CARD_TEXT[self.upcard], wild=CARD_TEXT[self.wild])]
        for number, (hand, combo) in enumerate(zip(self.hands, self.result.combinations, strict=True), start=1):
            what = worded("no combination") if combo is None else combination_words(combo)
            out.append(worded("hand %(number)s: %(cards)s  %(what)s", number=number,
                              cards=" ".join(CARD_TEXT[c] for c in hand), what=what))
        winner = self.result.winner
        if winner is None:
            out.append(worded("no combination: the hand is decided by tricks (§2.9)"))
        else:
            decided = _DECIDED[self.result.decided_by or "only"]
            out.append(worded("winner: hand %(number)s (%(cards)s), by %(decided)s", number=winner + 1,
                              cards=" ".join(CARD_TEXT[c] for c in self.hands[winner]), decided=decided))
        return out


def judge(upcard_text: str, hand_texts: Sequence[str], options: Mapping[str, OptionValue]) -> ShowdownReport:
    """Judge the hands of a Chlust showdown under `options` (resolved option values)."""
    rules = ChlustRules.from_options(options)
    if not MIN_PLAYERS <= len(hand_texts) <= MAX_PLAYERS:
        raise InvalidInputError(f"a Chlust showdown has {MIN_PLAYERS}-{MAX_PLAYERS} hands, not {len(hand_texts)}")
    upcard = parse_id(upcard_text, rules.with_nines)
    seen = {upcard}
    hands: list[tuple[int, ...]] = []
    for number, text in enumerate(hand_texts, start=1):
        hand = parse_ids(text, rules.with_nines)
        if len(hand) != 3:
            raise InvalidCardError(f"hand {number} ({text!r}) has {len(hand)} cards; a Chlust hand has 3 (§2.4)")
        for card in hand:
            if card in seen:
                raise InvalidCardError(f"card {CARD_TEXT[card]!r} appears twice")
            seen.add(card)
        hands.append(hand)
    wild = wild_card(upcard, rules.spade_ten_rule)
    result = showdown(hands, suit_of(upcard), wild, deck_ids(rules.with_nines), rules.tiebreak_order)
    return ShowdownReport(upcard, wild, hands, result)
