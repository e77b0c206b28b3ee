"""The subprocess-bot protocol: round trips and hostile bots (issue 8 items 1 and 7)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import tourney.arena  # noqa: F401  (registers the cmd: and module: kinds)
from tourney.arena.bot_process import Limits
from tourney.arena.lineup import SeatFactory, parse_entrants
from tourney.arena.referee import GameJob, GameResult, play_game
from tourney.bots import make_bot
from tourney.engine.match import play_match
from tourney.errors import InvalidInputError
from tourney.rules.games import find_game, resolve_options

GAME = find_game("polish-poker")
FAST = Limits(move_timeout=0.3, hello_timeout=2.0, max_strikes=3)
UNSANDBOXED = Limits(move_timeout=0.3, hello_timeout=2.0, max_strikes=3, sandbox="off")  # the bot writes a log


def play(bots: str, seed: int = 7, limits: Limits = FAST, games: int = 1) -> list[GameResult]:
    entrants = parse_entrants(GAME, bots)
    factory = SeatFactory(GAME, limits)
    try:
        return [play_game(GAME, GameJob(seed + i, seed + i, seed + i, tuple(range(len(entrants)))), entrants,
                          resolve_options(GAME), factory) for i in range(games)]
    finally:
        factory.close()


def test_round_trip_hello_act_bye(bot_script: Callable[[str], str], tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    spec = bot_script("good") + f" {log}"
    result = play(f"me={spec},random,random", limits=UNSANDBOXED)[0]
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    hello = messages[0]
    assert hello == {"type": "hello", "protocol": 1, "game": "polish-poker", "seat": 0,
                     "players": ["me", "random", "random#2"], "options": resolve_options(GAME),
                     "seed": hello["seed"]}
    again = tmp_path / "again.jsonl"
    play(f"me={bot_script('good')} {again},random,random", limits=UNSANDBOXED)
    assert isinstance(hello["seed"], int) and json.loads(again.read_text().splitlines()[0]) == hello  # reproducible
    acts = [m for m in messages if m["type"] == "act"]
    assert acts and [m["id"] for m in acts] == list(range(1, len(acts) + 1))
    for act in acts:
        view = act["view"]
        assert view["seat"] == 0 and len(view["hand"]) == view["counts"]["me"]
        assert "hands" not in view  # only its own cards, never another seat's
        assert act["legal"][-1] == "CALL" or view["last"] is None
    assert messages[-2]["type"] == "event" and messages[-2]["places"]["me"] == result.places[0]
    assert messages[-1] == {"type": "bye"}
    assert result.faults == {} and result.forfeits == []


def test_the_process_is_reused_between_matches(bot_script: Callable[[str], str], tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    play(f"{bot_script('good')} {log},random", games=3, limits=UNSANDBOXED)
    kinds = [json.loads(line)["type"] for line in log.read_text().splitlines()]
    assert kinds.count("hello") == 3 and kinds.count("bye") == 3


@pytest.mark.parametrize(("kind", "fault"), [
    ("garbage", "malformed"), ("illegal", "illegal"), ("chatty", "malformed"), ("exits", "crash"),
    ("flood", "protocol"),
])
def test_hostile_bots_forfeit_and_rank_last(bot_script: Callable[[str], str], kind: str, fault: str) -> None:
    result = play(f"bad={bot_script(kind)},random,random")[0]
    assert result.forfeits == ["bad"]
    assert result.places[0] == 3 and sorted(result.places[1:]) == [1, 2]
    faults = result.faults["bad"]
    assert faults["forfeit"] == 1
    expected = 4 if fault in ("malformed", "illegal") else 1  # strikes: more than 3 forfeits
    assert faults[fault] == expected


def test_a_bot_sleeping_past_the_timeout_strikes(bot_script: Callable[[str], str]) -> None:
    result = play(f"slow={bot_script('sleepy')},random", limits=Limits(move_timeout=0.05, max_strikes=1))[0]
    assert result.faults["slow"] == {"timeout": 2, "forfeit": 1}
    assert result.places == [2, 1]


def test_a_late_answer_is_skipped_by_its_id(bot_script: Callable[[str], str]) -> None:
    """The answer to act 1, after its timeout, arrives while act 2 is awaited: one timeout strike,
    and the late line is neither taken for act 2's answer nor counted as a second fault."""
    result = play(f"late={bot_script('late')},random", limits=Limits(move_timeout=1.0))[0]
    assert result.faults == {"late": {"timeout": 1}} and result.forfeits == []


def test_no_ready_is_a_forfeit_before_the_first_move(bot_script: Callable[[str], str]) -> None:
    result = play(f"mute={bot_script('silent')},random", limits=Limits(hello_timeout=0.1))[0]
    assert result.faults["mute"] == {"timeout": 1, "forfeit": 1}
    assert result.places == [2, 1]


def test_a_forfeit_restarts_the_process_for_the_next_match(bot_script: Callable[[str], str]) -> None:
    results = play(f"bad={bot_script('exits')},good={bot_script('good')}", games=2)
    assert [r.faults for r in results] == [{"bad": {"crash": 1, "forfeit": 1}}] * 2


def test_a_run_of_only_hostile_bots_finishes(bot_script: Callable[[str], str]) -> None:
    results = play(",".join(bot_script(kind) for kind in ("garbage", "illegal", "exits")), games=2)
    for result in results:
        assert sorted(result.places) == [1, 2, 3] and len(result.forfeits) == 3


def test_forfeit_order_latest_first() -> None:
    from tourney.arena.referee import _places

    assert _places([1, 2, 3, 4], forfeited=[0]) == [4, 1, 2, 3]
    assert _places([1, 2, 3, 4], forfeited=[3, 0]) == [3, 1, 2, 4]  # seat 3 forfeited first
    assert _places([1, 1, 3, 4], forfeited=[2]) == [1, 1, 4, 3]  # shared places stay shared


class AlwaysIllegal:
    name = "always-illegal"

    def act(self, view: object) -> int:
        return 10_000


class Raises:
    name = "raises"

    def act(self, view: object) -> int:
        raise RuntimeError("boom")


def test_python_bots_are_refereed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "arena_test_bots", sys.modules[__name__])
    result = play("bad=arena_test_bots:AlwaysIllegal,boom=arena_test_bots:Raises,random")[0]
    assert result.faults == {"bad": {"illegal": 4, "forfeit": 1}, "boom": {"crash": 1, "forfeit": 1}}
    assert result.places[2] == 1


def test_cmd_bots_play_outside_the_arena(bot_script: Callable[[str], str]) -> None:
    import random

    bot = make_bot(GAME, bot_script("good"), random.Random(1))
    try:
        state = play_match(GAME, ["a", "b"], [bot, make_bot(GAME, "random", random.Random(2))], seed=3)
    finally:
        bot.close()  # type: ignore[attr-defined]
    assert state.terminal


@pytest.mark.parametrize(("bots", "message"), [
    ("random,nosuch", "unknown bot 'nosuch'"), ("random,cmd:", "needs a command line"),
    ("random,cmd:'unclosed", "does not parse"), ("random,", "empty entry"),
    ("random,no_such_module_xyz:Bot", "cannot import"), ("random:7", "call probability"),
])
def test_bad_entrants_are_one_line_errors(bots: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        parse_entrants(GAME, bots)


def test_a_missing_program_is_an_error_not_a_hang() -> None:
    with pytest.raises(InvalidInputError, match="cannot start bot"):
        play("cmd:/no/such/program,random")
