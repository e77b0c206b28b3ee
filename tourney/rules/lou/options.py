"""Lou option flags (RULES §4.3-§4.9) and their checks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from tourney.errors import InvalidInputError

MIN_PLAYERS, MAX_PLAYERS = 2, 8
# A Lou game ends only after a deal with no loo (§4.8), which may never come (everyone always out:
# a misdeal every deal; `payout=majority` with `allow_debt`: every deal pays and nobody busts), so
# a match also ends after this many times `rotations` x players deals [resolved]. Ten times the
# deals of its rotations: the longest of 4,000 seeded per_trick bot matches without debts ran 4.
DEAL_LIMIT_ROTATIONS = 10
ANTE_BY = ("all", "dealer")
LONE_PLAYER = ("takes_pot", "plays_dummy")
LEADS = ("left_of_dealer", "upcard_count")
PAYOUTS = ("per_trick", "majority")


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
        if self.start_chips < 1:
            raise InvalidInputError(f"start_chips must be at least 1, not {self.start_chips}")
        if self.ante < 1:
            raise InvalidInputError(f"ante must be at least 1 chip, not {self.ante} (§4.3)")
        if self.ante_multiple_of_3 and self.ante % 3:
            raise InvalidInputError(
                f"ante {self.ante} is not a multiple of 3 (§4.3: the pot must divide by 3; "
                "--option ante_multiple_of_3=false allows it)")
        if self.rotations < 1:
            raise InvalidInputError(f"rotations must be at least 1, not {self.rotations} (§0.5)")
        for name, value, allowed in (("ante_by", self.ante_by, ANTE_BY), ("lone_player", self.lone_player, LONE_PLAYER),
                                     ("lead", self.lead, LEADS), ("payout", self.payout, PAYOUTS)):
            if value not in allowed:
                raise InvalidInputError(f"option {name!r} must be one of {', '.join(allowed)}, not {value!r}")

    def deal_limit(self, players: int) -> int:
        """The most deals a match of `players` may last: it ends after this deal even with a loo
        pending (the pot left is shared as at any end, §0.5)."""
        return DEAL_LIMIT_ROTATIONS * self.rotations * players

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_mapping(cls, data: Mapping[str, object]) -> LouOptions:
        """Options from a mapping (a record's, or the resolved `--option`s), checked by name and type."""
        types = {f.name: type(getattr(cls(), f.name)) for f in fields(cls)}
        values: dict[str, Any] = {}
        for name, value in data.items():
            expected = types.get(name)
            if expected is None:
                raise InvalidInputError(f"lou has no option {name!r} (options: {', '.join(types)})")
            if type(value) is not expected:
                raise InvalidInputError(f"option {name!r} must be {expected.__name__}, not {value!r}")
            values[name] = value
        options = cls(**values)
        options.validate()
        return options
