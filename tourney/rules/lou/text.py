"""The terminal summary of a Lou record: one line per deal in brief, then the final chips."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from tourney.rules.tricks.text import end_lines, signed


def summary_lines(events: Sequence[dict[str, Any]]) -> Iterator[str]:
    deal: dict[str, Any] = {}
    ins: list[str] = []
    for event in events:
        kind = event["event"]
        if kind == "game":
            chips = event["chips"]
            yield f"Lou: {len(event['players'])} players, {next(iter(chips.values()))} chips each, " \
                  f"ante {event['options']['ante']}"
        elif kind == "deal":
            deal, ins = event, []
        elif kind == "in":
            ins.append(event["player"])
        elif kind == "settle":
            head = f"    deal {deal['deal']} (game {deal['game_no']}, {deal['dealer']} deals, pot " \
                   f"{event['pot_start']}, upcard {deal['upcard']}): "
            if event["result"] == "misdeal":
                body = "nobody in, misdeal"
            elif event["result"] == "lone":
                body = f"only {ins[0]} in, takes the pot"
            else:
                tricks = ", ".join(f"{name} {n}" for name, n in event["tricks"].items())
                looed = f"; looed {', '.join(event['looed'])}" if event["looed"] else ""
                body = f"tricks {tricks}{looed}; {signed(event['deltas'])}"
            busted = f"; busted {', '.join(event['busted'])}" if event["busted"] else ""
            yield f"{head}{body}{busted}; pot {event['pot']}{'' if event['game_over'] else ' (game goes on)'}"
        elif kind == "end":
            yield from end_lines(event)
