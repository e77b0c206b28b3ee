"""Polish Poker option flags (RULES §1.13) and the caps by table size (§1.3)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Final

from tourney.errors import InvalidInputError

# Most personal cards a player may hold, by the number of players still in (RULES §1.3).
CAPS: Final[dict[int, int]] = {2: 5, 3: 5, 4: 5, 5: 4, 6: 3}
MIN_PLAYERS, MAX_PLAYERS = 2, 6
SUIT_ORDERS = ("equal", "ranked")
NEXT_STARTERS = ("rotate", "loser", "caller")


def cap_for(players_in: int) -> int:
    """The card cap for a table with `players_in` players still in."""
    try:
        return CAPS[players_in]
    except KeyError:
        raise InvalidInputError(
            f"a Polish Poker table seats {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players_in}") from None


@dataclass(frozen=True, slots=True)
class PolishPokerOptions:
    """Rule options; the defaults are the rules of RULES §1.

    `until` is the stop rule of multi-table stages: the game ends when that many players remain.
    """

    start_cards: int = 1
    suit_order: str = "equal"
    next_starter: str = "rotate"
    until: int = 1

    def validate(self, n_players: int) -> None:
        cap = cap_for(n_players)
        if self.suit_order not in SUIT_ORDERS:
            raise InvalidInputError(f"suit_order must be one of {', '.join(SUIT_ORDERS)}, not {self.suit_order!r}")
        if self.next_starter not in NEXT_STARTERS:
            raise InvalidInputError(
                f"next_starter must be one of {', '.join(NEXT_STARTERS)}, not {self.next_starter!r}")
        if not 1 <= self.start_cards <= cap:
            raise InvalidInputError(f"start_cards must be 1..{cap} for {n_players} players, not {self.start_cards}")
        if not 1 <= self.until < n_players:
            raise InvalidInputError(f"until must be 1..{n_players - 1} for {n_players} players, not {self.until}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PolishPokerOptions:
        known = {f.name: f.type for f in fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise InvalidInputError(f"unknown option {unknown[0]!r} (known: {', '.join(known)})")
        values: dict[str, Any] = {}
        for name, value in data.items():
            expected = int if name in ("start_cards", "until") else str
            if not isinstance(value, expected) or isinstance(value, bool):
                raise InvalidInputError(f"option {name!r} must be {expected.__name__}, not {value!r}")
            values[name] = value
        return cls(**values)
