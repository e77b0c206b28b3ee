"""A Polish Poker record as brief lines of text: one line per round (for `play` and `replay`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any


def summary_lines(events: Iterable[dict[str, Any]]) -> Iterator[str]:
    """Each round's deal, declarations and result, then the standings."""
    parts: list[str] = []
    for event in events:
        kind = event["event"]
        if kind == "game":
            yield f"Polish Poker, seed {event.get('seed')}, players {', '.join(event['players'])}"
        elif kind == "deal":
            hands = "  ".join(f"{name} {' '.join(cards)}" for name, cards in event["hands"].items())
            yield f"round {event['round']:>3}  cap {event['cap']}  {hands}  | community {event['community']}"
            parts = []
        elif kind == "declare":
            parts.append(f"{event['player']} {event['declaration']}")
        elif kind == "call":
            parts.append(f"{event['player']} CALL{' (auto)' if event.get('auto') else ''}")
        elif kind == "resolve":
            verdict = "exists" if event["exists"] else "does not exist"
            outcome = f"{event['loser']} loses"
            if "cards" in event:
                outcome += f" -> {event['cards']} cards"
            yield f"           {', '.join(parts)}: {event['declaration']} {verdict}; {outcome}"
        elif kind == "eliminate":
            yield f"           {event['player']} is eliminated (place {event['place']})"
        elif kind == "end":
            yield f"end after {event['rounds']} rounds"
            advancing = set(event.get("advancing", []))
            for place, name in enumerate(event["standings"], start=1):
                mark = "  (advances)" if name in advancing and len(advancing) > 1 else ""
                yield f"  {place}. {name}{mark}"
