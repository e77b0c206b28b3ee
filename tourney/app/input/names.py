"""The registered player a director means by what they typed, and chip counts typed as NAME=N."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final

from tourney.app.input.numbers import whole_number
from tourney.errors import InvalidInputError, worded

if TYPE_CHECKING:
    from tourney.engine.tables import TableState
    from tourney.engine.tournament import TournamentState

# More chips than any table holds; keeps every count an exact integer in JSON and the database.
MAX_CHIPS = 10**12
# Chip counts as a front end passes them: NAME=N texts, or name -> count.
ChipCounts = Sequence[str] | Mapping[str, int]
# How quick entry reads a seat (`s2`), as `tourney.engine.names.resolve` does.
_SEAT: Final = re.compile(r"[sS]([0-9]{1,3})")


def current_table(state: TournamentState, number: int | None) -> TableState | None:
    """Table `number` of the current stage, or None (no number, or no such table: the engine then
    refuses the entry with its own message)."""
    if number is not None and 1 <= number <= len(state.tables):
        return state.tables[number - 1]
    return None


def player_name(state: TournamentState, raw: str, table: int | None = None) -> str:
    """The registered name a director means by `raw`: the name in any case, normal form or spacing,
    a seat at `table` (`s2`), a unique prefix, or the name without diacritics (`zdzblo` for
    Źdźbło); failing those, the name in another script (`vera` for Вера, `Ева` for Ewa:
    `cross_script`). An ambiguous entry is refused listing the candidates; an unknown name passes
    through (cleaned) so that the engine's own message, with its did-you-mean hint, reaches the
    director."""
    return player_at(state, raw, current_table(state, table))


def player_at(state: TournamentState, raw: str, table: TableState | None) -> str:
    """`player_name` for a table of any stage (a correction names players of its entry's table)."""
    from tourney.engine import names

    where = f"table {table.number}" if table is not None else "that table"
    if table is not None:
        _refuse_seat_or_name(raw, table)
    found = resolve(raw, [p.name for p in state.players], table.seats if table is not None else None, where=where)
    return found if found is not None else names.clean(raw)


def resolve(text: str, everyone: Sequence[str], seats: Sequence[str] | None = None, *,
            where: str = "this table") -> str | None:
    """The registered name `text` means, or None: as the engine reads names in their own script
    (`tourney.engine.names.resolve`: exact, seat, look-alike, no diacritics, prefixes; the players
    at the table first), and only when that finds nobody, across scripts (`cross_script.resolve`,
    again the table first). So a same-script match always wins: with Anna and Анна registered,
    `Anna` and `an` are Anna, `Анна` and `ан` are Анна."""
    from tourney.app.input import cross_script
    from tourney.engine import names

    found = names.resolve(text, everyone, seats, where=where)
    if found is not None:
        return found
    return cross_script.resolve(text, [seats, everyone] if seats is not None else [everyone])


def _refuse_seat_or_name(raw: str, table: TableState) -> None:
    """An entry such as `s2` that names seat 2 and also, as typed, another player at the table
    ("S2") is ambiguous: a director who meant one must never record the other."""
    from tourney.engine import names

    seat = _SEAT.fullmatch(raw.strip())
    if seat is None or not 1 <= int(seat.group(1)) <= len(table.seats):
        return
    number = int(seat.group(1))
    seated = table.seats[number - 1]
    wanted = names.key(raw)
    for other_seat, other in enumerate(table.seats, start=1):
        if other != seated and names.key(other) == wanted:
            raise InvalidInputError.in_words("%(typed)s is ambiguous at table %(table)s: seat %(seat)s (%(seated)s) or "
                                             "the player %(other)s (seat %(other_seat)s)", typed=repr(raw.strip()),
                                             table=table.number, seat=number, seated=seated, other=other,
                                             other_seat=other_seat)


def chip_counts(state: TournamentState, counts: ChipCounts, table: TableState | None) -> dict[str, int]:
    """NAME=N pairs (or a mapping): counts whole numbers, not negative; names resolved as
    `player_at` resolves them at `table`."""
    pairs = [f"{name}={count}" for name, count in counts.items()] if isinstance(counts, Mapping) else counts
    found: dict[str, int] = {}
    for pair in pairs:
        name, sep, value = pair.rpartition("=")
        if not sep or not name.strip() or not value.strip():
            raise InvalidInputError.in_words("a chip count is NAME=N, such as bob=120, not %(pair)s", pair=repr(pair))
        if value.strip().startswith("-"):
            raise InvalidInputError.in_words("a chip count cannot be negative: %(pair)s", pair=repr(pair))
        count = whole_number(value, what=worded("the chip count of %(name)s", name=repr(name.strip())), high=MAX_CHIPS)
        resolved = player_at(state, name, table)
        if resolved in found:
            raise InvalidInputError.in_words("%(name)s has two chip counts", name=resolved)
        found[resolved] = count
    return found


def checked_name(text: str, *, what: str = "name") -> str:
    """A name (or club, with `what="club"`) as it will be stored: cleaned, refused when it has a
    control character or more than 60 characters."""
    from tourney.engine import names

    return names.check(text, what=what)


def optional_club(text: str | None) -> str | None:
    """A club as stored: None for none (or only spaces), else `checked_name(..., what="club")`."""
    from tourney.engine import names

    return names.check(text, what="club") if text is not None and names.clean(text) else None


def plain(text: str) -> str:
    """`text` without diacritics, for matching what a keyboard without them types."""
    from tourney.engine import names

    return names.plain(text)
