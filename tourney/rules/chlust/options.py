"""Chlust option flags (RULES §2, gap table §2.11) and their checked, typed form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from tourney.errors import InvalidInputError
from tourney.rules.chlust.combos import DEFAULT_ORDER, TIEBREAK_ORDERS
from tourney.rules.games import OptionSpec, OptionValue

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
ACE_SWAPS: Final = ("lowest_card", "lowest_held")
SPADE_TEN_RULES: Final = ("clubs_trump", "club_ten_upcard")
TRICK_TIES: Final = ("carry", "split", "first_trick")

OPTIONS: Final = (
    OptionSpec("with_nines", bool, False, "Play with 24 cards (the 9s added).", "§2.1 chlust.with_nines"),
    OptionSpec("ante", int, 1, "Chips every player puts into the pot before each deal.", "§2.3"),
    OptionSpec("raise_unit", int, 0, "Chips a raise adds to the bet level (0: the ante).", "§2.7 chlust.raise_unit"),
    OptionSpec("max_raises", int, 3, "Raises allowed in one betting round.", "§2.7 chlust.max_raises"),
    OptionSpec("last_may_fold", bool, False,
               "The last player in may fold too; then the pot is carried to the next deal.",
               "§2.7 chlust.last_may_fold"),
    OptionSpec("ace_swap", str, "lowest_card",
               "Who may swap an Ace upcard: the holder of the lowest trump card of the deck, "
               "or of the lowest trump anyone holds.", "§2.5 chlust.ace_swap", ACE_SWAPS),
    OptionSpec("spade_ten_rule", str, "clubs_trump",
               "When the spade ten is wild instead of the club ten: whenever clubs are trumps, "
               "or only when the upcard is the club ten.", "§2.6 chlust.spade_ten_rule", SPADE_TEN_RULES),
    OptionSpec("tiebreak_order", str, DEFAULT_ORDER, "Keys that compare combinations of the same kind.",
               "§2.8 chlust.tiebreak_order", tuple(TIEBREAK_ORDERS)),
    OptionSpec("start_chips", int, 20, "Chips each player starts the match with.", "§0.5"),
    OptionSpec("rotations", int, 2, "The match ends after this many complete dealer rotations.", "§0.5"),
    OptionSpec("allow_debt", bool, False, "Keep negative balances instead of busting a player short of chips.",
               "§0.6 chlust.allow_debt"),
    OptionSpec("trick_tie", str, "carry",
               "A tie for most tricks: carry the pot, split it, or the first trick's winner takes it.",
               "§2.9 chlust.trick_tie", TRICK_TIES),
)


@dataclass(frozen=True, slots=True)
class ChlustRules:
    """The rule options of one game, checked (the match options live with the match)."""

    with_nines: bool = False
    ante: int = 1
    raise_unit: int = 1
    max_raises: int = 3
    last_may_fold: bool = False
    ace_swap: str = "lowest_card"
    spade_ten_rule: str = "clubs_trump"
    tiebreak_order: str = DEFAULT_ORDER
    trick_tie: str = "carry"

    @classmethod
    def from_options(cls, options: Mapping[str, OptionValue]) -> ChlustRules:
        """From resolved option values (every spec's name present, types checked)."""
        ante = int(options.get("ante", 1))
        unit = int(options.get("raise_unit", 0))
        max_raises = int(options.get("max_raises", 3))
        if ante < 1:
            raise InvalidInputError(f"option 'ante' must be at least 1 chip, not {ante} (§2.3)")
        if unit < 0:
            raise InvalidInputError(f"option 'raise_unit' must be 0 (the ante) or more, not {unit} (§2.7)")
        if max_raises < 0:
            raise InvalidInputError(f"option 'max_raises' must be 0 or more, not {max_raises} (§2.7)")
        return cls(
            with_nines=bool(options.get("with_nines", False)), ante=ante, raise_unit=unit or ante,
            max_raises=max_raises, last_may_fold=bool(options.get("last_may_fold", False)),
            ace_swap=str(options.get("ace_swap", "lowest_card")),
            spade_ten_rule=str(options.get("spade_ten_rule", "clubs_trump")),
            tiebreak_order=str(options.get("tiebreak_order", DEFAULT_ORDER)),
            trick_tie=str(options.get("trick_tie", "carry")),
        )
