"""The replay loop the trick-taking games share (tourney.rules.tricks.records)."""

from __future__ import annotations

from typing import Any

import pytest

from tourney.errors import RecordError
from tourney.rules.tricks.records import check_turn, compare_line, run_record


class _Secret:
    """Two players choose in secret; both choices are written once both have chosen, then `end`."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = [{"event": "game"}]
        self.chosen: list[str] = []

    def drive(self, line: int, event: dict[str, Any]) -> None:
        check_turn(line, event, ("ann", "bob"), len(self.chosen), self.finished(), {"in", "out"})
        self.chosen.append(str(event["event"]))
        if len(self.chosen) == 2:
            names = ("ann", "bob")
            self.events += [{"event": kind, "player": name} for kind, name in zip(self.chosen, names, strict=True)]
            self.events.append({"event": "end"})

    def finished(self) -> bool:
        return len(self.chosen) == 2


def _record(*events: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    return list(enumerate(events, start=1))


def _run(lines: list[tuple[int, dict[str, Any]]]) -> None:
    game = _Secret()
    run_record(lines, game.events, game.drive, game.finished, "RULES §9")


def test_secret_choices_are_compared_once_the_rules_write_them() -> None:
    _run(_record({"event": "game"}, {"event": "in", "player": "ann"}, {"event": "out", "player": "bob"},
                 {"event": "end"}))


def test_a_differing_line_is_named_with_its_key_and_the_rules() -> None:
    lines = _record({"event": "game"}, {"event": "in", "player": "ann"}, {"event": "out", "player": "bob"},
                    {"event": "end", "chips": 3})
    with pytest.raises(RecordError, match=r"line 4: end chips is 3 but the rules give None \(RULES §9\)"):
        _run(lines)


def test_turn_kind_and_end_of_record_are_checked() -> None:
    with pytest.raises(RecordError, match="line 2: 'bob' acts out of turn: it is ann's turn"):
        _run(_record({"event": "game"}, {"event": "in", "player": "bob"}))
    with pytest.raises(RecordError, match="line 2: expected ann's action here, found 'end'"):
        _run(_record({"event": "game"}, {"event": "end"}))
    with pytest.raises(RecordError, match="line 3: the record ends before the match does"):
        _run(_record({"event": "game"}, {"event": "in", "player": "ann"}))
    with pytest.raises(RecordError, match="line 5: 'in' after the end of the match"):
        _run(_record({"event": "game"}, {"event": "in", "player": "ann"}, {"event": "in", "player": "bob"},
                     {"event": "end"}, {"event": "in", "player": "ann"}))


def test_compare_line_names_the_kind_first() -> None:
    compare_line(7, {"event": "x", "a": 1}, {"event": "x", "a": 1})
    with pytest.raises(RecordError, match="line 7: expected a 'y' line here, found 'x'"):
        compare_line(7, {"event": "x"}, {"event": "y"})
