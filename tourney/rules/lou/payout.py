"""The payout of a played Lou deal (RULES §4.8), as a pure function of the pot and the tricks.

settlement.py applies it to the stacks (where a short stack pays what it has, §0.6), and the
arbiter's `tourney rules settle lou` prints it for a live table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from tourney.errors import InvalidInputError
from tourney.rules.tricks.chips import thirds

K = TypeVar("K")


@dataclass(frozen=True, slots=True)
class Settlement(Generic[K]):
    """`receipts`: what each player takes from the pot; `owed`: what each looed player must pay
    into it (the pot `P` of the deal); `kept`: what stays in the pot before the loo payments."""

    receipts: dict[K, int]
    owed: dict[K, int]
    kept: int

    @property
    def game_over(self) -> bool:
        """No payments: the game ends (§4.8, "until a single")."""
        return not self.owed

    def next_pot(self) -> int:
        """The next pot when every payment is made in full."""
        return self.kept + sum(self.owed.values())


def settle(pot: int, tricks: Mapping[K, int], payout: str = "per_trick", dummy_tricks: int = 0) -> Settlement[K]:
    """The settlement of a deal with pot `pot` among the players who were in (`tricks`, 3 in all
    with the lone player's dummy's `dummy_tricks`).

    per_trick: each trick pays `u = floor(P/3)`; a player with no trick pays `P`; the remainder
    and a dummy's shares stay in the pot. majority: 2 or 3 tricks take the whole pot; everyone
    else who was in pays `P`; nobody with 2 tricks: the pot stays and everyone in pays `P`.
    """
    if payout == "majority":
        winners = [k for k, t in tricks.items() if t >= 2]
        owed = {k: pot for k, t in tricks.items() if t <= 1}
        if winners:
            return Settlement({winners[0]: pot}, owed, 0)
        return Settlement({}, owed, pot)
    share, rest = thirds(pot)
    receipts = {k: share * t for k, t in tricks.items() if t}
    owed = {k: pot for k, t in tricks.items() if not t}
    return Settlement(receipts, owed, rest + share * dummy_tricks)


def parse_tricks(text: str) -> dict[str, int]:
    """`A=2,B=1,C=0`: the tricks of each player who was in (2 or more players, 3 tricks in all),
    for the arbiter's `tourney rules settle lou`."""
    tricks: dict[str, int] = {}
    for item in text.split(","):
        name, sep, count = item.partition("=")
        name, count = name.strip(), count.strip()
        if not sep or not name or not count:
            raise InvalidInputError(f"--tricks is NAME=N,NAME=N,..., such as A=2,B=1,C=0, not {text!r}")
        if count not in ("0", "1", "2", "3"):
            raise InvalidInputError(f"{name} has {count!r} tricks: a deal has 3 tricks, so 0-3 (§0.4)")
        if name in tricks:
            raise InvalidInputError(f"{name} is given twice in --tricks")
        tricks[name] = int(count)
    if len(tricks) < 2:
        raise InvalidInputError("at least 2 players are in for tricks to be played (§4.5: one player in takes "
                                "the pot with no play)")
    if sum(tricks.values()) != 3:
        raise InvalidInputError(f"the tricks add up to {sum(tricks.values())}, but a deal has 3 (§0.4)")
    return tricks
