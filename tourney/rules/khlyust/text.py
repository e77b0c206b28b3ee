"""The terminal summary of a Хлюст record: one line per deal in brief, then the final chips."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from tourney.rules.tricks.text import end_lines, signed

_RESULTS = {"listy": "Листы take the kassa", "conceded": "everyone concedes to the Хлюст",
            "instant": "the Хлюст wins at once", "three_aces": "three aces win at once"}


def summary_lines(events: Sequence[dict[str, Any]]) -> Iterator[str]:
    deal: dict[str, Any] = {}
    for event in events:
        kind = event["event"]
        if kind == "game":
            chips = event["chips"]
            variant = "the two-player duel, 36 cards" if event["duel"] else "32 cards"
            yield f"Хлюст ({variant}): {len(event['players'])} players, {next(iter(chips.values()))} chips each, " \
                  f"ante {event['options']['ante']}"
        elif kind == "deal":
            deal = event
        elif kind == "settle":
            head = f"    deal {event['deal']} ({deal.get('dealer')} deals, kassa {event['pot_start']}, " \
                   f"upcard {deal.get('upcard')}): "
            if event["result"] in _RESULTS:
                body = f"{event['winner']}: {_RESULTS[event['result']]}"
            else:
                tricks = ", ".join(f"{name} {n}" for name, n in event["tricks"].items())
                declared = f"; Хлюст {event['khlyustovshchik']}" if event["khlyustovshchik"] else ""
                hidden = f"; concealed by {', '.join(event['concealers'])}" if event["concealers"] else ""
                body = f"tricks {tricks}{declared}{hidden}"
            busted = f"; busted {', '.join(event['busted'])}" if event["busted"] else ""
            yield f"{head}{body}; {signed(event['deltas'])}{busted}; carried {event['pot']}"
        elif kind == "end":
            yield from end_lines(event, "kassa")
