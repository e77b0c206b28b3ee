"""The console's entry line read as the desk reads it (`app/input/entry_line.py`): every form of a
result line, quoted names as shlex reads them, and a clear refusal for anything else; then run
(`app/floor/entry_run.py`) with quick entry's name resolution and the CLI's answer; and completed
(`app/floor/console_entry.completions`) as the desk completes."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from tourney import app
from tourney.app.floor.console_entry import completions, posted_entry
from tourney.app.floor.entry_run import run_entry
from tourney.app.input.entry_complete import quote
from tourney.app.input.entry_line import MAX_LINE, EntryLine, read_entry_line
from tourney.errors import IllegalActionError, InvalidInputError, TourneyError


@pytest.mark.parametrize(("line", "read"), [
    ("result 5 kam", EntryLine("result", "5", ("kam",))),
    ("5 kam", EntryLine("result", "5", ("kam",))),
    ("T3 ann", EntryLine("result", "T3", ("ann",))),
    ("t3 ann", EntryLine("result", "t3", ("ann",))),
    ("final s1", EntryLine("result", "final", ("s1",))),
    ("Final s1", EntryLine("result", "Final", ("s1",))),
    ("result final s1", EntryLine("result", "final", ("s1",))),
    ("tourney result 2 'Anna Nowak'", EntryLine("result", "2", ("Anna Nowak",))),
    ("  RESULT   2   bob  ", EntryLine("result", "2", ("bob",))),
    ("finish 4 ola anna magda", EntryLine("finish", "4", ("ola", "anna", "magda"))),
    ('finish 4 "O\'Brien" \'Źdźbło Łucja\'', EntryLine("finish", "4", ("O'Brien", "Źdźbło Łucja"))),
    ("chips 2 ann=40 bob=60", EntryLine("chips", "2", ("ann=40", "bob=60"))),
    ("chips 2 'Anna Nowak'=40", EntryLine("chips", "2", ("Anna Nowak=40",))),
    ("forfeit 3 ann", EntryLine("forfeit", "3", ("ann",))),
    ("forfeit 3 ann bob", EntryLine("forfeit", "3", ("ann", "bob"))),
    ("undo", EntryLine("undo")),
    ("undo 57", EntryLine("undo", "", ("57",))),
    ("5 <script>alert(1)</script>", EntryLine("result", "5", ("<script>alert(1)</script>",))),
])
def test_every_form_of_a_result_line_is_read(line: str, read: EntryLine) -> None:
    assert read_entry_line(line) == read


def test_a_line_reads_back_as_the_desk_would_read_it() -> None:
    for line in ("5 kam", "finish 4 'Anna Nowak' \"O'Brien\" bob", "chips 2 'Ann N=4' bob=6", "undo", "undo 3"):
        entry = read_entry_line(line)
        assert read_entry_line(entry.text()) == entry
        assert entry.text().startswith(entry.command)
    assert read_entry_line("undo 57").event == 57 and read_entry_line("undo").event is None


@pytest.mark.parametrize(("line", "says"), [
    ("", "type an entry: the line takes"),
    ("   ", "type an entry"),
    ("tables", "'tables' is not an entry here: the line takes `result T NAME`"),
    ("standings", "is not an entry here"),
    ("advance", "'advance' is not an entry here"),
    ("kam 5", "'kam' is not an entry here"),
    ("result", "result needs a table: result TABLE NAME"),
    ("result 5", "result needs who lost the round"),
    ("5", "result needs who lost the round"),
    ("result 5 kam bob", "a result names one loser, not 2"),
    ("finish 4", "finish needs the players"),
    ("chips 2", "chips needs the players"),
    ("forfeit 3", "forfeit needs the players"),
    ("forfeit 3 a b c", "forfeit: a duel has two players; give the loser, or both for a double forfeit (got 3)"),
    ("undo 1 2", "undo takes at most one event id"),
    ("undo last", "the event id to undo"),
    ("undo 0", "the event id to undo"),
    ("result 5 'kam", "cannot read that line: No closing quotation"),
    ("x" * (MAX_LINE + 1), "that line is too long"),
])
def test_anything_else_is_refused_in_one_line_naming_what_the_line_takes(line: str, says: str) -> None:
    with pytest.raises(InvalidInputError) as refused:
        read_entry_line(line)
    assert says in str(refused.value) and "\n" not in str(refused.value)


def test_a_card_s_fields_are_the_same_entries() -> None:
    assert posted_entry({"command": ["result"], "table": ["2"], "name": ["Anna Nowak"]}) == \
        EntryLine("result", "2", ("Anna Nowak",))
    assert posted_entry({"command": ["finish"], "table": ["1"], "name": ["b", "a", "c"]}) == \
        EntryLine("finish", "1", ("b", "a", "c"))
    chips = {"command": ["chips"], "table": ["3"], "player-1": ["Ann"], "count-1": ["40"], "player-2": ["Bo b"],
             "count-2": ["60"]}
    assert posted_entry(chips) == EntryLine("chips", "3", ("Ann=40", "Bo b=60"))
    assert posted_entry({"line": ["5 kam"]}) == EntryLine("result", "5", ("kam",))
    with pytest.raises(InvalidInputError, match="type an entry"):
        posted_entry({})  # an empty line is not sent at all
    for command in ("undo", "seat", ""):
        with pytest.raises(InvalidInputError):
            posted_entry({"command": [command], "table": ["1"], "name": ["a"]})


# ---------------------------------------------------------------- run against a tournament
NAMES = ["Anna Nowak", "Anna Kowal", "Źdźbło Łucja", "Bob", "Kamil", "Ewa", "Ola", "Magda"]


@pytest.fixture
def url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'entry.db'}"
    app.new_tournament("Friday", game="pp", seed=5, db=url)
    app.add_players(NAMES, db=url)
    app.seat(db=url)
    return url


def seats(url: str, table: int) -> tuple[str, ...]:
    return tuple(app.tournament_state(db=url).table(table).seats)


def last(url: str) -> tuple[str, dict[str, object]]:
    event = app.tournament_state(db=url).events[-1]
    return event.kind, dict(event.data)


def test_names_resolve_as_quick_entry_reads_them(url: str) -> None:
    for table in (1, 2):
        at = seats(url, table)
        run_entry(read_entry_line(f"{table} s2"), db=url, tournament=None)
        assert last(url) == ("result", {"table": table, "loser": at[1]})
        name = at[0]
        typed = {"Źdźbło Łucja": "zdz", "Anna Nowak": "now", "Anna Kowal": "kow"}.get(name, name[:3].upper())
        run_entry(read_entry_line(f"result T{table} {typed}"), db=url, tournament=None)
        assert last(url) == ("result", {"table": table, "loser": name})


def test_an_ambiguous_name_is_refused_listing_the_candidates(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'one-table.db'}"
    app.new_tournament("Friday", game="pp", seed=5, db=url)
    app.add_players(["Anna Nowak", "Anna Kowal", "Bob", "Ewa"], db=url)  # one table of four
    app.seat(db=url)
    before = app.tournament_state(db=url).last_event_id
    with pytest.raises(InvalidInputError, match="'anna' could be Anna Nowak, Anna Kowal: type more of the name"):
        run_entry(read_entry_line("1 anna"), db=url, tournament=None)
    with pytest.raises(TourneyError, match="unknown player 'zzz'"):
        run_entry(read_entry_line("1 zzz"), db=url, tournament=None)
    assert app.tournament_state(db=url).last_event_id == before
    run_entry(read_entry_line("1 'anna k'"), db=url, tournament=None)
    assert last(url) == ("result", {"table": 1, "loser": "Anna Kowal"})


def test_a_finish_chips_forfeit_and_undo_answer_in_the_cli_s_lines(url: str) -> None:
    from tourney.app.read_models.table_views import entry_lines

    at = seats(url, 1)
    said = run_entry(read_entry_line("finish 1 " + " ".join(quote(p) for p in reversed(at))), db=url, tournament=None)
    state = app.tournament_state(db=url)
    assert last(url) == ("finish", {"table": 1, "order": list(reversed(at))})
    assert said == entry_lines(state, state.table(1)) and said[0].startswith("table 1, stage 1: finished")
    with pytest.raises(IllegalActionError, match="chip counts are for pot games"):
        run_entry(read_entry_line(f"chips 2 {quote(seats(url, 2)[0])}=4"), db=url, tournament=None)
    with pytest.raises(IllegalActionError, match="a forfeit is for a duel"):
        run_entry(read_entry_line("forfeit 2 s1"), db=url, tournament=None)
    undone = run_entry(read_entry_line("undo"), db=url, tournament=None)
    assert undone[0].startswith("Undone: event ") and "finish table 1" in undone[0]
    assert not app.tournament_state(db=url).table(1).finished


def test_undo_of_a_seat_draw_is_refused_and_sent_to_the_log(url: str) -> None:
    before = app.tournament_state(db=url).last_event_id
    with pytest.raises(IllegalActionError, match=r"the last entry is event \d+ \(seat .*: undo it from the log page"):
        run_entry(read_entry_line("undo"), db=url, tournament=None)
    assert app.tournament_state(db=url).last_event_id == before


def test_completion_offers_tables_then_the_players_still_in_there(url: str) -> None:
    state = app.tournament_state(db=url)
    first = {c["text"] for c in completions(state, "")}
    assert {"result", "finish", "chips", "forfeit", "undo", "1", "2"} <= first and "final" not in first
    assert [c["text"] for c in completions(state, "fi")] == ["finish"]
    tables = completions(state, "result ")
    assert [c["text"] for c in tables] == ["1", "2"]
    assert tables[0]["note"] == ", ".join(state.table(1).still_in) and tables[0]["line"] == "result 1 "
    at_one = [shlex.split(c["text"])[0] for c in completions(state, "1 ")]
    assert sorted(at_one) == sorted(state.table(1).still_in)
    zdz = [c for c in completions(state, "result 1 zdz") + completions(state, "result 2 zdz")]
    assert [c["text"] for c in zdz] == ["'Źdźbło Łucja'"]
    assert zdz[0]["line"].endswith(" 'Źdźbło Łucja' ") and shlex.split(zdz[0]["line"])[-1] == "Źdźbło Łucja"
    chips = completions(state, f"chips 1 {quote(state.table(1).seats[0])}=3 ")
    assert [shlex.split(c["text"])[0] for c in chips] == [f"{n}=" for n in state.table(1).seats[1:]]
    assert all(not c["line"].endswith(" ") for c in chips)
    finish = completions(state, f"finish 2 {quote(state.table(2).seats[0])} ")
    assert [shlex.split(c["text"])[0] for c in finish] == list(state.table(2).seats[1:])
    assert completions(state, "undo ") == [] and completions(state, "tables ") == []
    assert completions(state, "x" * (MAX_LINE + 1)) == []
