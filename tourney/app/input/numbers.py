"""Reading whole numbers strictly, for every front end and the operations that read text.

`str.isdigit()` accepts `²` and other Unicode digits that `int()` then rejects (or reads as another
number), and Python ints are unbounded while SQLite and `random.Random` seeds are not: every number
typed by a person goes through here so that bad text is one clear error line, never a traceback.
A rating from a spreadsheet may have a decimal comma (`decimal_number`).
"""

from __future__ import annotations

import math
import re

from tourney.errors import InvalidInputError, Worded, worded_p

# What the refusals call a seed (a language says it its way; an option's name stays as typed).
SEED = worded_p("a number's name in a refusal", "seed")
# The largest seed a 64-bit signed database column (SQLite INTEGER, PostgreSQL BIGINT) can store.
MAX_SEED = 2**63 - 1

_ASCII_DIGITS = frozenset("0123456789")


def whole_number(text: str, *, what: str | Worded, low: int = 0, high: int | None = None) -> int:
    """`text` as an int: ASCII digits only, surrounding spaces allowed, a leading `-` only when
    `low < 0` (a `+` never), and `low <= value <= high`. Anything else is an `InvalidInputError`
    naming `what` and the text."""
    stripped = text.strip(" ")
    digits = stripped[1:] if stripped.startswith("-") and low < 0 else stripped
    if not digits or not set(digits) <= _ASCII_DIGITS:
        raise InvalidInputError.in_words("%(what)s must be a whole number, got %(text)s", what=what, text=repr(text))
    if len(digits) > 40:  # far beyond any bound used here; spares int() a huge parse
        raise InvalidInputError.in_words("%(what)s %(text)s is out of range", what=what, text=repr(text.strip()))
    value = int(stripped)
    return check_range(value, what=what, low=low, high=high)


def check_range(value: int, *, what: str | Worded, low: int = 0, high: int | None = None) -> int:
    """`value` itself when `low <= value <= high`, else an `InvalidInputError` naming `what`."""
    if value < low or (high is not None and value > high):
        if high is not None:
            raise InvalidInputError.in_words("%(what)s must be from %(low)s to %(high)s, got %(value)s", what=what,
                                             low=low, high=high, value=value)
        raise InvalidInputError.in_words("%(what)s must be at least %(low)s, got %(value)s", what=what, low=low,
                                         value=value)
    return value


def check_seed(seed: int, *, what: str | Worded = SEED) -> int:
    """`seed` itself when it fits a database column and a seeded shuffle (0..MAX_SEED)."""
    return check_range(seed, what=what, low=0, high=MAX_SEED)


# A number as a Polish spreadsheet writes it: digits grouped by a space (a no-break or narrow one in
# Excel's export) and a decimal comma, `1 500,5`.
_GROUPED = re.compile(r"[+-]?[0-9]{1,3}(?:[ \u00a0\u202f][0-9]{3})+(?:[.,][0-9]+)?")


def decimal_number(text: str) -> float | None:
    """`text` as a finite float, read as `float` does and also with a decimal comma (`1500,5`) and
    digits grouped by spaces (`1 500,5`); None when it is not such a number."""
    number = text.strip()
    if _GROUPED.fullmatch(number):
        number = re.sub("[ \u00a0\u202f]", "", number)
    if number.count(",") == 1 and "." not in number:
        number = number.replace(",", ".")
    try:
        value = float(number)
    except ValueError:
        return None
    return value if math.isfinite(value) else None
