"""Ratings and reports against hand-computed cases (issue 8 item 4)."""

from __future__ import annotations

import math
from html.parser import HTMLParser
from typing import Any

import pytest

from tourney.arena.ratings import build_report, wilson_interval
from tourney.errors import InvalidInputError
from tourney.render.arena_report import render_arena_report

RUN = {"type": "run", "game": "polish-poker", "seed": 1, "players": 2, "duplicate": False,
       "bots": {"a": "prob", "b": "random"}}


def game(index: int, seats: list[str], places: list[int], **extra: Any) -> dict[str, Any]:
    return {"type": "game", "game": index, "seats": seats, "places": places, **extra}


def test_wilson_interval_hand_computed() -> None:
    # 5 wins in 10: centre 0.5, half-width z*sqrt(.25/10 + z^2/400)/(1 + z^2/10).
    z = 1.959963984540054
    half = z * math.sqrt(0.025 + z * z / 400) / (1 + z * z / 10)
    assert wilson_interval(5, 10) == pytest.approx((0.5 - half, 0.5 + half))
    assert wilson_interval(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and high == pytest.approx(z * z / 20 / (1 + z * z / 20))


def test_one_game_plackett_luce_update_hand_computed() -> None:
    """Two new players (mu 25, sigma 25/3, beta 25/6, tau 25/300): the winner gains
    sigma'^2 / c * (1 - 1/2), with sigma'^2 = sigma^2 + tau^2 and c^2 = 2 (sigma'^2 + beta^2)."""
    report = build_report([RUN, game(0, ["b", "a"], [2, 1])])
    s2 = (25 / 3) ** 2 + (25 / 300) ** 2
    c = math.sqrt(2 * (s2 + (25 / 6) ** 2))
    delta = s2 / c * 0.5
    rows = {row.label: row for row in report.rows}
    assert rows["a"].mu == pytest.approx(25 + delta) and rows["b"].mu == pytest.approx(25 - delta)
    assert [row.label for row in report.rows] == ["a", "b"]


def test_counts_mean_place_and_faults() -> None:
    lines = [RUN, game(1, ["a", "b"], [1, 2]), game(0, ["b", "a"], [1, 2], faults={"a": {"timeout": 2}}),
             game(2, ["a", "b"], [1, 2], faults={"a": {"crash": 1, "forfeit": 1}})]
    rows = {row.label: row for row in build_report(lines).rows}
    assert (rows["a"].games, rows["a"].wins, rows["a"].mean_place) == (3, 2, pytest.approx(4 / 3))
    assert rows["a"].faults == {"crash": 1, "forfeit": 1, "timeout": 2}
    assert rows["b"].win_rate == pytest.approx(1 / 3) and rows["b"].faults == {}


def test_games_are_rated_in_index_order() -> None:
    games = [game(i, ["a", "b"], [1, 2] if i % 3 else [2, 1]) for i in range(9)]
    forward = build_report([RUN, *games]).rows
    backward = build_report([RUN, *reversed(games)]).rows
    assert [(r.mu, r.sigma) for r in forward] == [(r.mu, r.sigma) for r in backward]


@pytest.mark.parametrize("line", [{"type": "game", "game": 0, "seats": ["a"], "places": [1, 2]},
                                  {"type": "game", "game": "x", "seats": [], "places": []}])
def test_malformed_lines_are_refused(line: dict[str, Any]) -> None:
    with pytest.raises(InvalidInputError):
        build_report([RUN, line])


def test_html_report_stands_alone_with_a_chart() -> None:
    report = build_report([RUN, *(game(i, ["a", "b"], [1, 2]) for i in range(30))])
    html = render_arena_report(report)

    class Collect(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.tags: list[tuple[str, dict[str, str | None]]] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.tags.append((tag, dict(attrs)))

    parser = Collect()
    parser.feed(html)
    names = [tag for tag, _ in parser.tags]
    assert "svg" in names and names.count("polyline") == 2
    assert not any(tag == "script" or "src" in attrs or tag == "link" for tag, attrs in parser.tags)  # offline
    points = [attrs["points"] for tag, attrs in parser.tags if tag == "polyline"]
    assert all(p is not None and len(p.split()) == 31 for p in points)  # the start and every game
