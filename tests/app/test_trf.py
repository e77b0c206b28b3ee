"""TRF-2016 text (tourney.app.input.trf): the writer's columns, against the recorded Dutch histories
whose TRF a real bbpPairings paired (tests/data/dutch, 321 rounds), and the field reader's refusals."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from tourney.app.input.trf import TrfEntrant, duel_trf, looks_like_trf, read_trf_field, write_trf
from tourney.engine.rounds import PlayedRound, TableResult
from tourney.errors import InvalidInputError

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine" / "formats"))
from dutch_reference import DATA

OWN = {"1": ("1", "0"), "0": ("0", "1"), "=": ("=", "="), "+-": ("+", "-"), "-+": ("-", "+"), "--": ("-", "-")}


def _history(played: list[dict[str, object]]) -> list[PlayedRound]:
    def table(w: int, b: int, r: str) -> TableResult:
        places = {"1": (1, 2), "0": (2, 1), "=": (1, 1), "+-": (1, 2), "-+": (2, 1), "--": (1, 1)}[r]
        forfeits = {"+-": (b,), "-+": (w,), "--": (w, b)}.get(r, ())
        return TableResult((f"P{w}", f"P{b}"), places, tuple(f"P{p}" for p in forfeits))

    return [PlayedRound(tuple(table(*pair) for pair in rnd["pairs"]),  # type: ignore[attr-defined]
                        (f"P{rnd['bye']}",) if rnd["bye"] else ()) for rnd in played]


def _entries(line: str) -> list[tuple[int, str, str]]:
    """An 001 line's round entries, read by their TRF-2016 columns (92-95, 97, 99; every 10)."""
    out = []
    for start in range(91, len(line), 10):
        opponent, colour, result = line[start:start + 4], line[start + 5], line[start + 7]
        assert line[start + 4] == " " and line[start + 6] == " " and line[start + 8:start + 10].strip() == ""
        out.append((int(opponent), colour, result))
    return out


def test_every_recorded_history_is_written_as_played_column_for_column() -> None:
    events = json.loads(DATA.read_text())["events"]
    checked = 0
    for event in events:
        n, played = event["players"], event["played"]
        seeds = [f"P{i}" for i in range(1, n + 1)]
        text = write_trf(duel_trf("Reference", seeds, _history(played), event["rounds"], first_colour="white1"))
        lines = text.splitlines()
        assert lines[:4] == ["012 Reference", "092 Individual: Swiss-System (written by tourney)",
                             f"XXR {event['rounds']}", "XXC white1"]
        rows = [line for line in lines if line.startswith("001")]
        assert [int(row[4:8]) for row in rows] == list(range(1, n + 1))
        want: dict[int, list[tuple[int, str, str]]] = {p: [] for p in range(1, n + 1)}
        points = dict.fromkeys(want, Fraction(0))
        gain = {"1": Fraction(1), "=": Fraction(1, 2), "+": Fraction(1), "U": Fraction(1)}
        for rnd in played:
            for w, b, r in rnd["pairs"]:
                want[w].append((b, "w", OWN[r][0]))
                want[b].append((w, "b", OWN[r][1]))
            if rnd["bye"]:
                want[rnd["bye"]].append((0, "-", "U"))
        for p, entries in want.items():
            points[p] = sum((gain.get(r, Fraction(0)) for _o, _c, r in entries), Fraction(0))
        for row in rows:
            p = int(row[4:8])
            assert row[14:47].rstrip() == f"P{p}" and row[80:84] == f"{float(points[p]):>4.1f}"
            assert _entries(row) == want[p]
            checked += 1
    assert checked > 1000


def test_a_withdrawn_player_is_not_paired_in_the_rounds_missed_and_the_next() -> None:
    history = [PlayedRound((TableResult(("A", "B"), (1, 2)), TableResult(("C", "D"), (1, 1))), ()),
               PlayedRound((TableResult(("B", "C"), (2, 1), ("B",)),), ("A",))]
    text = write_trf(duel_trf("W", ["A", "B", "C", "D"], history, 4, ratings={"A": 2100}, next_round={"D": "-"}))
    rows = {row[14:47].strip(): row for row in text.splitlines() if row.startswith("001")}
    assert _entries(rows["A"]) == [(2, "w", "1"), (0, "-", "U")] and rows["A"][48:52] == "2100"
    assert _entries(rows["B"]) == [(1, "b", "0"), (3, "w", "-")] and rows["B"][48:52] == "    "
    assert _entries(rows["C"]) == [(4, "w", "="), (2, "b", "+")]
    assert _entries(rows["D"]) == [(3, "b", "="), (0, "-", "-"), (0, "-", "-")]
    assert "XXC white1" in text  # A, seed 1, was white in round 1


def test_tables_of_three_are_refused() -> None:
    with pytest.raises(InvalidInputError, match="duels only"):
        duel_trf("T", ["A", "B", "C"], [PlayedRound((TableResult(("A", "B", "C"), (1, 2, 3)),))], 3)


def test_a_long_name_is_cut_to_its_33_columns() -> None:
    text = write_trf(duel_trf("L", ["A" * 40, "B"], [], 1))
    row = text.splitlines()[3]
    assert row[14:47] == "A" * 33 and row[48:52] == "    "


def test_the_field_reader_reads_names_ratings_and_start_numbers() -> None:
    text = ("012 Club championship\n"
            "001    2 m    Nowak, Anna                       2105 POL    12345678 1990/01/01  0.0    0\n"
            "001    1      Kowalski, Jan                                                     \n")
    assert looks_like_trf(text) and not looks_like_trf("name,club\nAnna,X\n")
    assert read_trf_field(text, source="f.trf") == [TrfEntrant(1, "Kowalski, Jan", None, 3),
                                                      TrfEntrant(2, "Nowak, Anna", 2105, 2)]


@pytest.mark.parametrize(("text", "message"), [
    ("012 x\n001    1      A\n001   1x      B\n", "f.trf line 3: the start number"),
    ("012 x\n001 0000      A\n", "f.trf line 2: the start number"),
    ("012 x\n001    1      A\n001    1      B\n", "f.trf line 3: start number 1 is already on line 2"),
    ("012 x\n001    1      A                                 2x00\n", "f.trf line 2: the rating"),
    ("012 x\n001    1       \n001    2      B\n", "f.trf line 2: an 001 line needs"),
    ("012 x\n001    1                                        2000\n", "f.trf line 2: no name"),
    ("012 x\n", "f.trf has no player line"),
])
def test_a_malformed_field_is_refused_naming_its_line(text: str, message: str) -> None:
    with pytest.raises(InvalidInputError) as refused:
        read_trf_field(text, source="f.trf")
    assert str(refused.value).startswith(message)


def test_other_byes_and_a_bye_asked_for_the_next_round_have_their_codes_and_points() -> None:
    history = [PlayedRound((TableResult(("A", "B"), (1, 2)),), ("C",)),
               PlayedRound((TableResult(("C", "A"), (1, 1)),), ("B",))]
    text = write_trf(duel_trf("B", ["A", "B", "C", "D"], history, 3,
                              unpaired=[{"D": "H"}, {"B": "Z", "D": "F"}], next_round={"A": "H"}))
    rows = {row[14:47].strip(): row for row in text.splitlines() if row.startswith("001")}
    assert _entries(rows["A"]) == [(2, "w", "1"), (3, "b", "="), (0, "-", "H")] and rows["A"][80:84] == " 1.5"
    assert _entries(rows["B"]) == [(1, "b", "0"), (0, "-", "Z")] and rows["B"][80:84] == " 0.0"
    assert _entries(rows["C"]) == [(0, "-", "U"), (1, "w", "=")] and rows["C"][80:84] == " 1.5"
    assert _entries(rows["D"]) == [(0, "-", "H"), (0, "-", "F")] and rows["D"][80:84] == " 1.5"
