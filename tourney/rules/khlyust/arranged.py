"""A match dealt from chosen cards (issue 32: OpenSpiel's `resample_from_infostate`): its first
deals are `deals` (`tricks/arranged.py`: a card given as None is drawn), every later one comes
from `rng`. Pure and deterministic; records, replays and seeded matches are untouched."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tourney.rules.games import OptionValue
from tourney.rules.khlyust.options import KhlyustOptions
from tourney.rules.khlyust.state import KhlyustState
from tourney.rules.tricks.arranged import ArrangedDealer, DealCards


def arranged_state(players: Sequence[str], deals: Sequence[DealCards], *, first_dealer: int, rng: random.Random,
                   options: Mapping[str, OptionValue]) -> KhlyustState:
    """A new match whose first `len(deals)` deals are `deals`, then from `rng`."""
    return KhlyustState(players, ArrangedDealer(deals, rng), KhlyustOptions.from_mapping(options),
                        first_dealer=first_dealer)
