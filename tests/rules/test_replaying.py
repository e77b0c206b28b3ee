"""The replay loop every game's replayer shares (tourney.rules.replaying)."""

from __future__ import annotations

from typing import Any

import pytest

from tourney.errors import RecordError
from tourney.rules.replaying import check_turn, compare_line, run_record


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
    run_record(lines, lambda: game.events, game.drive, game.finished, "RULES §9")


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


def test_a_game_may_compare_its_own_keys_and_say_how_its_record_ends_early() -> None:
    """Polish Poker's replayer compares some keys only, each with its rule, and names the line it expected."""

    def only_players(line: int, recorded: dict[str, Any], derived: dict[str, Any]) -> None:
        if recorded.get("player") != derived.get("player"):
            raise RecordError(line, "wrong player")

    def expected(line: dict[str, Any] | None) -> str:
        return f"expected {line['event'] if line else 'an action'}"

    game = _Secret()
    lines = _record({"event": "game", "extra": 1}, {"event": "in", "player": "ann"},
                    {"event": "out", "player": "bob", "note": "ignored"})
    with pytest.raises(RecordError, match="line 4: expected end"):
        run_record(lines, lambda: game.events, game.drive, game.finished, compare=only_players, ends_early=expected)
    game = _Secret()
    with pytest.raises(RecordError, match="line 3: expected an action"):
        run_record(lines[:2], lambda: game.events, game.drive, game.finished, compare=only_players,
                   ends_early=expected)
