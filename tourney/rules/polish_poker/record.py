"""The Polish Poker game record (RULES Appendix A.1), built from a game's round history.

The state keeps no separate event log: its round summaries hold everything a record needs, so
recording costs nothing per decision and the record is built only when asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tourney.rules.polish_poker.declarations import CANONICAL
from tourney.rules.polish_poker.existence import CARD_TEXT
from tourney.rules.polish_poker.views import RoundSummary

GAME_NAME = "polish-poker"


def game_event(names: Sequence[str], seed: int | None, options: dict[str, Any]) -> dict[str, Any]:
    return {"event": "game", "game": GAME_NAME, "seed": seed, "players": list(names), "options": options}


def deal_event(names: Sequence[str], round_no: int, starter: int, cap: int,
               hands: Sequence[tuple[int, ...]], community: int) -> dict[str, Any]:
    return {"event": "deal", "round": round_no, "starter": names[starter], "cap": cap,
            "hands": {names[s]: [CARD_TEXT[c] for c in hand] for s, hand in enumerate(hands) if hand},
            "community": CARD_TEXT[community]}


def declare_event(names: Sequence[str], round_no: int, seat: int, action: int) -> dict[str, Any]:
    return {"event": "declare", "round": round_no, "player": names[seat], "declaration": CANONICAL[action]}


def round_events(names: Sequence[str], summary: RoundSummary) -> list[dict[str, Any]]:
    """A finished round: deal, declarations, the call, the resolution (and an elimination)."""
    round_no = summary.round
    events = [deal_event(names, round_no, summary.starter, summary.cap, summary.hand_ids, summary.community_id)]
    events.extend(declare_event(names, round_no, seat, action) for seat, action in summary.declarations)
    declarer, declared = summary.declarations[-1]
    events.append({"event": "call", "round": round_no, "player": names[summary.caller], "auto": summary.auto_call})
    resolve: dict[str, Any] = {
        "event": "resolve", "round": round_no, "declarer": names[declarer], "caller": names[summary.caller],
        "declaration": CANONICAL[declared], "exists": summary.exists, "loser": names[summary.loser]}
    if summary.place:
        events.append(resolve)
        events.append({"event": "eliminate", "round": round_no, "player": names[summary.loser],
                       "place": summary.place})
    else:
        resolve["cards"] = summary.cards
        events.append(resolve)
    return events


def end_event(rounds: int, standings: Sequence[str], advancing: Sequence[str]) -> dict[str, Any]:
    return {"event": "end", "rounds": rounds, "standings": list(standings), "advancing": list(advancing)}
