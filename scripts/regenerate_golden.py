"""Regenerate the golden Polish Poker record used by tests/golden/test_pp_golden.py.

It plays what `tourney play polish-poker --players 4 --seed 2026` plays (four default random bots,
default options) through the library and writes the record (RULES Appendix A.1). Run it only when a
deliberate rules or engine change alters the game, and review the diff:

    python scripts/regenerate_golden.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from tourney.engine.match import make_bots, play_match, seat_names
from tourney.engine.records import replay, write_record

PP = "polish-poker"

PLAYERS = 4
SEED = 2026
GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / f"polish_poker_seed_{SEED}.jsonl"


def golden_text() -> str:
    state = play_match(PP, seat_names(PP, PLAYERS), make_bots(PP, ["random"], PLAYERS, SEED), seed=SEED)
    return write_record(state.events)


def main() -> int:
    text = golden_text()
    replay(text.splitlines())  # never write a record that does not replay
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_bytes(text.encode("utf-8"))
    print(f"wrote {GOLDEN} ({len(text.splitlines())} events)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
