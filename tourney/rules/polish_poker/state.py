"""The Polish Poker state machine (RULES §1.3-§1.11) and its game record (Appendix A.1).

A state is created already dealt; chance is explicit: a `Dealer` (dealer.py) hands out the cards
of every round. Actions are the integers of actions.py.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from tourney.errors import IllegalActionError, InvalidActionError, InvalidInputError
from tourney.rules.cards import Card
from tourney.rules.games import Bot, Outcome
from tourney.rules.polish_poker.actions import CALL, N_ACTIONS, action_id, action_text
from tourney.rules.polish_poker.dealer import Dealer, RandomDealer, ReplayDealer, copy_future_dealer
from tourney.rules.polish_poker.declarations import CANONICAL, FIVE_ACES, N_DECLARATIONS
from tourney.rules.polish_poker.existence import CARD_OF_ID, CARD_TEXT, N_CARDS, exists
from tourney.rules.polish_poker.options import CAPS, MAX_PLAYERS, MIN_PLAYERS, PolishPokerOptions
from tourney.rules.polish_poker.raises import LEVELS_EQUAL, LEVELS_RANKED, SUIT_BIT, legal_raises
from tourney.rules.polish_poker.record import deal_event, declare_event, end_event, game_event, round_events
from tourney.rules.polish_poker.views import RoundSummary, View

_BIT: Final[tuple[int, ...]] = tuple(1 << i for i in range(N_CARDS))
_CAP_BY_PLAYERS_IN: Final[tuple[int, ...]] = tuple(CAPS.get(n, 0) for n in range(MAX_PLAYERS + 1))
# Every (seat, declaration) pair, built once: a declaration is recorded without a new tuple.
_DECLARED: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple((seat, action) for action in range(N_DECLARATIONS)) for seat in range(MAX_PLAYERS))
assert N_CARDS == 25


# --- the state --------------------------------------------------------------------------------

class PolishPokerState:
    """One game of Polish Poker at one table, from the first deal to the standings."""

    def __init__(
        self,
        players: Sequence[str],
        dealer: Dealer,
        *,
        first_starter: int,
        options: PolishPokerOptions | None = None,
        seed: int | None = None,
    ) -> None:
        names = tuple(players)
        _check_players(names)
        self.options = options or PolishPokerOptions()
        self.options.validate(len(names))
        if not 0 <= first_starter < len(names):
            raise InvalidInputError(f"first starter seat {first_starter} is not a seat of {len(names)} players")
        self.players = names
        self.n = len(names)
        self.seed = seed
        self._dealer = dealer
        # The usual dealer is called directly (a C call under mypyc) and deals by seat.
        self._random_dealer: RandomDealer | None = dealer if type(dealer) is RandomDealer else None
        self._until = self.options.until
        self._next_starter_rule = self.options.next_starter
        self._ranked = self.options.suit_order == "ranked"
        self._levels = LEVELS_RANKED if self._ranked else LEVELS_EQUAL
        self.counts = [self.options.start_cards] * self.n
        self.alive = [True] * self.n
        self.players_in = self.n
        self._seats_in = list(range(self.n))
        self._next = [(s + 1) % self.n for s in range(self.n)]
        self.places: dict[int, int] = {}
        self.eliminated: list[int] = []
        self._history: tuple[RoundSummary, ...] = ()
        self.round = 0
        self.decisions = 0  # actions chosen by players (the automatic call after FIVE:A is not one)
        self.starter = first_starter
        self._first_starter = first_starter
        self.terminal = False
        self.standings: list[str] = []
        self.advancing: list[str] = []
        self.cap = 0
        self.hands: list[tuple[int, ...]] = []
        self.community = 0
        self.mask = 0
        self._counts_view: tuple[int, ...] = ()
        self.last = -1
        self.last_seat = -1
        self.used = 0
        self.round_declarations: tuple[tuple[int, int], ...] = ()
        self.to_act = first_starter
        self._start_round()

    @classmethod
    def new(cls, players: Sequence[str], rng: random.Random, *, options: PolishPokerOptions | None = None,
            seed: int | None = None) -> PolishPokerState:
        """A new game: the first starter is drawn by lot (§1.10) and every deal comes from `rng`."""
        first = int(rng.random() * len(players))
        # Named, not `cls`: under mypyc a direct constructor call (a compiled class has no
        # interpreted subclasses to construct).
        return PolishPokerState(players, RandomDealer(rng), first_starter=first, options=options, seed=seed)

    # -- rounds --

    def _start_round(self) -> None:
        self.round += 1
        self.cap = _CAP_BY_PLAYERS_IN[self.players_in]
        random_dealer = self._random_dealer
        if random_dealer is not None:
            # A player out holds 0 cards (`_eliminate`), so the counts by seat are what is dealt.
            self.hands, self.community, self.mask = random_dealer.deal_by_seat(self.counts)
            self._counts_view = tuple(self.counts)
        else:
            self._deal_from(self._dealer)
        self.last = -1
        self.last_seat = -1
        self.used = 0
        self.round_declarations = ()
        self.to_act = self.starter

    def _deal_from(self, dealer: Dealer) -> None:
        """Deal through the `Dealer` protocol, which hands out cards to the players in only."""
        names_in = [self.players[s] for s in self._seats_in]
        dealt, community = dealer(names_in, [self.counts[s] for s in self._seats_in])
        if self.players_in == self.n:
            hands = dealt
        else:
            hands = [()] * self.n
            for seat, hand in zip(self._seats_in, dealt, strict=True):
                hands[seat] = hand
        mask = 1 << community
        for hand in dealt:
            for card in hand:
                mask |= 1 << card
        self.hands = hands
        self.community = community
        self.mask = mask
        self._counts_view = tuple([len(hand) for hand in hands])

    # -- actions --

    def legal_actions(self) -> list[int]:
        if self.terminal:
            return []
        if self.last < 0:
            return list(range(N_DECLARATIONS))
        return [*legal_raises(self.last, self.used, self._ranked), CALL]

    def is_legal(self, action: int) -> bool:
        if self.terminal or not 0 <= action < N_ACTIONS:
            return False
        if action == CALL:
            return self.last >= 0
        return self.last < 0 or self._beats(action)

    def _beats(self, action: int) -> bool:
        levels = self._levels
        new, old = levels[action], levels[self.last]
        return new > old or (new == old and bool(SUIT_BIT[action]) and not self.used & SUIT_BIT[action])

    def apply_text(self, text: str) -> None:
        self.apply(action_id(text))

    def apply(self, action: object) -> None:
        """Play `action` for the player in turn: `InvalidActionError` if it is not an action id,
        `IllegalActionError` if the rules forbid it here; a refused action changes nothing."""
        # bool is an int subclass, and 89.0 == CALL: only a true int is an action id.
        if action.__class__ is not int:
            raise InvalidActionError(f"an action is an integer id 0..{N_ACTIONS - 1}, not {action!r}")
        assert isinstance(action, int)
        self.apply_id(action)

    def apply_id(self, action: int) -> None:
        """`apply` for a value already known to be an int (the compiled play loop calls this)."""
        if self.terminal:
            raise IllegalActionError(f"the game is over; {action_text(action)} cannot be played (§1.11)")
        seat = self.to_act
        if action == CALL:
            if self.last < 0:
                raise IllegalActionError(f"{self.players[seat]} cannot CALL: nothing has been declared yet (§1.5)")
            self.decisions += 1
            self._resolve(seat, auto=False)
            return
        if not 0 <= action < N_DECLARATIONS:
            raise InvalidActionError(f"unknown action id {action!r} (0..{N_ACTIONS - 1})")
        last = self.last
        if last >= 0:
            levels = self._levels
            new, old = levels[action], levels[last]
            bit = SUIT_BIT[action]
            if new > old:
                self.used = bit
            elif new == old and bit and not self.used & bit:
                self.used |= bit
            else:
                raise IllegalActionError(self._why_not(action))
        else:
            self.used = SUIT_BIT[action]
        self.decisions += 1
        self.last = action
        self.last_seat = seat
        # A slice of the shared pairs, not an index: mypyc would unbox an indexed pair into a C
        # struct and box a new tuple to store it. `x = x + y`, not `+=`: mypyc compiles a tuple's
        # `+` to a direct concatenation and `+=` to Python's generic in-place add.
        self.round_declarations = self.round_declarations + _DECLARED[seat][action:action + 1]
        nxt = self._next[seat]
        if action == FIVE_ACES:
            self._resolve(nxt, auto=True)
        else:
            self.to_act = nxt

    def _why_not(self, action: int) -> str:
        new, old = CANONICAL[action], CANONICAL[self.last]
        if self._levels[action] == self._levels[self.last] and SUIT_BIT[action]:
            return f"{new!r} does not beat {old!r} (suit already used at this level this round, §1.7)"
        return f"{new!r} does not beat {old!r} (a raise must name a higher hand, §1.7)"

    def _resolve(self, caller: int, *, auto: bool) -> None:
        declarer = self.last_seat
        declared_exists = exists(self.last, self.mask)
        loser = caller if declared_exists else declarer
        held = self.counts[loser]
        place = 0
        if held >= self.cap:
            place = self.players_in
            self._eliminate(loser, place)
        else:
            # Not `+= 1`: mypyc compiles an item's augmented assignment as a generic Python add.
            self.counts[loser] = held + 1
        summary = RoundSummary(
            self.round, self.starter, self.cap, tuple(self.hands), self.community, self.round_declarations,
            caller, auto, declared_exists, loser, self.counts[loser], place)
        # `+`, not `+=` nor unpacking: mypyc compiles a tuple's `+` to one direct concatenation.
        self._history = self._history + (summary,)  # noqa: RUF005
        if self.players_in <= self._until:
            self._finish()
            return
        self.starter = self._next_starter(loser, caller, declarer)
        self._start_round()

    def _eliminate(self, seat: int, place: int) -> None:
        self.alive[seat] = False
        self.players_in -= 1
        self.places[seat] = place
        self.eliminated.append(seat)
        self.counts[seat] = 0
        self._seats_in.remove(seat)
        # Whoever passed the turn to `seat` now passes it to the next player still in after it.
        after = self._next[seat]
        next_seat = self._next
        for s in range(self.n):
            if next_seat[s] == seat:
                next_seat[s] = after

    def _next_starter(self, loser: int, caller: int, declarer: int) -> int:
        rule = self._next_starter_rule
        if rule == "loser":
            return loser if self.alive[loser] else self._next[loser]
        if rule == "caller":
            return caller if loser != caller else declarer
        return self._next[self.starter]

    def _finish(self) -> None:
        self.terminal = True
        survivors = list(self._seats_in)
        # Players left when a table stops all advance: they share place 1 (the winner, if only one).
        for seat in survivors:
            self.places[seat] = 1
        self.advancing = [self.players[s] for s in survivors]
        self.standings = self.advancing + [self.players[s] for s in reversed(self.eliminated)]

    def clone(self) -> PolishPokerState:
        """An independent copy with the same cards, history and future deals.

        Built by replaying this game's deals and actions through a fresh state, so a clone is
        exactly what the rules derive; the dealer is copied (`RandomDealer.clone`, else deep-copied).
        """
        then = copy_future_dealer(self._dealer)
        deals = [(summary.hand_ids, summary.community_id) for summary in self._history]
        if not self.terminal:
            deals.append((tuple(self.hands), self.community))
        other = PolishPokerState(self.players, ReplayDealer(deals, then), first_starter=self._first_starter,
                                 options=self.options, seed=self.seed)
        for summary in self._history:
            for _, action in summary.declarations:
                other.apply(action)
            if not summary.auto_call:
                other.apply(CALL)
        if not self.terminal:
            for _, action in self.round_declarations:
                other.apply(action)
        return other

    # -- what players see --

    def view(self, seat: int) -> View:
        return View(seat, self.players, self.hands[seat], self._counts_view, self.cap, self.community,
                    self.round, self.starter, self.round_declarations, self.last, self.used, self._ranked,
                    self._history)

    @property
    def history(self) -> tuple[RoundSummary, ...]:
        return self._history

    def hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(CARD_OF_ID[c] for c in self.hands[seat])

    def cards_in_play(self) -> tuple[Card, ...]:
        return tuple(CARD_OF_ID[i] for i in range(N_CARDS) if self.mask >> i & 1)

    def outcome(self) -> Outcome:
        """Standings (winner, or the players a stopped table sends on, first), places, round losers."""
        if not self.terminal:
            raise IllegalActionError("the game is still being played: it has no outcome yet (§1.11)")
        places = tuple(self.places[self.players.index(name)] for name in self.standings)
        losers = tuple(self.players[summary.loser] for summary in self._history)
        return Outcome(tuple(self.standings), places, tuple(self.advancing), None, losers)

    def hidden_cards(self, seat: int) -> frozenset[str]:
        """Other players' cards of this round that were not shown in an earlier round (§1.4)."""
        shown: set[int] = set()
        for summary in self._history:
            shown.add(summary.community_id)
            for hand in summary.hand_ids:
                shown.update(hand)
        if self.terminal:
            return frozenset()
        return frozenset(CARD_TEXT[card] for other, hand in enumerate(self.hands) if other != seat
                         for card in hand if card not in shown)

    # -- the record --

    @property
    def events(self) -> list[dict[str, Any]]:
        """The game so far as Appendix A.1 record events, rebuilt from the round history."""
        names = self.players
        out: list[dict[str, Any]] = [game_event(names, self.seed, self.options.to_dict())]
        for summary in self._history:
            out.extend(round_events(names, summary))
        if self.terminal:
            out.append(end_event(self.round, self.standings, self.advancing))
        else:
            out.append(deal_event(names, self.round, self.starter, self.cap, self.hands, self.community))
            out.extend(declare_event(names, self.round, seat, action) for seat, action in self.round_declarations)
        return out


def play_out(state: PolishPokerState, bots: Sequence[Bot]) -> None:
    """Let `bots` play `state` to its end. The state is typed here, so under mypyc its methods are
    direct C calls (the generic loop of the registry would call them through Python)."""
    # Each bot's `act` is looked up once per game, not once per decision. The bots are `Any` and
    # an answer `object`: typed as `Bot.act`'s int, a compiled build would check the answer itself
    # and raise TypeError instead of the project's error.
    acts: list[Any] = [bot.act for bot in bots]
    while not state.terminal:
        seat = state.to_act
        action: object = acts[seat](state.view(seat))
        if isinstance(action, int) and not isinstance(action, bool):
            state.apply_id(action)
        else:
            state.apply(action)


def _check_players(names: tuple[str, ...]) -> None:
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise InvalidInputError(
            f"a Polish Poker table seats {MIN_PLAYERS}-{MAX_PLAYERS} players, not {len(names)}")
    for name in names:
        if not name.strip():
            raise InvalidInputError("a player name is empty")
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise InvalidInputError(f"player {twice!r} is seated twice")
