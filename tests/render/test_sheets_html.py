"""Each sheet's HTML parsed and checked against the tournament it was built from (issue 7)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import jinja2
import pytest
from html_support import parse
from render_events import CYRILLIC, EVIL, LONG, POLISH, Builder, event, tournament

from tourney.app.input import collation
from tourney.app.read_models import views as _views
from tourney.engine.tournament import TournamentState
from tourney.errors import IllegalActionError
from tourney.render import sheets
from tourney.render.env import TemplateError, environment
from tourney.rules.games import GameDescriptor, register_game, unregister_game

SPECIAL = (EVIL, LONG, POLISH, CYRILLIC)


@pytest.fixture(scope="module")
def complete() -> TournamentState:
    return event(30)  # 30 players: 5 tables of 6, top 2 -> 10 -> 2 tables, top 2 -> final of 4


@pytest.fixture(scope="module")
def after_stage_one() -> TournamentState:
    return event(30, stages_played=1)


@pytest.fixture(scope="module")
def seated() -> TournamentState:
    return event(14, stages_played=0)


def all_html(state: TournamentState) -> Iterator[tuple[str, str]]:
    row = tournament()
    yield "standings", sheets.render_standings(_views.standings_page(row, state))
    yield "bracket", sheets.render_bracket(_views.bracket_page(row, state))
    yield "seating", sheets.render_seating(_views.seating_page(row, state))
    yield "seat cards", sheets.render_seat_cards(_views.seat_cards_page(row, state))
    yield "table sheets", sheets.render_table_sheets(_views.table_sheets_page(row, state))


# ------------------------------------------------------------------------------------ every sheet

@pytest.mark.parametrize("fixture", ["complete", "after_stage_one", "seated"])
def test_every_sheet_escapes_names_and_keeps_unicode(fixture: str, request: pytest.FixtureRequest) -> None:
    state = request.getfixturevalue(fixture)
    for sheet, html in all_html(state):
        assert "<script>alert" not in html, sheet
        text = parse(html).text()
        assert "Friday <Open> & Cup" in text, sheet  # the event name, escaped and read back
        assert html.count("&lt;Open&gt; &amp; Cup") >= 1, sheet
        for name in SPECIAL:
            # Seat sheets show the latest stage: the final's four players once the event is complete.
            if sheet == "standings" or (sheet != "bracket" and fixture != "complete"):
                assert name in text, (sheet, name)


def test_pages_are_standalone(complete: TournamentState) -> None:
    for sheet, html in all_html(complete):
        tree = parse(html)
        assert not tree.find_all("link"), sheet  # CSS inlined
        assert not tree.find_all("script"), sheet  # printed pages carry no script
        assert "@page { size: A4;" in html, sheet
        assert "http://" not in html and "https://" not in html, sheet


def test_letter_paper() -> None:
    state = event(8, stages_played=0)
    html = sheets.render_seat_cards(_views.seat_cards_page(tournament(), state, paper="letter"))
    assert "@page { size: letter;" in html and "paper-letter" in html


# ------------------------------------------------------------------------------------ standings

def test_standings_list_every_player_once_with_ranks(complete: TournamentState) -> None:
    tree = parse(sheets.render_standings(_views.standings_page(tournament(), complete)))
    rows = tree.find_all("tbody")[0].find_all("tr")
    names = [r.texts("td")[1] for r in rows]
    assert sorted(names) == sorted(p.name for p in complete.players)
    counts = Counter(r.rank for r in complete.standings())
    expected = [f"T-{r.rank}" if counts[r.rank] > 1 else str(r.rank) for r in complete.standings()]
    assert [r.texts("td")[0] for r in rows] == expected
    assert expected[0] == "1" and any(rank.startswith("T-") for rank in expected)
    assert "Final standings" in tree.text() and "Provisional" not in tree.text()
    assert "stage 1 seed 7" in tree.text()
    assert [h for h in tree.texts("th")] == ["Rank", "Player", "Club", "Stage", "Table", "Place"]


def test_provisional_standings_say_so(after_stage_one: TournamentState) -> None:
    tree = parse(sheets.render_standings(_views.standings_page(tournament(), after_stage_one)))
    assert "Provisional standings" in tree.text()
    assert "stage 1 finished; advance to draw stage 2" in tree.text()


def test_standings_before_any_draw() -> None:
    state = TournamentState("polish-poker")
    html = sheets.render_standings(_views.standings_page(tournament(), state))
    assert "No seats have been drawn yet" in parse(html).text()


# ------------------------------------------------------------------------------------ seating

def test_seating_lists_every_seated_player_once_and_marks_starters(seated: TournamentState) -> None:
    page = _views.seating_page(tournament(), seated)
    tree = parse(sheets.render_seating(page))
    boxes = tree.find_all("section", "table-box")
    assert len(boxes) == len(seated.tables)
    seated_names = [name for box in boxes for name in box.texts("span", "name")]
    assert sorted(seated_names) == sorted(p.name for p in seated.players)
    starters = _views.first_starters(seated, 1)
    for box, table in zip(boxes, seated.tables, strict=True):
        assert box.texts("span", "name") == table.seats
        marked = [li.texts("span", "name")[0] for li in box.find_all("li", "starter")]
        assert marked == [starters[table.number]]
    find = tree.find_all("section", "find-seat")[0].find_all("tbody")[0].find_all("tr")
    entries = [tuple(r.texts("td")) for r in find]
    # ICU order (issue 21): "Łukasz" after "Ann" and before "Player 0001", Cyrillic last.
    assert [e[0] for e in entries] == sorted((e[0] for e in entries), key=collation.sort_key)
    where = {name: (t.number, i) for t in seated.tables for i, name in enumerate(t.seats, start=1)}
    assert {e[0]: (int(e[1]), int(e[2])) for e in entries} == where


def test_seating_of_an_earlier_stage(complete: TournamentState) -> None:
    page = _views.seating_page(tournament(), complete, stage=1)
    assert page.stage_label == "stage 1" and len(page.tables) == 5
    assert _views.seating_page(tournament(), complete).stage_label == "final"
    with pytest.raises(IllegalActionError, match="stage 4 has not been seated"):
        _views.seating_page(tournament(), complete, stage=4)
    with pytest.raises(IllegalActionError, match="no seats have been drawn yet"):
        _views.seating_page(tournament(), TournamentState("polish-poker"))


def test_a_renamed_starter_is_still_marked() -> None:
    builder = Builder()
    builder.register(["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"])
    builder.seat(3)
    before = _views.first_starters(builder.state, 1)
    builder.add("rename", {"name": before[1], "new": "Zed"})
    assert _views.first_starters(builder.state, 1) == {**before, 1: "Zed"}
    seating = _views.seating_page(tournament(), builder.state)
    sheets_page = _views.table_sheets_page(tournament(), builder.state)
    for seat_lines in ([t.seats for t in seating.tables], [s.seats for s in sheets_page.sheets]):
        marked = [line.player for lines in seat_lines for line in lines if line.starter]
        assert sorted(marked) == sorted({**before, 1: "Zed"}.values())


# ------------------------------------------------------------------------------------ seat cards

@pytest.mark.parametrize("players", [8, 20])
def test_seat_cards_eight_to_a_page(players: int) -> None:
    state = event(players, stages_played=0)
    tree = parse(sheets.render_seat_cards(_views.seat_cards_page(tournament(), state)))
    pages = tree.find_all("section", "cards-page")
    assert len(pages) == math.ceil(players / 8)
    assert all(len(p.find_all("div", "card")) == 8 for p in pages[:-1])
    names = tree.texts("div", "player")
    assert sorted(names) == sorted(p.name for p in state.players)
    table_of = {name: t.number for t in state.tables for name in t.seats}
    for card in tree.find_all("div", "card"):
        name = card.texts("div", "player")[0]
        assert card.texts("span")[0] == f"Table{table_of[name]}"


# ------------------------------------------------------------------------------------ table sheets

def test_table_sheets_one_per_table_with_the_cap_rule(seated: TournamentState) -> None:
    tree = parse(sheets.render_table_sheets(_views.table_sheets_page(tournament(), seated)))
    sections = tree.find_all("section", "table-sheet")
    assert len(sections) == len(seated.tables) == 4  # 14 players: 4, 4, 3, 3
    first = sections[0]
    assert first.texts("span", "name") == seated.tables[0].seats
    assert first.texts("div", "caps")[0] == "2–4 in → cap 5"
    assert "Five Aces" in first.text() and "Plays until 1 player is left, who goes on to the final." in first.text()
    rows = first.find_all("tbody")[0].find_all("tr")
    assert len(rows) == 4 * 4 + 3  # everyone up to 5 cards, and three players out
    assert rows[0].texts("td")[-1] == "2 3 4 5 out"


def test_cap_steps_follow_the_descriptor(complete: TournamentState) -> None:
    steps = _views.cap_steps(complete, 6)
    assert [(s.players, s.cap, s.current) for s in steps] == [("6", 3, True), ("5", 4, False), ("2–4", 5, False)]


@pytest.fixture
def toy_pot_game() -> Iterator[str]:
    """A game no module knows by name: the sheet must come from its descriptor alone."""
    register_game(GameDescriptor(name="toy-pot", title="Toy Pot", aliases=(), seats=(2, 4), max_table=4,
                                 live_result="chips", sheet_rules=("Toy rule: ante 1 chip a deal.",)))
    yield "toy-pot"
    unregister_game("toy-pot")


def test_pot_game_sheets_come_from_the_descriptor(toy_pot_game: str) -> None:
    state = event(6, stages_played=0, game=toy_pot_game)
    page = _views.table_sheets_page(tournament(game=toy_pot_game), state)
    tree = parse(sheets.render_table_sheets(page))
    first = tree.find_all("section", "table-sheet")[0]
    assert "Toy rule: ante 1 chip a deal." in first.text() and "Five Aces" not in first.text()
    assert not first.find_all("div", "caps")
    heads = first.find_all("thead")[0].texts("th")
    assert heads[:3] == ["Deal", "Dealer", "Pot"]
    assert heads[3:] == [f"{i}. {name}" for i, name in enumerate(state.tables[0].seats, start=1)]


# ------------------------------------------------------------------------------------ bracket

def test_bracket_of_a_complete_event(complete: TournamentState) -> None:
    tree = parse(sheets.render_bracket(_views.bracket_page(tournament(), complete)))
    stages = tree.find_all("section", "stage")
    assert len(stages) == 3
    assert complete.plan is not None
    for section, reason in zip(stages, complete.plan.reasons, strict=True):
        assert reason in " ".join(section.text().split())
    # Stage 1: every table appears, each player sent on is listed once, under the table they went to.
    sources = stages[0].find_all("div", "source")
    assert sorted({int(s.texts("b")[0].split()[1]) for s in sources}) == [1, 2, 3, 4, 5]
    sent = [name for s in sources for name in s.texts("li")]
    assert sorted(sent) == sorted(complete.history[1][0].seats + complete.history[1][1].seats)
    for group, target in zip(stages[0].find_all("div", "group"), complete.history[1], strict=True):
        assert sorted(name for s in group.find_all("div", "source") for name in s.texts("li")) == sorted(target.seats)
        lines = group.find_all("line")
        assert len(lines) == len(group.find_all("div", "source"))
    # The champion's path: one highlighted source per stage before the final, and the final winner.
    champion = complete.standings()[0].player
    assert tree.texts("b", "champion-name") == [champion]
    for section in stages[:2]:
        highlighted = section.find_all("div", "champion-path")
        assert any(champion in h.text() for h in highlighted)
        assert len(section.find_all("line", "champion")) == 1
    final = stages[2].find_all("div", "final-table")[0]
    assert final.texts("li", "champion") == [f"{champion} (place 1)"]


def test_bracket_mid_event(after_stage_one: TournamentState) -> None:
    tree = parse(sheets.render_bracket(_views.bracket_page(tournament(), after_stage_one)))
    stages = tree.find_all("section", "stage")
    assert [" ".join(s.texts("span", "badge")) for s in stages] == ["finished", "not started", "not started"]
    assert "not drawn yet" in stages[0].text() and "(planned)" in stages[1].text()
    assert not tree.find_all("line", "champion")


def test_bracket_shows_playing_tables(seated: TournamentState) -> None:
    tree = parse(sheets.render_bracket(_views.bracket_page(tournament(), seated)))
    # Seated, no round played yet: playing from the draw on, as the page header says.
    assert {s.attrs["class"] for s in tree.find_all("div", "source")} == {"source status-playing"}
    assert "stage 1 of" in tree.text() and "playing" in tree.find_all("h2")[0].text()


# ------------------------------------------------------------------------------------ templates

def test_a_club_template_changes_the_header_of_every_sheet(tmp_path: Path, seated: TournamentState) -> None:
    (tmp_path / "layout.html").write_text(
        '{% extends "base.html" %}{% block logo %}<img class="logo" alt="Club Ace">{% endblock %}', encoding="utf-8")
    row = tournament()
    for render, page in ((sheets.render_standings, _views.standings_page(row, seated)),
                         (sheets.render_bracket, _views.bracket_page(row, seated)),
                         (sheets.render_seating, _views.seating_page(row, seated))):
        tree = parse(render(page, tmp_path))  # type: ignore[operator]
        assert [img.attrs["alt"] for img in tree.find_all("img", "logo")] == ["Club Ace"]


def test_a_missing_value_is_an_error_not_a_blank(tmp_path: Path, seated: TournamentState) -> None:
    (tmp_path / "standings.html").write_text("{{ page.event.sponsor }}", encoding="utf-8")
    with pytest.raises(TemplateError, match=r"template standings\.html line 1: .*sponsor"):
        sheets.render_standings(_views.standings_page(tournament(), seated), tmp_path)
    (tmp_path / "bracket.html").write_text("{% for %}", encoding="utf-8")
    with pytest.raises(TemplateError, match=r"template bracket\.html line 1"):
        sheets.render_bracket(_views.bracket_page(tournament(), seated), tmp_path)


def test_environment_is_strict_and_escapes() -> None:
    env = environment()
    assert env.autoescape is True
    assert env.from_string("{{ x }}").render(x="<b>") == "&lt;b&gt;"
    with pytest.raises(jinja2.UndefinedError):
        env.from_string("{{ missing }}").render()
