"""The Monte-Carlo Polish Poker bot `mc:N` (issue 19 item 9).

`prob` takes the others' cards as uniformly random; but the others have spoken this round, and a
player who declared "pair of kings" more often holds a king. `mc` deals the cards it cannot see to
the other seats N times (as many to each as they hold) and weighs every deal by how well it
explains what the others declared this round: a deal in which a declarer, holding those cards,
would have found their declaration less than `DEFAULT_THRESHOLD` likely (what `prob` declares at
least) counts `UNLIKELY_WEIGHT`, once per such declaration. A declaration's existence probability
is its weighted share of the deals, and the bot raises and calls on those estimates with `prob`'s
rule at a higher threshold (`RAISE_THRESHOLD`). All its randomness comes from the rng stream it is
given, so a seed replays it exactly.
"""

from __future__ import annotations

import random
from typing import Final

from tourney.bots.polish_poker.odds import existence_odds
from tourney.bots.polish_poker.strategic import DEFAULT_THRESHOLD, ProbBot
from tourney.rules.polish_poker import View, exists

DEFAULT_SAMPLES: Final = 200
MAX_SAMPLES: Final = 100_000
UNLIKELY_WEIGHT: Final = 0.1
# It raises only to a declaration at least this likely. Measured against prob, 1,200 games at 4
# players and 600 heads-up: 0.5 (prob's own) won 30 % and 65 %, 0.6 42 % and 70 %, 0.7 44 % and
# 71 %, 0.8 41 % and 69 %; its estimates are sharper than prob's, so it can afford to be choosier.
RAISE_THRESHOLD: Final = 0.7
_DECK: Final = tuple(range(25))  # card ids: the 24 natural cards and the joker


class MonteCarloBot(ProbBot):
    """Estimates each declaration's existence from `samples` deals of the unseen cards, weighted by
    the others' declarations this round; then plays `prob`'s rule (threshold 0.7) on them."""

    name = "mc"

    def __init__(self, rng: random.Random, samples: int = DEFAULT_SAMPLES) -> None:
        super().__init__(RAISE_THRESHOLD)
        if not 1 <= samples <= MAX_SAMPLES:
            raise ValueError(f"samples must be within 1..{MAX_SAMPLES}, not {samples}")
        self.samples = samples
        self._rng = rng
        # (the mask of every card in the deal, its weight) for each sample of the current decision
        self._deals: list[tuple[int, float]] = []
        self._total_weight = 0.0

    def act(self, view: View) -> int:
        self._deal(view)
        return super().act(view)

    def _observe(self, view: View) -> None:
        """The deals are drawn in `act`; `prob`'s own cache of exact odds is not used."""

    def odds(self, index: int) -> float:
        p = self._odds.get(index)
        if p is None:
            hits = sum(weight for mask, weight in self._deals if exists(index, mask))
            p = self._odds[index] = hits / self._total_weight
        return p

    def _deal(self, view: View) -> None:
        """Draw and weigh the deals for this decision; forget the odds of the last one."""
        known = 1 << view.community_id
        for card in view.hand_ids:
            known |= 1 << card
        unseen_cards = [card for card in _DECK if not known >> card & 1]
        others = [(seat, count) for seat, count in enumerate(view.counts) if count and seat != view.seat]
        claims = [(seat, declaration) for seat, declaration in view.declarations if seat != view.seat]
        community = 1 << view.community_id
        drawn = sum(count for _, count in others)
        total = sum(view.counts)
        sample = self._rng.sample
        deals: list[tuple[int, float]] = []
        for _ in range(self.samples):
            cards = sample(unseen_cards, drawn)
            hands: dict[int, int] = {}
            start = 0
            full = known
            for seat, count in others:
                hand = community
                for card in cards[start:start + count]:
                    hand |= 1 << card
                start += count
                hands[seat] = hand
                full |= hand
            weight = 1.0
            for seat, declaration in claims:
                seen = hands[seat]
                if existence_odds(declaration, seen, total - view.counts[seat]) < DEFAULT_THRESHOLD:
                    weight *= UNLIKELY_WEIGHT
            deals.append((full, weight))
        self._deals = deals
        self._total_weight = sum(weight for _, weight in deals)
        self._odds = {}


__all__ = ["DEFAULT_SAMPLES", "MAX_SAMPLES", "MonteCarloBot"]
