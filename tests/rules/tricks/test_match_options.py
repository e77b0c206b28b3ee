"""The option classes of Хлюст and Lou read and write their options one way (tricks/options.py)."""

from __future__ import annotations

import pytest

from tourney.errors import InvalidInputError
from tourney.rules.khlyust import KhlyustOptions
from tourney.rules.lou import LouOptions
from tourney.rules.tricks.options import check_choices


@pytest.mark.parametrize(("cls", "game"), [(LouOptions, "lou"), (KhlyustOptions, "khlyust")])
def test_options_round_trip_and_are_checked_by_name_type_and_rule(cls: type[LouOptions | KhlyustOptions],
                                                                  game: str) -> None:
    options = cls.from_mapping({"start_chips": 30, "allow_debt": True})
    written = options.to_dict()
    assert list(written)[:1] == ["start_chips"] and written["start_chips"] == 30 and written["allow_debt"] is True
    assert cls.from_mapping(written) == options and cls.from_mapping({}) == cls()
    with pytest.raises(InvalidInputError, match=f"{game} has no option 'nope' \\(options: start_chips, "):
        cls.from_mapping({"nope": 1})
    with pytest.raises(InvalidInputError, match="option 'ante' must be int, not True"):
        cls.from_mapping({"ante": True})
    with pytest.raises(InvalidInputError, match="rotations"):
        cls.from_mapping({"rotations": 0})


def test_a_value_not_among_its_choices_is_refused() -> None:
    check_choices(("lead", "left_of_dealer", ("left_of_dealer", "upcard_count")))
    with pytest.raises(InvalidInputError, match="option 'lead' must be one of left_of_dealer, upcard_count, not 'x'"):
        check_choices(("payout", "majority", ("majority",)), ("lead", "x", ("left_of_dealer", "upcard_count")))
