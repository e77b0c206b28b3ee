"""The golden seeded playthrough: `tourney play polish-poker --players 4 --seed 2026` (scripts/regenerate_golden.py)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tourney.cli import app
from tourney.engine.match import make_bots, play_match, seat_names
from tourney.engine.records import replay, write_record

PP = "polish-poker"

GOLDEN = Path(__file__).resolve().parent / "polish_poker_seed_2026.jsonl"


def test_fresh_game_equals_the_golden_record_byte_for_byte() -> None:
    state = play_match(PP, seat_names(PP, 4), make_bots(PP, ["random"], 4, 2026), seed=2026)
    assert write_record(state.events).encode("utf-8") == GOLDEN.read_bytes()


def test_cli_record_equals_the_golden_record(tmp_path: Path) -> None:
    out = tmp_path / "game.jsonl"
    result = CliRunner().invoke(app, ["play", "polish-poker", "--players", "4", "--seed", "2026", "--record", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == GOLDEN.read_bytes()


def test_golden_record_replays() -> None:
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    events = [json.loads(line) for line in lines]
    state = replay(lines)
    assert state.events == events
    assert events[0] == {"event": "game", "game": "polish-poker", "seed": 2026, "players": ["ann", "bob", "cy", "dee"],
                         "options": {"start_cards": 1, "suit_order": "equal", "next_starter": "rotate", "until": 1}}
    assert events[-1]["standings"] == state.standings
    assert sorted(state.standings) == ["ann", "bob", "cy", "dee"]
