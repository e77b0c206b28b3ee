"""The Polish Poker state machine (RULES §1.3-§1.11) and its game record (Appendix A.1).

A state is created already dealt; chance is explicit: a `Dealer` hands out the cards of every
round (`RandomDealer` takes a `random.Random`, replays script the recorded deals). Actions are
integers: 0..88 declare the declaration of that index, `CALL` (89) challenges the last one.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

from tourney.errors import IllegalActionError, InvalidActionError, InvalidInputError
from tourney.rules.cards import Card
from tourney.rules.polish_poker.declarations import (
    CANONICAL,
    DECLARATIONS,
    FIVE_ACES,
    N_DECLARATIONS,
    SUIT_INDEX,
    parse_declaration,
)
from tourney.rules.polish_poker.existence import CARD_OF_ID, CARD_TEXT, DEFICIT, JOKER_ID, N_CARDS
from tourney.rules.polish_poker.options import CAPS, MAX_PLAYERS, MIN_PLAYERS, PolishPokerOptions

CALL: Final = 89
N_ACTIONS: Final = 90
ACTION_TEXT: Final[tuple[str, ...]] = (*CANONICAL, "CALL")
assert N_DECLARATIONS == CALL


def action_id(text: str) -> int:
    """The integer id of an action given as text: 'CALL' or a declaration in any accepted form."""
    if text.strip().upper() == "CALL":
        return CALL
    return parse_declaration(text)


# --- raise tables -----------------------------------------------------------------------------

def _higher(levels: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(j for j in range(N_DECLARATIONS) if levels[j] > levels[i]) for i in range(N_DECLARATIONS))


# Module constants are Final so that mypyc reads them as C globals rather than dict lookups.
_LEVELS_EQUAL: Final[tuple[int, ...]] = tuple(d.level for d in DECLARATIONS)
_LEVELS_RANKED: Final[tuple[int, ...]] = tuple(d.ranked_level for d in DECLARATIONS)
_SUIT_BIT: Final[tuple[int, ...]] = tuple(
    (1 << SUIT_INDEX[d.suit]) if d.suit is not None and d.is_suit_category else 0 for d in DECLARATIONS)
HIGHER_EQUAL: Final[tuple[tuple[int, ...], ...]] = _higher(_LEVELS_EQUAL)
HIGHER_RANKED: Final[tuple[tuple[int, ...], ...]] = _higher(_LEVELS_RANKED)
# SAME_LEVEL_UNUSED[i][used]: same-level declarations (other suits) still open after `i` with
# `used` the bitmask of suits declared at that level; only suit categories have any.
SAME_LEVEL_UNUSED: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple(j for j in range(N_DECLARATIONS)
              if _LEVELS_EQUAL[j] == _LEVELS_EQUAL[i] and _SUIT_BIT[j] and not used & _SUIT_BIT[j])
        for used in range(16))
    for i in range(N_DECLARATIONS))
_NO_RAISES: Final[tuple[int, ...]] = ()


def raise_options(last: int, used: int, ranked: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Legal raises over `last`: (same-level suits still open, strictly higher declarations)."""
    if ranked:
        return _NO_RAISES, HIGHER_RANKED[last]
    return SAME_LEVEL_UNUSED[last][used], HIGHER_EQUAL[last]


def legal_raises(last: int, used: int, ranked: bool) -> list[int]:
    same, higher = raise_options(last, used, ranked)
    return sorted(same + higher)


# --- chance -----------------------------------------------------------------------------------

class Dealer(Protocol):
    def __call__(self, names: Sequence[str], counts: Sequence[int]) -> tuple[list[tuple[int, ...]], int]:
        """Hands (card ids) for players `names` holding `counts` cards, and the community card."""
        ...


class RandomDealer:
    """Shuffles with the `random.Random` it is given: same seed, same deals, on every machine."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._random: Callable[[], float] = rng.random

    def clone(self) -> RandomDealer:
        """A dealer whose future deals are this one's: the generator's state is copied."""
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        return RandomDealer(rng)

    def __call__(self, names: Sequence[str], counts: Sequence[int]) -> tuple[list[tuple[int, ...]], int]:
        total = 0
        for count in counts:
            total += count
        deck = list(_DECK_IDS)
        rnd = self._random
        # A partial Fisher-Yates over the cards needed: at most 21 of the 25 are ever used.
        for i in range(total + 1):
            j = i + int(rnd() * (25 - i))
            deck[i], deck[j] = deck[j], deck[i]
        hands: list[tuple[int, ...]] = []
        start = 0
        for count in counts:
            end = start + count
            hands.append(tuple(deck[start:end]))
            start = end
        return hands, deck[total]


class _ReplayDealer:
    """Deals recorded rounds again (hands by seat, empty for players out), then hands over."""

    def __init__(self, deals: list[tuple[tuple[tuple[int, ...], ...], int]], then: Dealer) -> None:
        self._deals = deals
        self._next = 0
        self.then = then

    @property
    def exhausted(self) -> bool:
        return self._next >= len(self._deals)

    def remaining(self) -> list[tuple[tuple[tuple[int, ...], ...], int]]:
        return self._deals[self._next:]

    def __call__(self, names: Sequence[str], counts: Sequence[int]) -> tuple[list[tuple[int, ...]], int]:
        if self._next >= len(self._deals):
            return self.then(names, counts)
        hands, community = self._deals[self._next]
        self._next += 1
        return [hand for hand in hands if hand], community


_DECK_IDS: Final[tuple[int, ...]] = tuple(range(N_CARDS))
_BIT: Final[tuple[int, ...]] = tuple(1 << i for i in range(N_CARDS))
_CAP_BY_PLAYERS_IN: Final[tuple[int, ...]] = tuple(CAPS.get(n, 0) for n in range(MAX_PLAYERS + 1))
assert N_CARDS == 25


# --- public views -----------------------------------------------------------------------------

class RoundSummary:
    """A finished round as every player saw it after the cards were revealed."""

    __slots__ = ("auto_call", "caller", "cap", "cards", "community_id", "declarations", "eliminated", "exists",
                 "hand_ids", "loser", "place", "round", "starter")

    def __init__(self, round: int, starter: int, cap: int, hand_ids: tuple[tuple[int, ...], ...],
                 community_id: int, declarations: tuple[tuple[int, int], ...], caller: int, auto_call: bool,
                 exists: bool, loser: int, cards: int, place: int) -> None:
        self.round = round
        self.starter = starter
        self.cap = cap
        self.hand_ids = hand_ids
        """Revealed hands (card ids) by seat; empty for players who were not in the round."""
        self.community_id = community_id
        self.declarations = declarations
        """(seat, declaration index) in order."""
        self.caller = caller
        self.auto_call = auto_call
        self.exists = exists
        self.loser = loser
        self.cards = cards
        """The loser's card count for the next round; 0 when eliminated."""
        self.place = place
        """The loser's final place when eliminated, else 0."""
        self.eliminated = place > 0

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(CARD_OF_ID[c] for c in hand) for hand in self.hand_ids)

    @property
    def community(self) -> Card:
        return CARD_OF_ID[self.community_id]


class View:
    """What the player at `seat` may know when it is their turn (RULES §1.4).

    One is built for every decision, so it is a plain slotted object (a compiled struct under
    mypyc). Every field is an immutable value, so a bot that writes to its view changes nothing
    but its own copy.
    """

    __slots__ = ("cap", "community_id", "counts", "declarations", "hand_ids", "history", "last", "players",
                 "ranked_suits", "round", "seat", "starter", "used")

    def __init__(self, seat: int, players: tuple[str, ...], hand_ids: tuple[int, ...], counts: tuple[int, ...],
                 cap: int, community_id: int, round: int, starter: int,
                 declarations: tuple[tuple[int, int], ...], last: int, used: int, ranked_suits: bool,
                 history: tuple[RoundSummary, ...]) -> None:
        self.seat = seat
        self.players = players
        self.hand_ids = hand_ids
        """Own cards as card ids (see `existence.CARD_OF_ID`); `hand` gives them as cards."""
        self.counts = counts
        """Cards each seat holds this round; 0 for players who are out."""
        self.cap = cap
        self.community_id = community_id
        self.round = round
        self.starter = starter
        self.declarations = declarations
        """(seat, declaration index) in order, this round."""
        self.last = last
        """Index of the current declaration, -1 before the opening declaration."""
        self.used = used
        """Bitmask (S=1, H=2, D=4, C=8) of suits declared at the current level."""
        self.ranked_suits = ranked_suits
        self.history = history
        """Earlier rounds of this game with their revealed cards."""

    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(CARD_OF_ID[c] for c in self.hand_ids)

    @property
    def community(self) -> Card:
        return CARD_OF_ID[self.community_id]

    def legal_actions(self) -> list[int]:
        if self.last < 0:
            return list(range(N_DECLARATIONS))
        return [*legal_raises(self.last, self.used, self.ranked_suits), CALL]


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
        self._ranked = self.options.suit_order == "ranked"
        self._levels = _LEVELS_RANKED if self._ranked else _LEVELS_EQUAL
        self.counts = [self.options.start_cards] * self.n
        self.alive = [True] * self.n
        self.players_in = self.n
        self._seats_in = list(range(self.n))
        self._names_in = list(names)
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
        return cls(players, RandomDealer(rng), first_starter=first, options=options, seed=seed)

    # -- rounds --

    def _start_round(self) -> None:
        self.round += 1
        players_in = self.players_in
        self.cap = _CAP_BY_PLAYERS_IN[players_in]
        counts = self.counts
        dealt, community = self._dealer(self._names_in, [counts[s] for s in self._seats_in])
        if players_in == self.n:
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
        self.last = -1
        self.last_seat = -1
        self.used = 0
        self.round_declarations = ()
        self.to_act = self.starter

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
        return new > old or (new == old and bool(_SUIT_BIT[action]) and not self.used & _SUIT_BIT[action])

    def apply_text(self, text: str) -> None:
        self.apply(action_id(text))

    def apply(self, action: int) -> None:
        """Play `action` for the player in turn; raise `IllegalActionError` if the rules forbid it."""
        if self.terminal:
            raise IllegalActionError(f"the game is over; {_action_text(action)} cannot be played (§1.11)")
        seat = self.to_act
        if action == CALL:
            if self.last < 0:
                raise IllegalActionError(f"{self.players[seat]} cannot CALL: nothing has been declared yet (§1.5)")
            self.decisions += 1
            self._resolve(seat, auto=False)
            return
        if action.__class__ is not int or not 0 <= action < N_DECLARATIONS:
            raise InvalidActionError(f"unknown action id {action!r} (0..{N_ACTIONS - 1})")
        last = self.last
        if last >= 0:
            levels = self._levels
            new, old = levels[action], levels[last]
            bit = _SUIT_BIT[action]
            if new > old:
                self.used = bit
            elif new == old and bit and not self.used & bit:
                self.used |= bit
            else:
                raise IllegalActionError(self._why_not(action))
        else:
            self.used = _SUIT_BIT[action]
        self.decisions += 1
        self.last = action
        self.last_seat = seat
        self.round_declarations += ((seat, action),)
        nxt = self._next[seat]
        if action == FIVE_ACES:
            self._resolve(nxt, auto=True)
        else:
            self.to_act = nxt

    def _why_not(self, action: int) -> str:
        new, old = CANONICAL[action], CANONICAL[self.last]
        if self._levels[action] == self._levels[self.last] and _SUIT_BIT[action]:
            return f"{new!r} does not beat {old!r} (suit already used at this level this round, §1.7)"
        return f"{new!r} does not beat {old!r} (a raise must name a higher hand, §1.7)"

    def _resolve(self, caller: int, *, auto: bool) -> None:
        declarer = self.last_seat
        mask = self.mask
        exists = DEFICIT[self.last](mask) <= mask >> JOKER_ID
        loser = caller if exists else declarer
        eliminated = self.counts[loser] >= self.cap
        place = 0
        if eliminated:
            place = self.players_in
            self._eliminate(loser, place)
        else:
            self.counts[loser] += 1
        self._history += (RoundSummary(
            self.round, self.starter, self.cap, tuple(self.hands), self.community, self.round_declarations,
            caller, auto, exists, loser, self.counts[loser], place),)
        if self.players_in <= self.options.until:
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
        self._seats_in = [s for s in range(self.n) if self.alive[s]]
        self._names_in = [self.players[s] for s in self._seats_in]
        for s in range(self.n):
            nxt = (s + 1) % self.n
            while not self.alive[nxt]:
                nxt = (nxt + 1) % self.n
            self._next[s] = nxt

    def _next_starter(self, loser: int, caller: int, declarer: int) -> int:
        rule = self.options.next_starter
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
        then = _copy_future_dealer(self._dealer)
        deals = [(summary.hand_ids, summary.community_id) for summary in self._history]
        if not self.terminal:
            deals.append((tuple(self.hands), self.community))
        other = PolishPokerState(self.players, _ReplayDealer(deals, then), first_starter=self._first_starter,
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

    def outcome(self) -> list[str]:
        """Standings, winner (or advancing players) first; empty while the game runs."""
        return list(self.standings)

    # -- the record --

    @property
    def events(self) -> list[dict[str, Any]]:
        """The game so far as Appendix A.1 record events, rebuilt from the round history."""
        names = self.players
        out: list[dict[str, Any]] = [{
            "event": "game", "game": "polish-poker", "seed": self.seed, "players": list(names),
            "options": self.options.to_dict()}]
        for summary in self._history:
            out.extend(_round_events(names, summary))
        if self.terminal:
            out.append({"event": "end", "rounds": self.round, "standings": list(self.standings),
                        "advancing": list(self.advancing)})
        else:
            out.append(_deal_event(names, self.round, self.starter, self.cap, self.hands, self.community))
            out.extend(_declare_event(names, self.round, seat, action) for seat, action in self.round_declarations)
        return out


def _deal_event(names: tuple[str, ...], round_no: int, starter: int, cap: int,
                hands: Sequence[tuple[int, ...]], community: int) -> dict[str, Any]:
    return {"event": "deal", "round": round_no, "starter": names[starter], "cap": cap,
            "hands": {names[s]: [CARD_TEXT[c] for c in hand] for s, hand in enumerate(hands) if hand},
            "community": CARD_TEXT[community]}


def _declare_event(names: tuple[str, ...], round_no: int, seat: int, action: int) -> dict[str, Any]:
    return {"event": "declare", "round": round_no, "player": names[seat], "declaration": CANONICAL[action]}


def _round_events(names: tuple[str, ...], summary: RoundSummary) -> list[dict[str, Any]]:
    round_no = summary.round
    events = [_deal_event(names, round_no, summary.starter, summary.cap, summary.hand_ids, summary.community_id)]
    events.extend(_declare_event(names, round_no, seat, action) for seat, action in summary.declarations)
    declarer, declared = summary.declarations[-1]
    events.append({"event": "call", "round": round_no, "player": names[summary.caller], "auto": summary.auto_call})
    resolve: dict[str, Any] = {
        "event": "resolve", "round": round_no, "declarer": names[declarer], "caller": names[summary.caller],
        "declaration": CANONICAL[declared], "exists": summary.exists, "loser": names[summary.loser]}
    if summary.place:
        events.append(resolve)
        events.append({"event": "eliminate", "round": round_no, "player": names[summary.loser],
                       "place": summary.place})
    else:
        resolve["cards"] = summary.cards
        events.append(resolve)
    return events


def _copy_future_dealer(dealer: Dealer) -> Dealer:
    """A copy of whatever deals `dealer` will hand out next."""
    if isinstance(dealer, _ReplayDealer) and dealer.exhausted:
        dealer = dealer.then
    if isinstance(dealer, RandomDealer):
        return dealer.clone()
    if isinstance(dealer, _ReplayDealer):
        return _ReplayDealer(dealer.remaining(), _copy_future_dealer(dealer.then))
    return copy.deepcopy(dealer)


def _action_text(action: int) -> str:
    return ACTION_TEXT[action] if 0 <= action < N_ACTIONS else repr(action)


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
