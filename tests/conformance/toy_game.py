"""A toy game that only the tests register: one-card high card with a pot.

It proves the seam: this file is a whole game (state, view, record, replay on the shared loop of
rules/replaying.py, descriptor) and it plays, replays, passes the conformance suite and runs a live
stage without a line changed anywhere else. Each deal every player with chips antes 1 and gets one
card of a 13-card suit; in turn each bets 1 more or folds; the highest card among those who bet
takes the pot (nobody bets: the pot carries). After `deals` deals, or when one player has chips,
most chips win (and take a pot still carried).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from tourney.errors import IllegalActionError, InvalidActionError, InvalidInputError, RecordError
from tourney.rules.games import GameDescriptor, OptionSpec, OptionValue, Outcome, RecordLine, resolve_options
from tourney.rules.replaying import check_turn, read_header, run_record

NAME = "toy-high-card"
RANKS = "23456789TJQKA"
CARDS = tuple(f"{rank}S" for rank in RANKS)
FOLD, BET = 0, 1
ACTIONS = ("FOLD", "BET")
Dealer = Callable[[Sequence[str]], dict[str, str]]


class ToyView:
    def __init__(self, seat: int, state: ToyState) -> None:
        self.seat = seat
        self._legal = state.legal_actions() if state.to_act == seat else []
        self._json = {
            "game": NAME, "seat": seat, "players": list(state.players), "card": state.hands.get(state.players[seat]),
            "chips": dict(state.chips), "pot": state.pot, "deal": state.deal,
            "acted": [[state.players[s], ACTIONS[a]] for s, a in state.acted],
            "history": [dict(h) for h in state.history],
        }

    def legal_actions(self) -> list[int]:
        return list(self._legal)

    def to_json(self) -> dict[str, Any]:
        return dict(self._json)


class ToyState:
    def __init__(self, players: Sequence[str], dealer: Dealer, options: Mapping[str, OptionValue],
                 seed: int | None) -> None:
        self.players = tuple(players)
        self.options = dict(options)
        self.seed = seed
        self._dealer = dealer
        self.chips = {name: int(options["start_chips"]) for name in self.players}
        self.pot = 0
        self.deal = 0
        self.hands: dict[str, str] = {}
        self.acted: list[tuple[int, int]] = []
        self.history: list[dict[str, Any]] = []
        self.terminal = False
        self.to_act = 0
        self._events: list[dict[str, Any]] = [{"event": "game", "game": NAME, "seed": seed,
                                               "players": list(self.players), "options": dict(options)}]
        self._busted: list[str] = []
        self._start_deal()

    def _in_deal(self) -> list[int]:
        return [s for s, name in enumerate(self.players) if name in self.hands]

    def _start_deal(self) -> None:
        alive = [name for name in self.players if self.chips[name] > 0]
        if self.deal >= int(self.options["deals"]) or len(alive) <= 1:
            self._finish()
            return
        self.deal += 1
        for name in alive:
            self.chips[name] -= 1
            self.pot += 1
        self.hands = self._dealer(alive)
        self.acted = []
        self._events.append({"event": "deal", "deal": self.deal, "hands": dict(self.hands)})
        seats = self._in_deal()
        self.to_act = seats[(self.deal - 1) % len(seats)]

    def legal_actions(self) -> list[int]:
        if self.terminal:
            return []
        return [FOLD, BET] if self.chips[self.players[self.to_act]] > 0 else [FOLD]

    def apply(self, action: object) -> None:
        if action.__class__ is not int:
            raise InvalidActionError(f"an action is 0 (FOLD) or 1 (BET), not {action!r}")
        assert isinstance(action, int)
        if action not in (FOLD, BET):
            raise InvalidActionError(f"unknown action id {action} (0 FOLD, 1 BET)")
        if action not in self.legal_actions():
            raise IllegalActionError(f"{ACTIONS[action]} is not legal now")
        name = self.players[self.to_act]
        if action == BET:
            self.chips[name] -= 1
            self.pot += 1
        self.acted.append((self.to_act, action))
        self._events.append({"event": "act", "deal": self.deal, "player": name, "action": ACTIONS[action]})
        seats = self._in_deal()
        if len(self.acted) < len(seats):
            self.to_act = seats[(seats.index(self.to_act) + 1) % len(seats)]
            return
        self._settle()

    def _settle(self) -> None:
        bettors = [self.players[s] for s, a in self.acted if a == BET]
        winner = max(bettors, key=lambda n: RANKS.index(self.hands[n][0])) if bettors else None
        if winner is not None:
            self.chips[winner] += self.pot
            pot, self.pot = self.pot, 0
        else:
            pot = self.pot
        self.history.append({"deal": self.deal, "hands": dict(self.hands), "winner": winner})
        self._events.append({"event": "settle", "deal": self.deal, "winner": winner, "pot": pot,
                             "chips": dict(self.chips)})
        for name in self.players:
            if self.chips[name] == 0 and name not in self._busted:
                self._busted.append(name)
        self.hands = {}
        self._start_deal()

    def _finish(self) -> None:
        self.terminal = True
        order = sorted(self.players, key=lambda n: (-self.chips[n], self.players.index(n)))
        # A pot still carried goes to the leader: every chip the table sat down with is counted at
        # the end, which the live table's chip counts are held to.
        self.chips[order[0]] += self.pot
        self.pot = 0
        self._events.append({"event": "end", "standings": order, "chips": dict(self.chips)})

    def view(self, seat: int) -> ToyView:
        return ToyView(seat, self)

    def clone(self) -> ToyState:
        other = ToyState.__new__(ToyState)
        other.__dict__.update(self.__dict__)
        other.chips, other.hands, other.acted = dict(self.chips), dict(self.hands), list(self.acted)
        other.history, other._events, other._busted = list(self.history), list(self._events), list(self._busted)
        other.options = dict(self.options)
        other._dealer = _copy_dealer(self._dealer)
        return other

    def outcome(self) -> Outcome:
        if not self.terminal:
            raise IllegalActionError("the game is still being played")
        order = tuple(sorted(self.players, key=lambda n: (-self.chips[n], self.players.index(n))))
        chips = tuple(self.chips[n] for n in order)
        places = tuple(1 + sum(1 for c in chips if c > mine) for mine in chips)
        return Outcome(order, places, (order[0],), chips)

    @property
    def events(self) -> list[dict[str, Any]]:
        return [dict(e) for e in self._events]

    def hidden_cards(self, seat: int) -> frozenset[str]:
        shown = {card for past in self.history for card in past["hands"].values()}
        return frozenset(card for name, card in self.hands.items() if name != self.players[seat] and card not in shown)


class RandomDealer:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def __call__(self, names: Sequence[str]) -> dict[str, str]:
        return dict(zip(names, self.rng.sample(CARDS, len(names)), strict=False))


def _copy_dealer(dealer: Dealer) -> Dealer:
    if isinstance(dealer, RandomDealer):
        rng = random.Random()
        rng.setstate(dealer.rng.getstate())
        return RandomDealer(rng)
    return dealer


def new_state(players: Sequence[str], rng: random.Random, options: Mapping[str, OptionValue],
              seed: int | None) -> ToyState:
    return ToyState(players, RandomDealer(rng), options, seed)


def replay(lines: list[RecordLine], check_seed: bool) -> ToyState:
    """The record drives the state through the shared replay loop (rules/replaying.py): the `deal`
    lines supply the cards, the `act` lines the actions; every line must be the one derived."""
    header = read_header(lines, NAME)
    if check_seed:
        raise RecordError(header.line, "toy records are not checked against their seed")
    deals = iter(header.deals)

    def scripted(names: Sequence[str]) -> dict[str, str]:
        line, event = next(deals, (lines[-1][0] + 1, {}))
        hands = event.get("hands")
        if not isinstance(hands, dict) or sorted(hands) != sorted(names):
            raise RecordError(line, f"the deal must give one card to each of {sorted(names)}")
        if len(set(hands.values())) != len(hands) or not set(hands.values()) <= set(CARDS):
            raise RecordError(line, "a deal gives distinct cards of the 13-card suit")
        return dict(hands)

    try:
        options = resolve_options(TOY, header.options)
    except InvalidInputError as error:
        raise RecordError(header.line, str(error)) from None
    state = ToyState(header.players, scripted, options, header.seed)

    def drive(line: int, event: dict[str, Any]) -> None:
        check_turn(line, event, state.players, state.to_act, state.terminal, {"act"})
        if event.get("action") not in ACTIONS:
            raise RecordError(line, f"an action is FOLD or BET, not {event.get('action')!r}")
        try:
            state.apply(ACTIONS.index(event["action"]))
        except IllegalActionError as error:
            raise RecordError(line, str(error)) from None

    run_record(lines, lambda: state._events, drive, lambda: state.terminal)
    return state


def summary_lines(events: Sequence[dict[str, Any]]) -> Iterator[str]:
    for event in events:
        if event["event"] == "settle":
            yield f"deal {event['deal']}: {event['winner'] or 'nobody'} takes {event['pot']}"
        elif event["event"] == "end":
            yield "standings: " + ", ".join(f"{n} {event['chips'][n]}" for n in event["standings"])


TOY = GameDescriptor(
    name=NAME, title="Toy high card", aliases=("toy",), seats=(2, 6), max_table=6, live_result="chips",
    options=(OptionSpec("deals", int, 3, "Deals in a game.", "tests"),
             OptionSpec("start_chips", int, 5, "Chips each player starts with.", "tests")),
    new_state=new_state, action_text=lambda a: ACTIONS[a], parse_action=lambda t: ACTIONS.index(t.strip().upper()),
    replay=replay, summary_lines=summary_lines,
)
