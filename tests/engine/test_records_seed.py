"""`replay(..., check_seed=True)`: a record must also be what its seed deals."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tourney.cli import app
from tourney.engine.match import make_bots, play_match, seat_names
from tourney.engine.records import replay, write_record
from tourney.errors import RecordError
from tourney.rules.polish_poker import PolishPokerState, RandomDealer

PP = "polish-poker"


def record_lines(seed: int, players: int = 4) -> list[str]:
    state = play_match(PP, seat_names(PP, players), make_bots(PP, ["random"], players, seed), seed=seed)
    return write_record(state.events).splitlines()


@pytest.mark.parametrize("seed", [0, 7, 2026])
def test_engine_records_replay_from_their_seed(seed: int) -> None:
    lines = record_lines(seed, players=2 + seed % 5)
    assert replay(lines, check_seed=True).events == replay(lines).events


def test_a_record_with_another_seed_is_refused_only_when_checked() -> None:
    lines = record_lines(7)
    header = json.loads(lines[0])
    header["seed"] = 8
    lines[0] = json.dumps(header)
    replay(lines)  # the game itself is still valid
    with pytest.raises(RecordError, match=r"^line 2: seed 8 (draws|.*not the cards)"):
        replay(lines, check_seed=True)


def test_a_consistently_rewritten_game_is_caught_by_its_seed() -> None:
    """Same seed and players, other deals: every line is a legal game, but not seed 7's."""
    names = seat_names(PP, 4)
    rng = random.Random(7)
    first = int(rng.random() * 4)  # the lot of seed 7, so that only the deals differ
    other_deals = RandomDealer(random.Random(99))
    state = PolishPokerState(names, other_deals, first_starter=first, seed=7)
    bots = make_bots(PP, ["random"], 4, 7)
    while not state.terminal:
        state.apply(bots[state.to_act].act(state.view(state.to_act)))
    lines = write_record(state.events).splitlines()
    replay(lines)
    with pytest.raises(RecordError, match=r"^line 2: these are not the cards seed 7 deals"):
        replay(lines, check_seed=True)


def test_check_seed_needs_an_integer_seed() -> None:
    lines = record_lines(3)
    header = json.loads(lines[0])
    header["seed"] = None
    lines[0] = json.dumps(header)
    with pytest.raises(RecordError, match=r"^line 1: seed None is not an integer"):
        replay(lines, check_seed=True)


def test_cli_check_seed(tmp_path: Path) -> None:
    runner = CliRunner()
    good = tmp_path / "good.jsonl"
    good.write_text("\n".join(record_lines(5)) + "\n", encoding="utf-8")
    ok = runner.invoke(app, ["replay", str(good), "--check-seed", "--quiet"])
    assert ok.exit_code == 0 and ok.stdout == ""
    lines = record_lines(5)
    header = json.loads(lines[0])
    header["seed"] = 6
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    refused = runner.invoke(app, ["replay", str(bad), "--check-seed"])
    assert refused.exit_code == 1
    assert refused.stderr.startswith(f"error: {bad}: line 2: seed 6")
    assert len(refused.stderr.strip().splitlines()) == 1
