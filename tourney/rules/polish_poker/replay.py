"""Replay a Polish Poker game record (Appendix A.1), re-deriving every event.

The record drives the rules: `deal` lines supply the cards, `declare` and `call` lines the actions.
Every other line (auto calls, resolutions, eliminations, the end) must equal what the rules derive;
the first line that does not is reported with the rule it breaks. Lines arrive decoded (the engine
reads the file), so this module stays pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tourney.errors import IllegalActionError, InvalidInputError, RecordError
from tourney.rules.cards import Card
from tourney.rules.polish_poker.actions import CALL
from tourney.rules.polish_poker.dealer import Dealer, RandomDealer
from tourney.rules.polish_poker.declarations import parse_declaration
from tourney.rules.polish_poker.existence import ID_OF_CARD
from tourney.rules.polish_poker.options import PolishPokerOptions
from tourney.rules.polish_poker.state import PolishPokerState
from tourney.rules.replaying import read_header, run_record

# Which rule each derived key of a record enforces, for the error message.
RULE_OF: dict[tuple[str, str], str] = {
    ("deal", "round"): "rounds are numbered from 1 (§1.4)",
    ("deal", "starter"): "the starting player (§1.10)",
    ("deal", "cap"): "the card cap for the players still in (§1.3)",
    ("call", "player"): "the caller is the next player in turn (§1.5, §1.9)",
    ("call", "auto"): "only FIVE:A calls automatically (§1.9)",
    ("resolve", "declarer"): "the declarer is the last player who declared (§1.5)",
    ("resolve", "caller"): "the caller is the player who called (§1.5)",
    ("resolve", "declaration"): "a CALL challenges the last declaration (§1.5)",
    ("resolve", "exists"): "the existence check over all hands and the community card (§1.8)",
    ("resolve", "loser"): "the caller loses if the hand exists, else the declarer (§1.8)",
    ("resolve", "cards"): "the loser takes one more card (§1.3)",
    ("eliminate", "player"): "a loser already at the cap is eliminated (§1.3)",
    ("eliminate", "place"): "places count down from the number of players (§1.11)",
    ("end", "rounds"): "the game ends when the last players remain (§1.11)",
    ("end", "standings"): "standings are the reverse order of elimination (§1.11)",
    ("end", "advancing"): "the players left when the table stops advance (§1.12)",
}
COMPARED_KEYS: dict[str, tuple[str, ...]] = {
    "deal": ("round", "starter", "cap"),
    "declare": ("round", "player", "declaration"),
    "call": ("round", "player", "auto"),
    "resolve": ("round", "declarer", "caller", "declaration", "exists", "loser", "cards"),
    "eliminate": ("round", "player", "place"),
    "end": ("rounds", "standings", "advancing"),
}


class _ScriptedDealer:
    """Deals exactly the hands the record's `deal` lines show, checking them as it goes."""

    def __init__(self, deals: Sequence[tuple[int, dict[str, Any]]], last_line: int,
                 seeded: tuple[int, Dealer] | None = None) -> None:
        self._deals = list(deals)
        self._next = 0
        self._last_line = last_line
        self._seeded = seeded

    def __call__(self, names: Sequence[str], counts: Sequence[int]) -> tuple[list[tuple[int, ...]], int]:
        if self._next >= len(self._deals):
            raise RecordError(self._last_line + 1, "the record ends before the game does: a 'deal' is missing")
        line, event = self._deals[self._next]
        self._next += 1
        hands = event.get("hands")
        if not isinstance(hands, dict):
            raise RecordError(line, "deal has no 'hands' object")
        if set(hands) != set(names):
            raise RecordError(line, f"deal hands are for {sorted(hands)} but the players still in are "
                                    f"{sorted(names)} (§1.4: every player still in gets cards)")
        seen: set[int] = set()
        dealt: list[tuple[int, ...]] = []
        for name, count in zip(names, counts, strict=True):
            cards = hands[name]
            if not isinstance(cards, list) or len(cards) != count:
                got = len(cards) if isinstance(cards, list) else cards
                raise RecordError(line, f"{name} is dealt {got} cards but holds {count} (§1.3: 1 card to start, "
                                        "+1 per lost round)")
            dealt.append(tuple(self._card(line, text, seen) for text in cards))
        community = event.get("community")
        if not isinstance(community, str):
            raise RecordError(line, "deal has no 'community' card")
        dealt_community = self._card(line, community, seen)
        if self._seeded is not None:
            seed, reference = self._seeded
            if reference(names, counts) != (dealt, dealt_community):
                raise RecordError(line, f"these are not the cards seed {seed} deals (the deal was changed, or the "
                                        "game was not played from its seed)")
        return dealt, dealt_community

    @staticmethod
    def _card(line: int, text: object, seen: set[int]) -> int:
        if not isinstance(text, str):
            raise RecordError(line, f"card {text!r} is not a string")
        try:
            card_id = ID_OF_CARD.get(Card.parse(text))
        except InvalidInputError as error:
            raise RecordError(line, str(error)) from None
        if card_id is None:
            raise RecordError(line, f"card {text!r} is not in the polish-poker deck (§1.1)")
        if card_id in seen:
            raise RecordError(line, f"card {text!r} is dealt twice (§1.1: one 25-card deck)")
        seen.add(card_id)
        return card_id


def replay(events: list[tuple[int, dict[str, Any]]], check_seed: bool = False) -> PolishPokerState:
    """Replay a record and return the final state; raise `RecordError` at the first bad line.

    With `check_seed`, the record's `seed` must also re-deal every hand and draw the first starter,
    as the engine does (`PolishPokerState.new`): a record changed consistently (cards and results
    together) still replays, but not from its seed.
    """
    line, first = events[0]
    if first.get("event") != "game":
        raise RecordError(line, "the first line must be the 'game' event")
    if first.get("game") != "polish-poker":
        raise RecordError(line, f"game {first.get('game')!r} is not 'polish-poker'")
    header = read_header(events, "polish-poker")
    players = header.players
    starter = header.first_deal_seat("starter")
    seed = header.raw_seed
    seeded: tuple[int, Dealer] | None = None
    if check_seed:
        rng = header.seeded_rng()
        assert header.seed is not None  # seeded_rng refuses a record without an integer seed
        lot = players[int(rng.random() * len(players))]
        if lot != players[starter]:
            raise RecordError(header.deals[0][0], f"seed {header.seed} draws {lot} to start, not "
                                                  f"{players[starter]} (§1.10)")
        seeded = (header.seed, RandomDealer(rng))
    dealer = _ScriptedDealer(header.deals, last_line=events[-1][0], seeded=seeded)
    try:
        options = PolishPokerOptions.from_dict(header.options)
        state = PolishPokerState(players, dealer, first_starter=starter, options=options,
                                 seed=seed if isinstance(seed, int) else None)
    except RecordError:
        raise
    except InvalidInputError as error:
        raise RecordError(line, str(error)) from None
    run_record(events, lambda: state.events, lambda line, event: _drive(state, line, event),
               lambda: state.terminal, compare=_compare, ends_early=_ends_early)
    return state


def _ends_early(expected: dict[str, Any] | None) -> str:
    missing = expected["event"] if expected is not None else "action"
    return f"the record ends before the game does: expected a {missing!r} line (§1.11: play until one player remains)"


def _drive(state: PolishPokerState, line: int, event: dict[str, Any]) -> None:
    kind = event["event"]
    if state.terminal:
        raise RecordError(line, f"{kind!r} after the end of the game (§1.11)")
    player = event.get("player")
    expected = state.players[state.to_act]
    if kind not in ("declare", "call"):
        raise RecordError(line, f"expected {expected}'s 'declare' or 'call', found {kind!r} (§1.5)")
    if event.get("round") != state.round:
        raise RecordError(line, f"round is {event.get('round')!r} but the game is in round {state.round} (§1.4)")
    if player != expected:
        raise RecordError(line, f"{player!r} acts out of turn: it is {expected}'s turn (§1.5)")
    if kind == "call":
        if event.get("auto"):
            raise RecordError(line, "an automatic call follows only FIVE:A (§1.9)")
        action = CALL
    else:
        text = event.get("declaration")
        if not isinstance(text, str):
            raise RecordError(line, "declare has no 'declaration'")
        try:
            action = parse_declaration(text)
        except InvalidInputError as error:
            raise RecordError(line, str(error)) from None
    try:
        state.apply(action)
    except IllegalActionError as error:
        raise RecordError(line, str(error)) from None


def _compare(line: int, event: dict[str, Any], derived: dict[str, Any]) -> None:
    """Only the keys of COMPARED_KEYS are compared (the `game` line was checked by `replay`), each
    difference named with its rule."""
    kind, expected_kind = event["event"], derived["event"]
    if kind != expected_kind:
        raise RecordError(line, f"expected a {expected_kind!r} event here, found {kind!r}")
    for key in COMPARED_KEYS.get(kind, ()):
        if event.get(key) != derived.get(key):
            rule = RULE_OF.get((kind, key), "Appendix A.1")
            raise RecordError(line, f"{kind} {key} is {event.get(key)!r} but the rules give "
                                    f"{derived.get(key)!r} ({rule})")
