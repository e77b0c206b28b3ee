"""The separator of a CSV file's fields: a comma, a semicolon (Excel's, where the decimal mark is a
comma, as in Polish) or a tab ("Unicode text"), told by the header line or named by the director.

`csv.Sniffer` guesses from the data rows and is often wrong on a short file; the header line is
enough: the candidate that splits it into a `name` column wins, else the one found most often
outside quotes (a comma on a tie, as before).
"""

from __future__ import annotations

import csv
from typing import Final

from tourney.errors import InvalidInputError

SEPARATORS: Final = (",", ";", "\t")
_NAMED: Final = {",": ",", "comma": ",", ";": ";", "semicolon": ";", "tab": "\t", "\t": "\t", "\\t": "\t"}


def checked_separator(text: str) -> str:
    """The separator a director named (`,` `;` `tab`), or an `InvalidInputError`."""
    found = _NAMED.get(text.strip().lower()) if text.strip() else _NAMED.get(text)
    if found is None:
        raise InvalidInputError.in_words("unknown separator %(text)s: give ',', ';' or tab", text=repr(text[:20]))
    return found


def header_separator(text: str, *, wanted: str = "name") -> str:
    """The separator of the first non-blank line of `text` (see the module docstring)."""
    header = next((line for line in text.split("\n") if line.strip()), "")
    counts = {candidate: _outside_quotes(header, candidate) for candidate in SEPARATORS}
    naming = [candidate for candidate in SEPARATORS
              if wanted in (cell.strip().lower() for cell in next(csv.reader([header], delimiter=candidate), []))]
    pool = naming or list(SEPARATORS)
    return max(pool, key=lambda candidate: (counts[candidate], -SEPARATORS.index(candidate)))


def _outside_quotes(line: str, candidate: str) -> int:
    count, quoted = 0, False
    for character in line:
        if character == '"':
            quoted = not quoted
        elif character == candidate and not quoted:
            count += 1
    return count
