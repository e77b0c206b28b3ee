"""The toy format (king of the hill, tests/toy_format.py), registered only here, goes through every
door a format goes through with no change outside its own module: `tourney new --format` (and its
help), player add, seat, result / finish, advance, tables, status, player list and show, standings
(text and JSON) and a bot event played by `tourney run`; tests/render/test_toy_format_print.py prints
its sheets."""

from __future__ import annotations

import json
import re

from toy_format import NAME, register, unregister
from toy_format_cli import PLAYERS, hill_url, lines, run, runner, toy_registered  # noqa: F401 (fixtures)

from tourney.cli import app


def test_new_help_names_the_formats_registered_when_it_is_shown() -> None:
    def shown() -> str:
        return " ".join(runner.invoke(app, ["new", "--help"], terminal_width=400).stdout.split())

    assert f"knockout, double-elimination, round-robin, swiss or {NAME}." in shown()
    # The option's help names the formats taking it: the toy takes --seeding, not --third-place.
    assert "round robin, Swiss and king of the hill: seed order by lot" in shown()
    assert "--third-place Knockout: the semi-final losers" in shown()
    unregister()
    assert "round-robin or swiss." in shown() and NAME not in shown() and "king of the hill" not in shown()
    register()
    assert NAME in shown()


def test_games_lists_the_toy_among_a_duel_games_formats() -> None:
    listed = {game["name"]: game["formats"] for game in json.loads(runner.invoke(app, ["games", "--json"]).stdout)}
    assert listed["khlyust"] == ["stages", "knockout", "double-elimination", "round-robin", "swiss", NAME]


def test_an_unknown_format_is_refused_listing_the_registered_ones(url: str) -> None:
    refused = runner.invoke(app, ["new", "Hill", "--game", "khlyust", "--format", "ladder", "--db", url])
    assert refused.exit_code == 1
    assert refused.stderr.startswith("error: --format 'ladder': expected one of stages, knockout")
    assert NAME in refused.stderr


def test_a_live_event_of_the_toy_through_the_cli(url: str) -> None:
    run(url, "new", "Hill", "--game", "khlyust", "--format", NAME, "--seeding", "list", "--seed", "5")
    run(url, "player", "add", *PLAYERS)
    assert lines(url, "status")[1:] == [f"Format: {NAME}, seeded by list.",
                                        "Not seated yet: `tourney seat` seeds the field and draws round 1."]
    assert run(url, "tables") == "No tables yet: `tourney seat` draws round 1.\n"
    seated = lines(url, "seat")
    assert re.fullmatch(r"Round 1 seated \(seed \d+\): 1 table\(s\)\.", seated[0])
    assert seated[1:] == ["Seeds (list): 1. Ada, 2. Bob, 3. Cy, 4. Dee", "table 1: Ada v Bob; Ada starts"]
    assert lines(url, "result", "1", "Ada") == [
        "table 1: Bob beat Ada", "Every table of round 1 has finished: `tourney advance` pairs the next round."]
    assert lines(url, "tables") == ["Round 1:", "table 1: Bob beat Ada"]
    assert lines(url, "status")[2:] == ["Now: round 1, 1 table(s).", "  table 1: Bob beat Ada",
                                        "Every table has finished: `tourney advance` pairs the next round."]
    listed = lines(url, "player", "list")
    assert [" ".join(line.split()) for line in listed] == [
        "Ada out (table 1 of round 1)", "Bob waiting for the next round (table 1 of round 1)",
        "Cy waiting for the next round", "Dee waiting for the next round", "4 players (1 out, 3 waiting)"]
    provisional = lines(url, "standings")
    assert provisional[0] == "Provisional: after the rounds played so far."
    assert provisional[1].split() == ["rank", "player", "round", "table", "place"]
    advanced = lines(url, "advance")
    assert advanced[0] == "Round 1 closed; 3 still in." and advanced[-1] == "table 1: Bob v Cy; Bob starts"
    run(url, "finish", "1", "Cy", "Bob")
    run(url, "advance")
    assert lines(url, "result", "1", "Cy") == [
        "table 1: Dee beat Cy", "The tournament is complete: Dee wins. `tourney standings` prints the final ranking."]
    assert lines(url, "player", "show", "Bob")[1:] == ["  round 1  table 1  seat 2  beat Ada",
                                                      "  round 2  table 1  seat 1  lost to Cy"]
    assert [line.split()[:2] for line in lines(url, "standings")[1:]] == [
        ["1", "Dee"], ["2", "Cy"], ["3", "Bob"], ["4", "Ada"]]
    rows = json.loads(run(url, "standings", "--json"))
    assert [list(row) for row in rows] == [["rank", "player", "stage", "table", "place", "note"]] * 4
    status = json.loads(run(url, "status", "--json"))
    assert status["complete"] and status["format"]["format"] == NAME and status["rounds"] is None
    assert lines(url, "status")[-2:] == ["Now: round 3, 1 table(s).", "Complete: Dee wins."]


def test_bots_play_the_toy_with_tourney_run(url: str) -> None:
    run(url, "new", "Bots", "--game", "khlyust", "--format", NAME, "--seed", "5")
    run(url, "player", "add", "b1", "b2", "b3", "b4", "b5", "--bot", "random")
    run(url, "seat")
    report = lines(url, "run", "--seed", "3")
    assert report[:4] == ["round 1: 1 table(s) played by bots, 1 entries"] + [
        f"round {n} (seated by this run): 1 table(s) played by bots, 1 entries" for n in (2, 3, 4)]
    assert report[4] == "Tournament 'Bots' is complete."
    assert report[5].split() == ["rank", "player", "round", "table", "place"]
    rows = json.loads(run(url, "standings", "--json"))
    assert sorted(row["player"] for row in rows) == ["b1", "b2", "b3", "b4", "b5"]
    assert [row["rank"] for row in rows] == [1, 2, 3, 4, 5]
