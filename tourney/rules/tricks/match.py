"""A match at one table of a pot game (RULES §0.5, §0.6): a run of deals with starting stacks.

`Match` keeps the stacks, who is still seated, the dealer and the rotations; the game's state
machine decides what is paid and when a deal or a game ends. The deal passes left (clockwise) to
the next seated player; the match ends after `rotations` complete dealer rotations (the deal has
passed the first dealer's seat that often, so every seat deals equally often) or when at most one
seated player has chips. A player who owes more than he holds pays everything and is busted
(§0.6) unless `allow_debt` keeps negative balances; a player who ends a deal with no chips is out
too (`bust_empty`, the same in all three games: README, "A player left with no chips"). The pot
left at the end is shared from the last dealer's left. The finishing order ranks seated players by
chips and busted players after them, the last busted first; players busted in the same deal share
a place, as do seated players with equal chips. `check_seating` refuses a Хлюст or Lou table
that cannot start.
"""

from __future__ import annotations

from collections.abc import Sequence

from tourney.errors import InvalidInputError
from tourney.rules.games import Outcome
from tourney.rules.tricks.chips import split_evenly


def check_seating(players: Sequence[str], first_dealer: int, game: str, fewest: int, most: int,
                  section: str) -> tuple[str, ...]:
    """The players of a new match of Хлюст or Lou, refused (`InvalidInputError`) unless there are
    `fewest`-`most` of them (RULES `section`) with distinct names and `first_dealer` is a seat."""
    names = tuple(players)
    if not fewest <= len(names) <= most:
        raise InvalidInputError(f"a {game} game seats {fewest}-{most} players, not {len(names)} ({section})")
    if len(set(names)) != len(names):
        raise InvalidInputError("player names must be distinct")
    if not 0 <= first_dealer < len(names):
        raise InvalidInputError(f"first dealer seat {first_dealer} is not a seat of {len(names)} players")
    return names


class Match:
    """The stacks and the dealer of one table's match."""

    def __init__(self, n: int, start_chips: Sequence[int], first_dealer: int, rotations: int,
                 allow_debt: bool = False) -> None:
        self.n = n
        self.chips: list[int] = list(start_chips)
        self.start_chips: tuple[int, ...] = tuple(start_chips)
        self.seated: list[bool] = [True] * n
        # The deal number each busted seat went out in (-1 while seated), and the bust order.
        self.bust_deal: list[int] = [-1] * n
        self.bust_order: list[int] = []
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        # Who dealt the last deal played: the odd chips of the final split start at his left (§0.5).
        self.last_dealer = first_dealer
        self.rotations = rotations
        self.rotations_done = 0
        self.deals = 0
        self.allow_debt = allow_debt

    def copy(self) -> Match:
        other = Match(self.n, self.start_chips, self.first_dealer, self.rotations, self.allow_debt)
        other.chips = list(self.chips)
        other.seated = list(self.seated)
        other.bust_deal = list(self.bust_deal)
        other.bust_order = list(self.bust_order)
        other.dealer = self.dealer
        other.last_dealer = self.last_dealer
        other.rotations_done = self.rotations_done
        other.deals = self.deals
        return other

    # -- seats --

    def next_seated(self, seat: int) -> int:
        """The next seated player clockwise after `seat` (`seat` itself if nobody else is)."""
        n = self.n
        nxt = (seat + 1) % n
        while not self.seated[nxt] and nxt != seat:
            nxt = (nxt + 1) % n
        return nxt

    def seated_from_left_of(self, seat: int) -> list[int]:
        """Every seated player clockwise, starting at `seat`'s left (ending with `seat` if seated)."""
        n = self.n
        return [s for s in ((seat + k) % n for k in range(1, n + 1)) if self.seated[s]]

    def seated_count(self) -> int:
        return sum(1 for s in self.seated if s)

    def with_chips(self) -> int:
        """How many seated players have chips left."""
        return sum(1 for s in range(self.n) if self.seated[s] and self.chips[s] > 0)

    # -- chips --

    def pay(self, seat: int, amount: int, deal: int) -> int:
        """`seat` pays `amount` (into the pot); returns what was paid. Short of chips, he pays
        everything he has and is busted in deal `deal` (§0.6), unless debts are allowed."""
        have = self.chips[seat]
        if amount > have and not self.allow_debt:
            self.chips[seat] = 0
            self.bust(seat, deal)
            return have
        self.chips[seat] = have - amount
        return amount

    def collect(self, seats: Sequence[int], amount: int, deal: int) -> tuple[dict[int, int], list[int]]:
        """Each of `seats` in turn pays `amount` (the antes of deal `deal`): what each paid, and who
        was short of it and is out (§0.6)."""
        paid: dict[int, int] = {}
        out: list[int] = []
        for seat in seats:
            paid[seat] = self.pay(seat, amount, deal)
            if not self.seated[seat]:
                out.append(seat)
        return paid, out

    def receive(self, seat: int, amount: int) -> None:
        self.chips[seat] += amount

    def bust_empty(self, deal: int) -> list[int]:
        """At the end of deal `deal`, every seated player left with no chips is out (busted in that
        deal), clockwise from the dealer's left; returns them. He could pay no ante (§0.6), and §0.5
        counts only the players with chips; kept seated he would be dealt in with nothing at stake.
        With `allow_debt` nobody busts."""
        if self.allow_debt:
            return []
        empty = [seat for seat in self.seated_from_left_of(self.dealer) if self.chips[seat] <= 0]
        for seat in empty:
            self.bust(seat, deal)
        return empty

    def bust(self, seat: int, deal: int) -> None:
        if self.seated[seat]:
            self.seated[seat] = False
            self.bust_deal[seat] = deal
            self.bust_order.append(seat)

    # -- the deal and the end --

    def pass_deal(self) -> None:
        """The deal passes to the left (§0.2); passing the first dealer's seat completes a rotation."""
        old = self.dealer
        new = self.next_seated(old)
        n = self.n
        to_first = (self.first_dealer - old - 1) % n + 1
        to_new = (new - old - 1) % n + 1
        if to_first <= to_new:
            self.rotations_done += 1
        self.last_dealer = old
        self.dealer = new
        self.deals += 1

    @property
    def finished(self) -> bool:
        """The match may end here: the rotations are done, or one seated player (or none) has chips."""
        return self.rotations_done >= self.rotations or self.with_chips() <= 1

    def split_pot(self, pot: int) -> dict[int, int]:
        """The pot left at the end, shared by the seated players; odd chips go one each clockwise
        from the left of the last dealer (who dealt the last deal played, not the next one, §0.5).
        The shares are paid out here."""
        if pot and not any(self.seated):
            self._reseat_last_busted()
        shares = split_evenly(pot, self.seated_from_left_of(self.last_dealer))
        for seat, amount in shares.items():
            self.chips[seat] += amount
        return shares

    def _reseat_last_busted(self) -> None:
        """Everyone busted in the last deal, with chips still in the pot: the players who went out
        in that deal were the table when the match ended, so they share the pot and are ranked by
        it, as seated players ([resolved]: §0.5 names no one else to take it)."""
        last = max(self.bust_deal)
        for seat in range(self.n):
            if self.bust_deal[seat] == last:
                self.seated[seat] = True
                self.bust_deal[seat] = -1
        self.bust_order = [seat for seat in self.bust_order if not self.seated[seat]]

    def finishing_order(self) -> tuple[list[int], list[int]]:
        """Seats best first, and each one's place (shared places have the same number)."""
        seated = sorted((s for s in range(self.n) if self.seated[s]), key=lambda s: (-self.chips[s], s))
        busted = sorted(self.bust_order, key=lambda s: (-self.bust_deal[s], s))
        order = seated + busted
        keys = [(0, -self.chips[s]) if self.seated[s] else (1, -self.bust_deal[s]) for s in order]
        places: list[int] = []
        for i, key in enumerate(keys):
            places.append(places[-1] if i and keys[i - 1] == key else i + 1)
        return order, places

    def outcome(self, players: Sequence[str]) -> Outcome:
        """The finishing order as a game's `Outcome`: everyone best first with places and chips;
        the players in first place advance."""
        order, places = self.finishing_order()
        return Outcome(tuple(players[s] for s in order), tuple(places),
                       tuple(players[s] for s, p in zip(order, places, strict=True) if p == 1),
                       tuple(self.chips[s] for s in order))
