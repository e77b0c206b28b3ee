"""A format's own new option goes through every door with no file touched outside the format's
module (issue 30 item 1): a toy format registered only here (the king of the hill with a challenge
limit of its own) gets `--format-option challenges=N` and the flag `--challenges N` of `tourney new`,
its help, its one-line refusals, its place in the stored `format` payload, read back as it was,
and its words in the format's description (`new`, `status`, `log`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from toy_format import KingOfTheHill
from typer.testing import CliRunner

from tourney.cli import app
from tourney.engine.format_config import FormatConfig
from tourney.engine.format_options import FormatOption, OptionValue
from tourney.engine.format_registry import register_format, unregister_format
from tourney.engine.formats.shared_options import SEEDING
from tourney.errors import Worded, worded_n

runner = CliRunner()
NAME = "challenge-hill"


def _challenges_words(value: OptionValue) -> Worded:
    assert isinstance(value, int)
    return worded_n("%(num)s challenge", "%(num)s challenges", value)


# The whole of a new option: its spec, in the format's own module (here: this test).
CHALLENGES = FormatOption("challenges", int, 1, "how many challengers may face the king in a row.", "tests",
                          low=1, high=9, words=_challenges_words)


class ChallengeHill(KingOfTheHill):
    name = NAME
    label = "challenge hill"
    option_specs: tuple[FormatOption, ...] = (SEEDING, CHALLENGES)


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register_format(ChallengeHill())
    yield
    unregister_format(NAME)


def ok(url: str, *args: str) -> str:
    result = runner.invoke(app, [*args, "--db", url])
    assert result.exit_code == 0, result.output
    return result.stdout


def format_event(url: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(ok(url, "log", "--json"))[0]["data"]
    return data


@pytest.mark.parametrize("given", [("--challenges", "3"), ("--format-option", "challenges=3")])
def test_the_new_option_is_given_stored_and_read_back(tmp_path: Path, given: tuple[str, str]) -> None:
    url = f"sqlite:///{tmp_path / 'hill.db'}"
    said = ok(url, "new", "Hill", "--game", "khlyust", "--format", NAME, *given, "--seed", "2")
    assert f"khlyust, {NAME}, 3 challenges, seed 2" in said
    stored = format_event(url)
    assert stored == {"format": NAME, "best_of": 1, "third_place": False, "rounds": None, "table_size": 2,
                      "seeding": "lot", "challenges": 3}
    config = FormatConfig.from_json(stored)
    assert config.get_int("challenges") == 3 and config.to_json() == stored
    assert f"format {NAME}, 3 challenges, seeding by lot" in ok(url, "log")
    assert f"Format: {NAME}, 3 challenges." in ok(url, "status")


def test_the_default_is_not_stored_and_other_formats_refuse_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'hill.db'}"
    ok(url, "new", "Hill", "--game", "khlyust", "--format", NAME, "--challenges", "1")
    assert "challenges" not in format_event(url)
    for args, said in [(("--format", "swiss", "--challenges", "2"), f"--challenges is for --format {NAME}, not swiss"),
                       (("--format", NAME, "--challenges", "10"), "--challenges must be from 1 to 9, got 10"),
                       (("--format", NAME, "--format-option", "challenges=x"),
                        "--challenges must be a whole number, got 'x'"),
                       (("--format", NAME, "--third-place"), f"--third-place is for --format knockout, not {NAME}")]:
        refused = runner.invoke(app, ["new", "Other", "--game", "khlyust", *args, "--db", url])
        assert refused.exit_code == 1 and refused.stderr == f"error: {said}\n", refused.output


def test_help_shows_the_new_option_until_the_format_is_gone() -> None:
    def shown() -> str:
        return " ".join(runner.invoke(app, ["new", "--help"], terminal_width=400).stdout.split())

    assert "--challenges N Challenge hill: how many challengers may face the king in a row." in shown()
    assert f"{NAME} seeding=lot (lot|rating|list), challenges=1" in shown()
    unregister_format(NAME)
    assert "--challenges" not in shown()
