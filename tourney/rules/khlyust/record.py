"""The Хлюст game record (RULES Appendix A.2): one JSON object per line, in this order.

Every line has `"event"`; every line of a deal has `"deal"` (1, 2, ... over the match).

    game     game "khlyust", seed, players (clockwise), options, chips {player: start stack},
             duel (true: two players, the 36-card game of §3.11)
    ante     deal, antes {player: paid}, busted [..] (short of the ante, §0.6), carry (the kassa
             carried in), pot (after the antes: the kassa K of the deal)
    deal     deal, dealer, zaruchny, podruchny (null in the duel), pot (K), hands {player: 3 cards,
             in the dealing order from the dealer's left}, upcard, trump
    listy    deal, player, cards, exchange (true: made by exchange): a Листы shown (§3.6)
    declare  deal, player, khlyust ("plain" | "trump"): a Хлюст declared at the player's turn
    exchange deal, player, discards [..], cards [..] (drawn from the top of the stock), declares
             ("plain" | "trump" | null: a Хлюст made by exchange is declared at once, §3.7)
    play     deal, player, conceals (true: he holds a Хлюст he may declare, §3.10): "Играю"
    pass     deal, player: "Пас" at the announcements
    answer   deal, player, answer ("play" | "pass"): the answer to a Хлюст (§3.8)
    card     deal, trick, player, card (and face_down: true under okhlupku, §3.9)
    trick    deal, trick, leader, cards [[player, card], ...] (lead first), winner
    settle   deal, result ("listy" | "conceded" | "instant" | "three_aces" | "played"), pot_start
             (K), winner (null: the tricks split the kassa), khlyustovshchik, concealers [..],
             tricks {player: n} (played deals), deltas {player: net change over the deal, the ante
             included}, busted [..] (short of a payment, then those left with no chips, §0.6),
             pot (carried into the next kassa)
    end      deals, split {player: share of the pot left, §0.5}, chips {player: final}, pot (0),
             standings [best first], places

The chip audit: the `game` chips = the current chips + `pot` after every `ante`, `settle` and `end`
line (each `settle`'s deltas plus that deal's antes balance the change of the pot).
"""

from __future__ import annotations

from typing import Final

GAME_NAME: Final = "khlyust"
# The lines a player's choice makes (the replayer drives the state with them); every other line
# is derived by the rules and must be equal in a record.
ACTION_EVENTS: Final = frozenset({"declare", "exchange", "play", "pass", "answer", "card"})
