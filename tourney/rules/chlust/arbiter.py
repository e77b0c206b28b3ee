"""The arbiter's showdown (`tourney rules showdown chlust`): hands as text in, a verdict out.

Hands are listed in seat order from the dealer's left, so the first of two equal hands is the
elder hand (RULES §2.8 key 4). Every card is checked: three cards a hand, each in the deck, none
twice (the upcard included).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tourney.errors import InvalidCardError, InvalidInputError
from tourney.rules.chlust.combos import NO_KIND, Showdown, showdown
from tourney.rules.chlust.deck import CARD_TEXT, SUIT_NAMES, deck_ids, parse_id, parse_ids, suit_of, wild_card
from tourney.rules.chlust.options import MAX_PLAYERS, MIN_PLAYERS, ChlustRules
from tourney.rules.games import OptionValue

_DECIDED: dict[str, str] = {
    "only": "the only combination",
    "kind": "a better kind (three jacks > three of a suit > three of a rank)",
    "trump": "the trump suit beats the other suits",
    "pure": "pure beats impure",
    "cards": "higher cards",
    "elder": "elder hand (equal combinations: first from the dealer's left)",
}


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
        out = [f"trump {SUIT_NAMES[suit_of(self.upcard)]} (upcard {CARD_TEXT[self.upcard]}), "
               f"wild card {CARD_TEXT[self.wild]}"]
        for number, (hand, combo) in enumerate(zip(self.hands, self.result.combinations, strict=True), start=1):
            what = "no combination" if combo is None else combo.describe()
            out.append(f"hand {number}: {' '.join(CARD_TEXT[c] for c in hand)}  {what}")
        winner = self.result.winner
        if winner is None:
            out.append("no combination: the hand is decided by tricks (§2.9)")
        else:
            decided = _DECIDED[self.result.decided_by or "only"]
            out.append(f"winner: hand {winner + 1} ({' '.join(CARD_TEXT[c] for c in self.hands[winner])}), "
                       f"by {decided}")
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
