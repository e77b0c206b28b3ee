"""The `end` lines the Lou and Хлюст summaries share (tourney.rules.tricks.text)."""

from __future__ import annotations

from tourney.rules.tricks.text import end_lines, signed


def test_signed_leaves_out_unmoved_players() -> None:
    assert signed({"ann": 3, "bob": 0, "cy": -3}) == "ann +3, cy -3"
    assert signed({"ann": 0}) == "no chips move"


def test_end_lines_name_the_pot_the_game_way() -> None:
    end = {"split": {"ann": 2, "bob": 1}, "chips": {"ann": 12, "bob": 9}, "standings": ["ann", "bob"]}
    assert list(end_lines(end, "kassa")) == ["kassa left at the end shared: ann +2, bob +1",
                                             "chips: ann 12, bob 9", "standings: ann 12, bob 9"]
    assert list(end_lines({**end, "split": {"ann": 0, "bob": 0}})) == ["chips: ann 12, bob 9",
                                                                        "standings: ann 12, bob 9"]
