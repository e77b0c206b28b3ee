"""The bracket formats' sheets (issue 12) parsed: the classic bracket, the crosstable, Swiss groups."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from format_events import elimination, round_robin, swiss_event
from html_support import Node, parse
from render_events import EVIL, LONG, sample_names

from tourney.render.bracket_layout import CAPACITY, MAX_COLUMNS, layout
from tourney.render.format_pages import EliminationPage
from tourney.render.formats import render_crosstable, render_elimination, render_swiss


def boxes(root: Node) -> dict[str, list[Node]]:
    found: dict[str, list[Node]] = {}
    for node in root.find_all("div", "mbox"):
        found.setdefault(node.attrs["data-match"], []).append(node)
    return found


def slot_names(box: Node) -> list[str]:
    return [" ".join(slot.texts(cls="name")) for slot in box.find_all("div", "slot")]


def links(root: Node) -> set[tuple[str, str]]:
    return {(p.attrs["data-from"], p.attrs["data-to"]) for p in root.find_all("path")}


def check_escaped(html: str) -> None:
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert EVIL in parse(html).text()


@pytest.mark.parametrize(("kind", "players"), [("knockout", 2), ("knockout", 13), ("knockout", 64),
                                               ("double-elimination", 8), ("double-elimination", 13)])
def test_round_one_names_every_player_once_and_byes(kind: str, players: int) -> None:
    page = elimination(kind, players)
    html = render_elimination(page)
    check_escaped(html)
    root = parse(html)
    found = boxes(root)
    first = [m.id for m in page.rounds[0].matches]
    named = [name for match_id in first for name in slot_names(found[match_id][0]) if name]
    assert Counter(named) == Counter(sample_names(players))  # each once, in round 1
    size = 1 << (players - 1).bit_length()
    byes = [box for match_id in first for box in found[match_id] if "m-bye" in box.classes]
    assert len(byes) == size - players
    for box in byes:
        assert "bye" in " ".join(box.texts(cls="from"))


@pytest.mark.parametrize(("kind", "players"), [("knockout", 13), ("knockout", 64), ("double-elimination", 16)])
def test_every_winner_line_reaches_its_next_match(kind: str, players: int) -> None:
    """Each match's winner either has a line to the next match of its section, or a note naming it."""
    page = elimination(kind, players, third_place=kind == "knockout" and players == 13)
    root = parse(render_elimination(page))
    drawn = links(root)
    sections = root.find_all("section", "fsection")
    for section in sections:
        inside = boxes(section)
        for (source, target) in links(section):
            assert source in inside and target in inside  # a line joins two boxes of its own section
    for bracket_round in page.rounds:
        for match in bracket_round.matches:
            if match.winner_to is None:
                continue
            if (match.id, match.winner_to) not in drawn:
                strips = [" ".join(b.texts(cls="strip")) for b in boxes(root)[match.id]]
                assert any(f"→ {match.winner_to}" in s for s in strips), match.id
    # Every line drawn is a real winner's line.
    real = {(m.id, m.winner_to) for r in page.rounds for m in r.matches if m.winner_to}
    assert drawn <= real


def test_champion_path_is_marked_from_round_one_to_the_final() -> None:
    page = elimination("knockout", 13, third_place=True)
    assert page.champion is not None
    root = parse(render_elimination(page))
    marked = [p for p in root.find_all("path") if "champion" in p.attrs["class"].split()]
    won = [m for r in page.rounds for m in r.matches if m.champion and m.status in ("done", "bye")]
    assert {(p.attrs["data-from"], p.attrs["data-to"]) for p in marked} == {(m.id, m.winner_to) for m in won
                                                                            if m.winner_to}
    assert len(won) == 4 and won[0].id.startswith("W1-")  # four rounds, a bye or a win in each, from round 1
    legend = " ".join(root.texts(cls="champion-name"))
    assert legend == page.champion
    champion_slots = [slot for slot in root.find_all("div", "slot") if "champion" in slot.classes]
    assert {" ".join(s.texts(cls="name")) for s in champion_slots} == {page.champion}
    final = next(m for r in page.rounds for m in r.matches if r.side == "winners" and m.winner_to is None)
    assert "champion-path" in boxes(root)[final.id][0].classes


def test_decided_and_undecided_matches_are_told_apart() -> None:
    page = elimination("knockout", 16, matches=10)  # round 1 played, W2-1 and W2-2
    root = parse(render_elimination(page))
    status = {match_id: next(c for c in nodes[0].classes if c.startswith("m-")) for match_id, nodes in
              boxes(root).items()}
    assert Counter(status.values()) == {"m-done": 10, "m-ready": 3, "m-pending": 2}  # W3-1 is ready
    open_lines = [p for p in root.find_all("path") if "open" in p.attrs["class"].split()]
    assert len(open_lines) == 15 - 10 - 1  # one per undecided match but the final (it has no next match)


def test_best_of_scores_are_shown() -> None:
    page = elimination("knockout", 4, best_of=3)
    root = parse(render_elimination(page))
    assert "best of 3" in " ".join(root.texts(cls="legend"))
    for match_id, nodes in boxes(root).items():
        scores = sorted(" ".join(s.texts(cls="score")) for s in nodes[0].find_all("div", "slot"))
        assert scores == ["0", "2"], match_id


def test_double_elimination_drop_downs_are_labelled() -> None:
    page = elimination("double-elimination", 8, matches=4)  # winners' round 1 only
    root = parse(render_elimination(page))
    found = boxes(root)
    strips = {match_id: " ".join(nodes[0].texts(cls="strip")) for match_id, nodes in found.items()}
    assert "losers of W1-1, W1-2 ↓" in strips["L1-1"]
    assert "loser of W2-2 ↓" in strips["L2-1"]  # the usual order: W2-2's loser meets L1-1's winner
    assert "loser → L1-1" in strips["W1-1"]
    waiting = [" ".join(s.texts(cls="from")) for s in found["L2-1"][0].find_all("div", "slot")]
    assert waiting == ["winner of L1-1", "loser of W2-2"]
    titles = [" ".join(h.text().split()) for h in root.find_all("h2")]
    assert titles[0].startswith("Winners' bracket") and titles[1].startswith("Losers' bracket")
    assert "GF" in found and "GF2" in found  # drawn right of the winners' final
    assert ("W3-1", "GF") in links(root)


def test_big_brackets_are_cut_into_sections_that_fit_a_page() -> None:
    shape = layout(elimination("knockout", 64))
    assert shape.landscape
    firsts = [len({m.match.id for m in s.matches if m.x == 0}) for s in shape.sections]
    assert firsts == [8, 8, 8, 8, 4]  # four quarters of eight first-round matches, then the last eight
    assert all(len(s.heads) <= MAX_COLUMNS for s in shape.sections)
    double = layout(elimination("double-elimination", 64))
    assert all(len({m.match.id for m in s.matches if m.x == 0}) <= CAPACITY for s in double.sections)
    assert not layout(elimination("knockout", 4)).landscape


def test_a_long_name_is_kept_whole() -> None:
    root = parse(render_elimination(elimination("knockout", 8)))
    assert LONG in [n.text() for n in root.find_all("span", "name")]


# ------------------------------------------------------------------------------------ round robin

def _points(text: str) -> Fraction:
    glyphs = {"½": Fraction(1, 2), "⅓": Fraction(1, 3), "⅔": Fraction(2, 3)}
    total = Fraction(0)
    for part in text.split():
        whole = part.rstrip("½⅓⅔")
        total += Fraction(int(whole) if whole else 0) + sum((glyphs[c] for c in part[len(whole):]), Fraction(0))
    return total


def test_crosstable_cells_are_symmetric_and_add_up() -> None:
    page = round_robin(7, played=5)
    html = render_crosstable(page)
    check_escaped(html)
    root = parse(html)
    rows = root.find_all("table", "crosstable")[0].find_all("tr")[1:]
    assert len(rows) == 7
    cells = [[c.text() for c in row.find_all("td", "cell")] for row in rows]
    for i in range(7):
        assert "self" in rows[i].find_all("td", "cell")[i].classes
        for j in range(7):
            if i != j and cells[i][j]:
                assert _points(cells[i][j]) + _points(cells[j][i]) == 1  # a duel gives out one point
        points = rows[i].texts(cls="points")[0]
        assert _points(points) == sum((_points(c) for c in cells[i]), Fraction(0)) + sum(
            1 for r in page.rounds[:5] if r.byes and r.byes[0] == page.rows[i].player)
    ranks = [int(r.texts(cls="rank")[0].removeprefix("T-")) for r in rows]
    assert sorted(ranks)[0] == 1
    assert len(root.find_all("div", "round-box")) == 7  # 7 players: 7 rounds, one bye each
    assert sum(1 for b in root.find_all("div", "round-box") if "open" in b.classes) == 2
    # Each played duel's result agrees with the crosstable; the rounds not played show none.
    number = {row.player: row.number for row in page.rows}
    results = {"1": "1–0", "½": "½–½", "0": "0–1"}
    for index, box in enumerate(root.find_all("div", "round-box")):
        for line in box.find_all("tr"):
            if "bye" in line.classes:
                continue
            a, b = (node.text() for node in line.find_all("td", "name"))
            shown = line.texts("td", "result")[0]
            assert shown == (results[cells[number[a] - 1][number[b] - 1]] if index < 5 else "–"), (a, b)


def test_crosstable_of_small_tables_lists_places_per_round() -> None:
    page = round_robin(9, table_size=3, played=2)
    root = parse(render_crosstable(page))
    boxes_ = root.find_all("div", "round-box")
    assert len(boxes_) == len(page.rounds)
    first = boxes_[0]
    seated = first.texts(cls="seated")
    assert len(seated) == 9 and all(s[-1] in "123" for s in seated)  # every player with a place
    assert not boxes_[2].find_all("b", "place")  # round 3 not played yet


# ------------------------------------------------------------------------------------ Swiss

def test_swiss_groups_by_score_with_tie_breaks_and_pairings() -> None:
    page = swiss_event(11, rounds=4, played=3)
    html = render_swiss(page)
    check_escaped(html)
    root = parse(html)
    groups = root.find_all("tbody", "score-group")
    assert len(groups) == len(page.groups) >= 3
    scores = [_points(g.texts(cls="score")[0]) for g in groups]
    assert scores == sorted(scores, reverse=True)
    for group in groups:
        assert len(set(group.texts(cls="score"))) == 1  # one score per group
    names = root.find_all("table", "swiss")[0].texts(cls="name")
    assert Counter(names) == Counter(sample_names(11))
    rounds = root.find_all("div", "round-box")
    assert len(rounds) == 4 and "open" in rounds[3].classes
    assert sum(1 for t in rounds[0].texts("tr", "bye")) == 1  # 11 players: one bye
    assert "Provisional · after 3 of 4 rounds" in root.text()


def test_swiss_sheet_says_what_the_round_under_way_adds() -> None:
    """The badge counts the rounds fully played; the standings also count a round under way's
    finished tables and its bye (as `tourney standings` says), and the badge says so."""
    seated = swiss_event(10, rounds=4, played=2)  # round 3 seated, nothing entered, no bye
    assert "Provisional · after 2 of 4 rounds</p>" in render_swiss(seated).replace("\n", "")
    with_bye = parse(render_swiss(swiss_event(11, rounds=4, played=2)))
    assert "after 2 of 4 rounds · round 3 under way: its finished tables and its bye are counted" in with_bye.text()
    plan = seated.rounds[2]
    first = plan.tables[0]
    half_played = replace(seated, rounds=(*seated.rounds[:2], replace(plan, tables=(
        first._replace(places=(1, 2), result="1–0"), *plan.tables[1:]))))
    assert "round 3 under way" in parse(render_swiss(half_played)).text()
    final = parse(render_swiss(swiss_event(10, rounds=3, played=3)))
    assert "Final · after 3 of 3 rounds" in final.text() and "under way" not in final.text()


def test_swiss_head_to_head_shown_only_where_players_are_level() -> None:
    page = swiss_event(8, rounds=3, played=3)
    for group in page.groups:
        for row in group.rows:
            level = [r for r in group.rows if (r.buchholz, r.sonneborn_berger) == (row.buchholz, row.sonneborn_berger)]
            assert bool(row.head_to_head) == (len(level) > 1)


def test_format_sheets_escape_every_name_once_per_cell() -> None:
    page: EliminationPage = elimination("knockout", 5)
    html = render_elimination(page)
    assert html.count("&lt;script&gt;") >= 1 and "<script>" not in html
    assert "&amp;lt;" not in html  # escaped once, not twice
    root = parse(html)
    cells = [n.text() for n in root.find_all("span", "name") if "script" in n.text()]
    assert cells and set(cells) == {EVIL}  # every box naming the player reads the name as typed
