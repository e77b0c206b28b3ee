"""The Lou game record (RULES Appendix A.2): the lines and their keys.

Every line has `"event"`; every line of a deal has `"deal"` (1, 2, ... over the match). Chips can be
audited: the `game` line's chips = the current chips + `pot` after every `ante`, `settle` and `end`.

    game    game "lou", seed, players (clockwise), options, chips {player: start stack}
    ante    game_no, deal (the deal it funds), antes {player: paid}, busted [..], pot (after the antes)
    deal    deal, game_no, dealer, pot (P of this deal), hands {player: 3 cards in the order dealt,
            dealer's left first}, upcard, trump (its suit)
    in/out  deal, player: the secret choices, written together once everyone has chosen (§4.5)
    dummy   deal, hand: the lone player's dummy (lone_player=plays_dummy), the top 3 of the stock
    draw    deal, player, discards [..], cards [..] (drawn from the top of the stock; §4.6)
    play    deal, trick, player, card (the dummy's cards: player null, "dummy": true)
    trick   deal, trick, cards [[player, card], ...] (lead first), winner (null: the dummy)
    settle  deal, result ("misdeal" | "lone" | "played"), pot_start (P), tricks {player: n} (and
            dummy_tricks), looed [..], deltas {player: change}, busted [..] (short of a loo
            payment, then those left with no chips, §0.6), pot (what stays in the pot), game_over
            (true: no loo, the next deal starts a new game with antes)
    end     deals, games, split {player: share of the pot left, §0.5}, chips {player: final},
            pot (0), standings [best first]; after a game with no loo once the rotations are done,
            or when one player holds chips, or after the deal limit (`LouOptions.deal_limit`)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tourney.rules.tricks.cards import CARD_TEXT, SUITS

GAME_NAME = "lou"


def game_event(names: Sequence[str], seed: int | None, options: dict[str, Any], chips: Sequence[int]) -> dict[str, Any]:
    return {"event": "game", "game": GAME_NAME, "seed": seed, "players": list(names), "options": options,
            "chips": dict(zip(names, chips, strict=True))}


def deal_event(names: Sequence[str], deal: int, game_no: int, dealer: int, pot: int,
               hands: Sequence[tuple[int, list[int]]], upcard: int) -> dict[str, Any]:
    return {"event": "deal", "deal": deal, "game_no": game_no, "dealer": names[dealer], "pot": pot,
            "hands": {names[seat]: [CARD_TEXT[c] for c in cards] for seat, cards in hands},
            "upcard": CARD_TEXT[upcard], "trump": SUITS[upcard & 3]}
