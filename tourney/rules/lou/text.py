"""The terminal summary of a Lou record: one line per deal in brief, then the final chips."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any


def _signed(deltas: dict[str, int]) -> str:
    return ", ".join(f"{name} {delta:+d}" for name, delta in deltas.items() if delta) or "no chips move"


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
                body = f"tricks {tricks}{looed}; {_signed(event['deltas'])}"
            busted = f"; busted {', '.join(event['busted'])}" if event["busted"] else ""
            yield f"{head}{body}{busted}; pot {event['pot']}{'' if event['game_over'] else ' (game goes on)'}"
        elif kind == "end":
            if any(event["split"].values()):
                yield f"pot left at the end shared: {_signed(event['split'])}"
            yield "chips: " + ", ".join(f"{name} {chips}" for name, chips in event["chips"].items())
            yield "standings: " + ", ".join(f"{name} {event['chips'][name]}" for name in event["standings"])
