"""The payout of a played Хлюст deal (RULES §3.10), as a pure function of the kassa and the tricks.

settlement.py applies it to the stacks, where a player short of chips pays what he has (§0.6):
the concealers pay their penalty first (under `concealment_base = doubled` what they actually paid
joins the kassa that is split), then the kassa pays its receipts, then the хлюстовщик pays his
penalty and the `three_takes_all` shares change hands. Whatever is left in the kassa is carried.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

K = TypeVar("K")


@dataclass(frozen=True, slots=True)
class Settlement(Generic[K]):
    """`receipts`: what each player takes from the kassa; `penalties`: what each owes into it
    (concealers and a failed хлюстовщик, K each); `transfers`: (payer, payee, chips) between
    players; `carry`: what goes into the next kassa when everything is paid in full."""

    receipts: dict[K, int]
    penalties: dict[K, int]
    transfers: tuple[tuple[K, K, int], ...]
    carry: int


def settle(kassa: int, tricks: Mapping[K, int], khlyustovshchik: K | None = None, concealers: Collection[K] = (),
           mode: str = "majority_takes_all", base: str = "original", two_trick_share: int = 1,
           concealed_in: int | None = None) -> Settlement[K]:
    """§3.10 for the players who played to the end (`tricks`, 3 in all), the хлюстовщик if one
    played, and the concealers among them. `concealed_in` is what the concealers actually paid
    (default: K each)."""
    hidden = [k for k in tricks if k in concealers]
    paid_in = kassa * len(hidden) if concealed_in is None else concealed_in
    penalties: dict[K, int] = {k: kassa for k in hidden}
    receipts: dict[K, int] = {}
    transfers: tuple[tuple[K, K, int], ...] = ()
    declarer = khlyustovshchik
    if declarer is not None and mode == "majority_takes_all" and tricks[declarer] >= 2:
        receipts[declarer] = kassa                                   # step 2: the whole kassa
    elif declarer is not None and mode == "three_takes_all":
        fair = [k for k in tricks if k not in concealers]
        three = [k for k in fair if tricks[k] == 3]
        if three:
            receipts[three[0]] = kassa
        two = [k for k in fair if tricks[k] == 2]
        if two and two_trick_share:
            transfers = tuple((k, two[0], two_trick_share) for k in tricks if k != two[0] and tricks[k] <= 1)
    else:
        # Step 3: a third per trick; concealers' shares and the remainder stay in the kassa.
        split = kassa + paid_in if hidden and base == "doubled" else kassa
        share = split // 3
        for k, won in tricks.items():
            if won and k not in concealers:
                receipts[k] = share * won
        if declarer is not None and mode == "majority_takes_all":
            penalties[declarer] = kassa                              # 0 or 1 trick: pays K
    extra = sum(v for k, v in penalties.items() if k not in hidden)
    carry = kassa + paid_in + extra - sum(receipts.values())
    return Settlement(receipts, penalties, transfers, carry)
