"""Lou option flags (RULES §4.3-§4.9): their specs for the registry, and their checked, typed form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tourney.errors import InvalidInputError
from tourney.rules.games import OptionSpec
from tourney.rules.tricks.options import check_choices, options_dict, options_from_mapping

MIN_PLAYERS, MAX_PLAYERS = 2, 8
# A Lou game ends only after a deal with no loo (§4.8), which may never come (everyone always out:
# a misdeal every deal; `payout=majority` with `allow_debt`: every deal pays and nobody busts), so
# a match also ends after this many times `rotations` x players deals [resolved]. Ten times the
# deals of its rotations: the longest of 4,000 seeded per_trick bot matches without debts ran 4.
DEAL_LIMIT_ROTATIONS = 10
# With debts allowed a loo is paid however short the player, so the pot can grow by a factor each
# deal: eight rule bots reached 1,440 digits in 20 rotations' deal limit and 3,600 in 50, while a
# record's numbers must stay below Python's 4,300-digit text limit. 20 rotations (1,600 deals at 8
# players) keep every record writable; without debts the chips in play bound the pot.
MAX_DEBT_ROTATIONS = 20
# Chip counts a person types; a larger stake only lengthens every number of the record.
MAX_CHIPS = 1_000_000
ANTE_BY = ("all", "dealer")
LONE_PLAYER = ("takes_pot", "plays_dummy")
LEADS = ("left_of_dealer", "upcard_count")
PAYOUTS = ("per_trick", "majority")


OPTIONS = (
    OptionSpec("start_chips", int, 100, "Chips each player starts the match with.", "§0.5"),
    OptionSpec("ante", int, 3, "The ante of every player at the start of a game.", "§4.3"),
    OptionSpec("ante_multiple_of_3", bool, True, "Refuse an ante that is not a multiple of 3.",
               "§4.3 lou.ante_multiple_of_3"),
    OptionSpec("ante_by", str, "all", "Who antes a new game: all, or the dealer only (Loo's single).",
               "§4.3 lou.ante_by", ANTE_BY),
    OptionSpec("rotations", int, 2,
               "The match ends after this many dealer rotations (at the end of a game), and at the latest after "
               f"{DEAL_LIMIT_ROTATIONS} x rotations x players deals, a loo pending or not.", "§0.5"),
    OptionSpec("lone_player", str, "takes_pot", "Exactly one in: takes the pot, or plays a dummy hand.",
               "§4.5 lou.lone_player", LONE_PLAYER),
    OptionSpec("strict_loo", bool, False, "Head the trick, trump and overtrump; lead the trump ace.",
               "§4.7 lou.strict_loo"),
    OptionSpec("lead", str, "left_of_dealer", "Who leads: the first in left of the dealer, or by upcard count.",
               "§4.7 lou.lead", LEADS),
    OptionSpec("payout", str, "per_trick", "A third of the pot per trick, or 2+ tricks take the pot.",
               "§4.8 lou.payout", PAYOUTS),
    OptionSpec("allow_debt", bool, False,
               "Keep negative balances instead of busting short stacks (nobody busts, so with payout=majority a "
               "game may never end: the deal limit of rotations ends the match; at most "
               f"{MAX_DEBT_ROTATIONS} rotations, as the pot may grow each deal).", "§0.6 lou.allow_debt"),
)


@dataclass(frozen=True, slots=True)
class LouOptions:
    """Rule options; the defaults are the rules of RULES §4 (and the match of §0.5)."""

    start_chips: int = 100
    ante: int = 3
    ante_multiple_of_3: bool = True
    ante_by: str = "all"
    rotations: int = 2
    lone_player: str = "takes_pot"
    strict_loo: bool = False
    lead: str = "left_of_dealer"
    payout: str = "per_trick"
    allow_debt: bool = False

    def validate(self) -> None:
        if not 1 <= self.start_chips <= MAX_CHIPS:
            raise InvalidInputError(f"start_chips must be from 1 to {MAX_CHIPS:,}, not {self.start_chips}")
        if not 1 <= self.ante <= MAX_CHIPS:
            raise InvalidInputError(f"ante must be from 1 to {MAX_CHIPS:,} chips, not {self.ante} (§4.3)")
        if self.ante_multiple_of_3 and self.ante % 3:
            raise InvalidInputError(
                f"ante {self.ante} is not a multiple of 3 (§4.3: the pot must divide by 3; "
                "--option ante_multiple_of_3=false allows it)")
        if self.rotations < 1:
            raise InvalidInputError(f"rotations must be at least 1, not {self.rotations} (§0.5)")
        if self.allow_debt and self.rotations > MAX_DEBT_ROTATIONS:
            raise InvalidInputError(
                f"rotations={self.rotations} with allow_debt=true: at most {MAX_DEBT_ROTATIONS} (with debts the pot "
                "may grow every deal, and a longer match could not be written down)")
        check_choices(("ante_by", self.ante_by, ANTE_BY), ("lone_player", self.lone_player, LONE_PLAYER),
                      ("lead", self.lead, LEADS), ("payout", self.payout, PAYOUTS))

    def deal_limit(self, players: int) -> int:
        """The most deals a match of `players` may last: it ends after this deal even with a loo
        pending (the pot left is shared as at any end, §0.5)."""
        return DEAL_LIMIT_ROTATIONS * self.rotations * players

    def to_dict(self) -> dict[str, Any]:
        return options_dict(self)

    @classmethod
    def from_mapping(cls, data: Mapping[str, object]) -> LouOptions:
        """Options from a mapping (a record's, or the resolved `--option`s), checked by name and type."""
        return options_from_mapping(cls, data, "lou")
