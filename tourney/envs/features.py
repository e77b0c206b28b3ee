"""Each game's observation as a documented vector of numbers (issue 32 item 4).

A game's `FeatureSpec` is a list of blocks, each a run of positions with one meaning (the cards of
the hand, the upcard, each seat's chips, ...), read from the seat's view (`view.to_json()`, what a
bot is sent). Seats are relative: position 0 of a per-seat block is the observing seat, then the
seats after it in turn; a block has room for the most players the game seats (zeros past the
table). Cards are 53 positions: `CARDS`. Counts and chips are the plain numbers (not scaled).
`positions(game)` lists every position with its meaning; `docs/rl.md` is generated from it
(`python scripts/regenerate_rl_doc.py`). Standard library only: the environments copy the numbers
into numpy arrays. (Compiled with mypyc it encoded a
Chlust view in 3.7 us against 5.4: about 5 % of an environment step, so it stays interpreted.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from tourney.rules.games import GameDescriptor, find_game

CARDS: Final = (*(rank + suit for rank in "23456789TJQKA" for suit in "CDHS"), "JK")
CARD_INDEX: Final = {text: i for i, text in enumerate(CARDS)}
SUITS: Final = "CDHS"

View = Mapping[str, Any]
# Writes a block's numbers that are not 0: (the view, the seats' names from the observer on, the
# vector's non-zero numbers by position, the block's start).
Fill = Callable[[View, Sequence[str], dict[int, float], int], None]


@dataclass(frozen=True, slots=True)
class Block:
    name: str
    size: int
    meaning: str
    fill: Fill
    labels: tuple[str, ...] = ()  # a name for each position, when they have one


class FeatureSpec:
    """A game's vector: its blocks in order, `size` numbers in all."""

    def __init__(self, game: str, seats: int, blocks: tuple[Block, ...]) -> None:
        self.game = game
        self.seats = seats
        self.blocks = blocks
        self.size = sum(block.size for block in blocks)

    def encode_sparse(self, view: View) -> dict[int, float]:
        """The view's numbers that are not 0, by position (most are 0: an environment writes these)."""
        out: dict[int, float] = {}
        players = view["players"]
        seat = view["seat"]
        order = [*players[seat:], *players[:seat]]
        start = 0
        for block in self.blocks:
            block.fill(view, order, out, start)
            start += block.size
        return out

    def encode(self, view: View) -> list[float]:
        """The view's numbers, `size` of them."""
        dense = [0.0] * self.size
        for position, value in self.encode_sparse(view).items():
            dense[position] = value
        return dense

    def positions(self) -> list[tuple[int, int, str, str]]:
        """(first, last, block name, meaning) of every block, in order."""
        rows = []
        start = 0
        for block in self.blocks:
            rows.append((start, start + block.size - 1, block.name, block.meaning))
            start += block.size
        return rows


# ------------------------------------------------------------------------------------ blocks

def cards(key: str, meaning: str, pick: Callable[[View], Sequence[str] | None] | None = None) -> Block:
    """1 at each card of `view[key]` (a list of card texts)."""
    def fill(view: View, order: Sequence[str], out: dict[int, float], start: int) -> None:
        for card in (view.get(key) if pick is None else pick(view)) or ():
            if card is not None:
                out[start + CARD_INDEX[card]] = 1.0
    return Block(key, len(CARDS), f"{meaning}: 1 at each card, in the order of CARDS", fill, CARDS)


def card(key: str, meaning: str) -> Block:
    """1 at the card `view[key]` (none: all 0)."""
    def fill(view: View, order: Sequence[str], out: dict[int, float], start: int) -> None:
        text = view.get(key)
        if text is not None:
            out[start + CARD_INDEX[text]] = 1.0
    return Block(key, len(CARDS), f"{meaning}: 1 at the card, in the order of CARDS", fill, CARDS)


def choice(key: str, choices: Sequence[str], meaning: str) -> Block:
    def fill(view: View, order: Sequence[str], out: dict[int, float], start: int) -> None:
        value = view.get(key)
        if value in choices:
            out[start + choices.index(value)] = 1.0
    return Block(key, len(choices), f"{meaning}: 1 at one of {', '.join(choices)}", fill, tuple(choices))


def number(key: str, meaning: str) -> Block:
    def fill(view: View, order: Sequence[str], out: dict[int, float], start: int) -> None:
        value = view.get(key)
        if value:
            out[start] = float(value)
    return Block(key, 1, meaning, fill)


def flag(key: str, meaning: str) -> Block:
    def fill(view: View, order: Sequence[str], out: dict[int, float], start: int) -> None:
        if view.get(key):
            out[start] = 1.0
    return Block(key, 1, f"{meaning}: 1 or 0", fill)


def per_seat(key: str, seats: int, meaning: str) -> Block:
    """`view[key][name]` for each seat from the observer on (a seat not in the mapping: 0)."""
    def fill(view: View, order: Sequence[str], out: dict[int, float], start: int) -> None:
        values = view.get(key) or {}
        for i, name in enumerate(order):
            value = values.get(name)
            if value:
                out[start + i] = float(value)
    return Block(key, seats, f"{meaning}, for each seat from yours on", fill)


def seat_flags(key: str, seats: int, meaning: str) -> Block:
    """1 for each seat named in the list `view[key]`."""
    def fill(view: View, order: Sequence[str], out: dict[int, float], start: int) -> None:
        named = set(view.get(key) or ())
        for i, name in enumerate(order):
            if name in named:
                out[start + i] = 1.0
    return Block(key, seats, f"{meaning}: 1 for each such seat from yours on", fill)


def seat_one_hot(key: str, seats: int, meaning: str, pick: Callable[[View], str | None] | None = None) -> Block:
    """1 at the seat named `view[key]` (none: all 0)."""
    def fill(view: View, order: Sequence[str], out: dict[int, float], start: int) -> None:
        name = view.get(key) if pick is None else pick(view)
        if name is not None and name in order:
            out[start + order.index(name)] = 1.0
    return Block(key, seats, f"{meaning}: 1 at that seat, counted from yours (0: you)", fill)


def _trick_cards(view: View) -> list[str]:
    return [entry[1] for entry in view.get("trick") or () if entry[1] is not None]


def _trick_leader(view: View) -> str | None:
    trick = view.get("trick") or ()
    return trick[0][0] if trick else None


# ------------------------------------------------------------------------------------ games

def _polish_poker(game: GameDescriptor) -> FeatureSpec:
    seats = game.seats[1]
    parse = game.parse_action
    assert parse is not None
    texts = [game.action_text(i) for i in range(89)] if game.action_text is not None else []

    def last_declaration(view: View, order: Sequence[str], out: dict[int, float], start: int) -> None:
        if view.get("last") is not None:
            out[start + parse(view["last"])] = 1.0

    def declarations_made(view: View, order: Sequence[str], out: dict[int, float], start: int) -> None:
        made = len(view.get("declarations") or ())
        if made:
            out[start] = float(made)

    def last_declarer(view: View) -> str | None:
        made = view.get("declarations") or ()
        return made[-1]["player"] if made else None

    return FeatureSpec(game.name, seats, (
        cards("hand", "your cards"),
        card("community", "the community card"),
        per_seat("counts", seats, "the cards each player holds (0: out)"),
        number("cap", "the most cards a player may hold"),
        number("round", "the round's number, 1 first"),
        seat_one_hot("starter", seats, "who declared first this round"),
        Block("last", 89, "the declaration to beat: 1 at its action id (all 0: none yet)", last_declaration,
              tuple(texts)),
        seat_one_hot("last_declarer", seats, "who made it", last_declarer),
        Block("declarations", 1, "declarations made this round", declarations_made),
        flag("ranked_suits", "suits are ranked (suit_order=ranked)"),
    ))


def _chlust(game: GameDescriptor) -> FeatureSpec:
    seats = game.seats[1]
    return FeatureSpec(game.name, seats, (
        choice("phase", ("swap", "bet", "play", "over"), "what is being decided"),
        cards("hand", "your cards"),
        card("upcard", "the card turned up"),
        choice("trump", tuple(SUITS), "the trump suit"),
        number("deal", "the deal's number, 1 first"),
        seat_one_hot("dealer", seats, "who dealt"),
        number("pot", "chips in the pot"),
        per_seat("chips", seats, "each player's chips"),
        number("level", "the bet level of this betting round"),
        per_seat("contributions", seats, "what each player put in this betting round"),
        number("raises", "raises made this betting round"),
        number("max_raises", "raises allowed in a betting round"),
        number("raise_unit", "chips a raise adds"),
        number("cap", "the most a player may bet"),
        seat_flags("in", seats, "players still in this deal"),
        cards("trick", "the cards on the table in this trick", _trick_cards),
        seat_one_hot("trick_leader", seats, "who led this trick", _trick_leader),
        per_seat("tricks", seats, "tricks taken this deal"),
    ))


def _lou(game: GameDescriptor) -> FeatureSpec:
    seats = game.seats[1]
    return FeatureSpec(game.name, seats, (
        choice("phase", ("declare", "draw", "play", "over"), "what is being decided"),
        cards("hand", "your cards"),
        card("upcard", "the card turned up (its suit is trumps)"),
        number("deal", "the deal's number, 1 first"),
        number("game_no", "the game's number"),
        seat_one_hot("dealer", seats, "who dealt"),
        number("pot", "chips in the pot"),
        number("deal_pot", "the pot this deal plays for"),
        per_seat("chips", seats, "each player's chips"),
        choice("my_choice", ("IN", "OUT"), "your declaration (all 0: not yet)"),
        seat_flags("in", seats, "players who went in"),
        per_seat("draws", seats, "cards each player drew"),
        cards("discards", "your discards"),
        cards("trick", "the cards on the table in this trick", _trick_cards),
        seat_one_hot("trick_leader", seats, "who led this trick", _trick_leader),
        number("trick_no", "the trick's number in this deal (0: none yet)"),
        per_seat("tricks", seats, "tricks taken this deal"),
        number("dummy_tricks", "tricks the dummy hand took"),
    ))


KHLYUST_CALLS: Final = ("PLAY", "PASS", "DECLARE", "DECLARE TRUMP", "EXCHANGE", "ANSWER PLAY", "ANSWER PASS")


def _khlyust(game: GameDescriptor) -> FeatureSpec:
    seats = game.seats[1]

    def calls(view: View, order: Sequence[str], out: dict[int, float], start: int) -> None:
        for name, call in view.get("calls") or ():
            if name in order:
                kind, _, count = call.partition(":")
                base = start + order.index(name) * (len(KHLYUST_CALLS) + 1)
                out[base + KHLYUST_CALLS.index(kind)] = 1.0
                if count:
                    out[base + len(KHLYUST_CALLS)] = float(count)

    width = len(KHLYUST_CALLS) + 1
    labels = tuple(f"seat +{i} {kind}" for i in range(seats) for kind in (*KHLYUST_CALLS, "cards exchanged"))
    return FeatureSpec(game.name, seats, (
        choice("phase", ("announce", "answer", "play", "over"), "what is being decided"),
        flag("duel", "two players left: the duel rules"),
        cards("hand", "your cards"),
        card("upcard", "the card turned up (its suit is trumps)"),
        number("deal", "the deal's number, 1 first"),
        seat_one_hot("dealer", seats, "who dealt"),
        number("pot", "chips in the pot"),
        number("kassa", "the kassa"),
        per_seat("chips", seats, "each player's chips"),
        seat_one_hot("zaruchny", seats, "the заручный"),
        seat_one_hot("podruchny", seats, "the подручный"),
        seat_one_hot("khlyustovshchik", seats, "who declared a Хлюст"),
        flag("trump_khlyust_declared", "a trump Хлюст was declared"),
        Block("calls", seats * width, f"each seat's call from yours on, {width} positions a seat: 1 at its kind "
              f"({', '.join(KHLYUST_CALLS)}), then the cards it exchanged", calls, labels),
        seat_flags("in_play", seats, "players in play"),
        cards("discards", "your discards"),
        cards("trick", "the cards on the table in this trick", _trick_cards),
        seat_one_hot("trick_leader", seats, "who led this trick", _trick_leader),
        number("trick_no", "the trick's number in this deal (0: none yet)"),
        per_seat("tricks", seats, "tricks taken this deal"),
    ))


_BUILDERS: Final[dict[str, Callable[[GameDescriptor], FeatureSpec]]] = {
    "polish-poker": _polish_poker, "chlust": _chlust, "lou": _lou, "khlyust": _khlyust,
}
_specs: dict[str, FeatureSpec] = {}


def has_features(game: str | GameDescriptor) -> bool:
    return find_game(game).name in _BUILDERS


def feature_spec(game: str | GameDescriptor) -> FeatureSpec:
    """The game's documented vector (a game without one: KeyError; its environments offer the JSON)."""
    descriptor = find_game(game)
    spec = _specs.get(descriptor.name)
    if spec is None:
        spec = _specs[descriptor.name] = _BUILDERS[descriptor.name](descriptor)
    return spec
