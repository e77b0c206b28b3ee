"""The Swiss' own option `pairing` (issue 30 item 1, the seam's proof): declared in the Swiss'
module alone, given as `--pairing` (its flag, made from the spec) or `--format-option pairing=...`,
stored only when not the default, and used: `fast` pairs round 2 exactly as `fast_swiss.pair_fast`
does where the default (`auto`: FIDE Dutch for this field) pairs it otherwise."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import tourney.app as app_ops
from tourney.cli import app
from tourney.engine.formats import fast_swiss, swiss
from tourney.engine.formats.live import entrants_of, played_rounds
from tourney.engine.rounds import scores

runner = CliRunner()
PLAYERS = [f"P{i:02}" for i in range(1, 11)]  # 10: round 2 by Dutch differs from the fast system's


def ok(url: str, *args: str) -> str:
    result = runner.invoke(app, [*args, "--db", url])
    assert result.exit_code == 0, result.output
    return result.stdout


def round_two(tmp_path: Path, name: str, *options: str) -> tuple[str, list[frozenset[str]]]:
    """A 10-player Swiss created with `options`, round 1 played (seat order, every third table the
    other way), round 2 seated: the database and round 2's pairs."""
    url = f"sqlite:///{tmp_path / (name + '.db')}"
    ok(url, "new", name, "--game", "khlyust", "--format", "swiss", "--seeding", "list", "--seed", "1", *options)
    ok(url, "player", "add", *PLAYERS)
    ok(url, "seat")
    for table in json.loads(ok(url, "tables", "--json")):
        names = [p["name"] for p in table["players"]]
        ok(url, "finish", str(table["table"]), *(names if table["table"] % 3 else names[::-1]))
    ok(url, "advance")  # closes round 1 and seats round 2
    return url, [frozenset(p["name"] for p in t["players"]) for t in json.loads(ok(url, "tables", "--json"))]


def fast_pairs(url: str) -> list[frozenset[str]]:
    """Round 2 as `fast_swiss.pair_fast` pairs it from round 1's results (its exact remainder pairing
    the matching of swiss.py, as `pair_round` hands it over)."""
    state = app_ops.tournament_state(db=url)
    entrants = entrants_of(state)
    history = played_rounds(state)[:1]
    score = scores(entrants, history, 1)
    ranked = swiss._ranking(entrants, score)
    units, met, had_bye = swiss._units(score), swiss._met(history), set(swiss._byes_had(history))
    position = {p: i for i, p in enumerate(ranked)}
    pairs, _byes = fast_swiss.pair_fast(
        ranked, units, lambda a, b: met[frozenset((a, b))] > 0, had_bye,
        lambda part: swiss._matched(sorted(part, key=position.__getitem__), units, met, had_bye))
    return [frozenset(pair) for pair in pairs]


def format_event(url: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(ok(url, "log", "--json"))[0]["data"]
    return data


def test_pairing_fast_pairs_by_the_fast_system_and_auto_stays_dutch(tmp_path: Path) -> None:
    fast_url, fast = round_two(tmp_path, "fast", "--pairing", "fast")
    auto_url, auto = round_two(tmp_path, "auto")
    assert sorted(map(sorted, fast)) == sorted(map(sorted, fast_pairs(fast_url)))
    assert sorted(map(sorted, auto)) != sorted(map(sorted, fast))  # the option changed the pairing
    assert format_event(fast_url)["pairing"] == "fast"
    assert "pairing" not in format_event(auto_url)  # the default is not stored: payloads as before
    assert "fast pairing" in ok(fast_url, "status")


def test_format_option_is_the_flag_and_pairing_is_only_the_swiss(tmp_path: Path) -> None:
    by_flag, flagged = round_two(tmp_path, "flag", "--pairing", "dutch")
    by_option, optioned = round_two(tmp_path, "option", "--format-option", "pairing=dutch")
    assert flagged == optioned
    assert format_event(by_flag) == format_event(by_option)
    assert format_event(by_option)["pairing"] == "dutch"
    url = f"sqlite:///{tmp_path / 'ko.db'}"
    for args in (("--pairing", "fast"), ("--format-option", "pairing=fast")):
        refused = runner.invoke(app, ["new", "KO", "--game", "khlyust", "--format", "knockout", *args, "--db", url])
        assert refused.exit_code == 1 and refused.stderr == "error: --pairing is for --format swiss, not knockout\n"
    refused = runner.invoke(app, ["new", "S", "--game", "khlyust", "--format", "swiss", "--pairing", "slow",
                                  "--db", url])
    assert refused.stderr == "error: --pairing 'slow': expected one of auto, dutch, fast\n"
    assert not Path(url.removeprefix("sqlite:///")).exists()  # nothing created by a refusal


def test_new_help_lists_each_formats_options_from_its_specs() -> None:
    shown = " ".join(runner.invoke(app, ["new", "--help"], terminal_width=400).stdout.split())
    assert "--pairing auto|dutch|fast Swiss: the pairing of duels" in shown
    assert "--format-option NAME=VALUE" in shown
    assert "swiss best_of=1, table_size=2, rounds=(the format's), seeding=lot (lot|rating|list)" in shown
    assert "pairing=auto (auto|dutch|fast)" in shown
    assert "--rounds R Round robin: the rounds of a round robin of tables (default: every pair once); Swiss: " \
           "the number of rounds (default ⌈log2 N⌉)." in shown
