"""Typer parsers for whole-number options: the strict reading of `tourney.app.input.numbers`, whose
error becomes click's one-line usage error."""

from __future__ import annotations

from collections.abc import Callable

import typer

from tourney.app.input.numbers import MAX_SEED, SEED, check_range, check_seed, whole_number
from tourney.errors import InvalidInputError, Worded

__all__ = ["MAX_SEED", "check_range", "check_seed", "number_parser", "parse_seed", "whole_number"]


def number_parser(*, what: str | Worded, low: int = 0, high: int | None = None) -> Callable[[str | int], int]:
    """A Typer `parser=` for an int option: strict like `whole_number`. Typer also passes an int
    default through it, which is only range-checked. Its error becomes click's one-line usage error."""

    def parse(value: str | int) -> int:
        try:
            if isinstance(value, int):
                return check_range(value, what=what, low=low, high=high)
            return whole_number(value, what=what, low=low, high=high)
        except InvalidInputError as error:
            raise typer.BadParameter(str(error)) from None

    return parse


parse_seed = number_parser(what=SEED, high=MAX_SEED)
