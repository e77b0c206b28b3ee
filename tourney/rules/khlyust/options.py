"""Хлюст option flags (RULES §3, gap table §3.12; the duel §3.11) and their checked, typed form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from tourney.errors import InvalidInputError
from tourney.rules.games import OptionSpec, OptionValue
from tourney.rules.tricks.options import check_choices, options_dict, options_from_mapping

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
PODRUCHNY_SIDES: Final = ("right", "left")
SETTLEMENTS: Final = ("majority_takes_all", "three_takes_all", "proportional")
CONCEALMENT_BASES: Final = ("original", "doubled")

OPTIONS: Final = (
    OptionSpec("start_chips", int, 100, "Chips each player starts the match with.", "§0.5"),
    OptionSpec("ante", int, 3, "Chips every player puts into the kassa before each deal.", "§3.3"),
    OptionSpec("rotations", int, 2, "The match ends after this many complete dealer rotations.", "§0.5"),
    OptionSpec("allow_debt", bool, False, "Keep negative balances instead of busting a player short of chips.",
               "§0.6 khlyust.allow_debt"),
    OptionSpec("podruchny_side", str, "right",
               "The подручный (obliged to play, leads without a Хлюст): the dealer's right, or his left (S9, S10).",
               "§3.2 khlyust.podruchny_side", PODRUCHNY_SIDES),
    OptionSpec("declared_settlement", str, "majority_takes_all",
               "A declared Хлюст: 2+ tricks take the kassa (else a penalty K), 3 tricks take it "
               "(2 tricks are paid two_trick_share by each loser), or a plain split.",
               "§3.10 khlyust.declared_settlement", SETTLEMENTS),
    OptionSpec("two_trick_share", int, 1,
               "three_takes_all: what each player with 0-1 tricks pays a player with 2 tricks.",
               "§3.10 khlyust.declared_settlement"),
    OptionSpec("concealment_base", str, "original",
               "A concealer's penalty stays out of the split (original), or joins this deal's kassa (doubled: "
               "the others' share per trick is floor(2K/3)).", "§3.10 khlyust.concealment_base", CONCEALMENT_BASES),
    OptionSpec("allow_concealment", bool, True,
               "PLAY while holding a declarable Хлюст is allowed (and penalised); false: it must be declared "
               "(or exchanged away, or the player passes).", "§3.7 khlyust.allow_concealment"),
    OptionSpec("instant_khlyust", bool, False,
               "A declared Хлюст wins at once: the kassa, and each opponent still in pays the point value of the "
               "declarer's cards (A 11, K 4, Q 3, J 2, others face value).", "§3.10 khlyust.instant_khlyust"),
    OptionSpec("max_exchange", int, 3, "Cards a player may exchange at his turn (0: no exchange).",
               "§3.7 khlyust.max_exchange"),
    OptionSpec("obliged_may_exchange", bool, True, "The dealer and the подручный may exchange too.",
               "§3.7 khlyust.obliged_may_exchange"),
    OptionSpec("listy_by_exchange", bool, True,
               "A Листы made by exchange takes the kassa (false: it is just a hand).",
               "§3.6 khlyust.listy_by_exchange"),
    OptionSpec("must_head", bool, False, "Head the trick when following (trump and overtrump when void).",
               "§3.9 khlyust.must_head"),
    OptionSpec("okhlupku", bool, False, "A card neither of the led suit nor a trump goes face down and never wins.",
               "§3.9 khlyust.okhlupku"),
    OptionSpec("three_aces", bool, False, "Two players: a hand of three aces wins the pot at once.",
               "§3.11 khlyust2.three_aces"),
)


@dataclass(frozen=True, slots=True)
class KhlyustOptions:
    """The options of one match, checked."""

    start_chips: int = 100
    ante: int = 3
    rotations: int = 2
    allow_debt: bool = False
    podruchny_side: str = "right"
    declared_settlement: str = "majority_takes_all"
    two_trick_share: int = 1
    concealment_base: str = "original"
    allow_concealment: bool = True
    instant_khlyust: bool = False
    max_exchange: int = 3
    obliged_may_exchange: bool = True
    listy_by_exchange: bool = True
    must_head: bool = False
    okhlupku: bool = False
    three_aces: bool = False

    def validate(self) -> None:
        if self.start_chips < 1:
            raise InvalidInputError(f"option 'start_chips' must be at least 1, not {self.start_chips} (§0.5)")
        if self.ante < 1:
            raise InvalidInputError(f"option 'ante' must be at least 1 chip, not {self.ante} (§3.3)")
        if self.rotations < 1:
            raise InvalidInputError(f"option 'rotations' must be at least 1, not {self.rotations} (§0.5)")
        if not 0 <= self.max_exchange <= 3:
            raise InvalidInputError(f"option 'max_exchange' must be 0..3, not {self.max_exchange} (§3.7)")
        if self.two_trick_share < 0:
            raise InvalidInputError(f"option 'two_trick_share' must be 0 or more, not {self.two_trick_share} (§3.10)")
        check_choices(("podruchny_side", self.podruchny_side, PODRUCHNY_SIDES),
                      ("declared_settlement", self.declared_settlement, SETTLEMENTS),
                      ("concealment_base", self.concealment_base, CONCEALMENT_BASES))

    def to_dict(self) -> dict[str, OptionValue]:
        return options_dict(self)

    @classmethod
    def from_mapping(cls, data: Mapping[str, object]) -> KhlyustOptions:
        """Options from a mapping (a record's, or resolved `--option`s), checked by name and type;
        missing ones take their defaults."""
        return options_from_mapping(cls, data, "khlyust")
