"""The Chlust game record (RULES Appendix A.2): one JSON object per line, in this order.

```
{"event": "game", "game": "chlust", "seed": 7, "players": ["ann", "bob", "cy"], "options": {...},
 "chips": {"ann": 20, "bob": 20, "cy": 20}}
per deal:
{"event": "deal", "deal": 1, "dealer": "bob", "antes": {"ann": 1, "bob": 1, "cy": 1}, "busted": [],
 "hands": {"cy": ["AS", "QD", "JC"], ...}, "upcard": "KH", "trump": "H", "pot": 3}
{"event": "swap", "deal": 1, "player": "cy", "swap": true, "card": "TS"}       (Ace upcard, §2.5)
{"event": "bet", "deal": 1, "player": "cy", "action": "RAISE", "amount": 1, "level": 1}   (§2.7)
{"event": "fold", "deal": 1, "player": "ann"}
{"event": "showdown", "deal": 1, "wild": "TC", "combinations": {"cy": {"cards": [...], "kind":
 "three of a suit", "pure": true, "trump": false}}, "none": ["bob"], "winner": "cy", "decided_by": "only"}
{"event": "play", "deal": 1, "player": "bob", "card": "AS"}                       (§2.9)
{"event": "trick", "deal": 1, "trick": 1, "leader": "bob", "cards": [["bob", "AS"], ...], "winner": "bob"}
{"event": "settle", "deal": 1, "winner": "bob", "reason": "tricks", "tricks": {...}, "deltas": {...},
 "pot": 0}
at the end:
{"event": "end", "deals": 6, "chips": {...}, "pot": 0, "split": {...}, "standings": [...], "places": [...]}
```

- `hands` lists the players dealt in, clockwise from the dealer's left (the dealing order);
  `antes` every seated player's ante (a player short of it pays what he has and is `busted`). When
  the antes leave one player (or none) holding chips, the match ends undealt: that last `deal` line
  has `hands` `{}`, `upcard` and `trump` `null`, and the `end` line follows (§0.5, §0.6).
- A player left with no chips at a `settle` is out from then on (README, "The end of a match"):
  he is in no later `antes` or `hands`.
- `amount` is what the bet cost the player; `level` the bet level after it. A `CALL` that costs
  nothing is the "stay".
- `showdown` comes when betting ends with two or more players in; only hands with a combination are
  shown (`none`: the others). No winner: the deal goes to tricks.
- `settle.reason`: `fold` (one player left), `showdown`, `tricks` (most tricks), `tie` (tie for
  most tricks: `trick_tie` says who is paid), `all_fold` (`last_may_fold`). `deltas` is each
  player's net change in this deal (antes and bets paid, the pot won), `pot` what stays in the pot
  for the next deal, `tricks` the tricks each player took (trick play only).
- `end.split` is the pot left at the end shared by the seated players (§0.5), so `end.pot` is 0;
  `chips` are the final counts, `standings` best first with `places` (equal places share a number).
- The audit: the `game` chips = the `end` chips + `pot`; each `settle` balances its `deltas` with the
  change of the pot.
"""

from __future__ import annotations

from typing import Final

# The actions a player chooses (the replayer drives the state with these lines); every other
# line is derived by the rules and must be equal in a record.
ACTION_EVENTS: Final = frozenset({"swap", "bet", "fold", "play"})

