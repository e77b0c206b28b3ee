"""A Chlust record as brief lines of text, one or two per deal (for `play` and `replay`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any


def summary_lines(events: Iterable[dict[str, Any]]) -> Iterator[str]:
    """Each deal's hands, upcard, betting and result, then the final chips."""
    actions: list[str] = []
    for event in events:
        kind = event["event"]
        if kind == "game":
            chips = ", ".join(f"{name} {count}" for name, count in event["chips"].items())
            yield f"Chlust, seed {event.get('seed')}, chips {chips}"
        elif kind == "deal" and event["upcard"] is None:
            yield (f"deal {event['deal']:>3}  dealer {event['dealer']}  pot {event['pot']}  antes paid, "
                   f"busted: {', '.join(event['busted'])}; at most one player holds chips, not dealt")
        elif kind == "deal":
            hands = "  ".join(f"{name} {' '.join(cards)}" for name, cards in event["hands"].items())
            busted = f"  (busted: {', '.join(event['busted'])})" if event["busted"] else ""
            yield (f"deal {event['deal']:>3}  dealer {event['dealer']}  upcard {event['upcard']}  pot {event['pot']}"
                   f"  {hands}{busted}")
            actions = []
        elif kind == "swap":
            actions.append(f"{event['player']} {'swaps ' + event['card'] if event['swap'] else 'keeps'}")
        elif kind == "bet":
            actions.append(f"{event['player']} {event['action']}")
        elif kind == "fold":
            actions.append(f"{event['player']} FOLD")
        elif kind == "showdown" and event["winner"] is not None:
            actions.append(f"{event['winner']} shows {' '.join(event['combinations'][event['winner']]['cards'])} "
                           f"({event['combinations'][event['winner']]['kind']})")
        elif kind == "trick":
            actions.append(f"trick {event['trick']} {event['winner']}")
        elif kind == "settle":
            result = f"{event['winner']} takes the pot ({event['reason']})" if event["winner"] else \
                f"no winner ({event['reason']})"
            carried = f", {event['pot']} carried" if event["pot"] else ""
            yield f"           {', '.join(actions)}: {result}{carried}"
        elif kind == "end":
            yield f"end after {event['deals']} deals"
            for place, name in zip(event["places"], event["standings"], strict=True):
                yield f"  {place}. {name}  {event['chips'][name]} chips"
