"""What a phone's posted form means: the fields of a table page's form read as the report the
application stores (`reports.TableReport`). A pure parse: the web passes the fields through and
knows no kind of entry.

A table page posts `kind` with the `player` fields of its buttons or selects:

    kind=result  player=NAME             the round's loser (games of rounds)
    kind=finish  player=NAME...          the table's finishing order, winner first
    kind=winner  player=NAME             a duel's game won: its loser is the other player
    kind=forfeit player=NAME             a duel decided without play: NAME forfeits, the other wins
    kind=chips   player=NAME... count=N...  final chip counts, one count per player, in order

plus `at` (the table's progress as its page showed it), `key` (the report's idempotency key) and
`device`. A field the form sends once is read only when it is there exactly once.

A finish or a forfeit ends the table, so its first post is only checked and shown back in order
(`to_confirm`); the same fields posted again with `confirm=yes` are the report.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from tourney.errors import InvalidInputError
from tourney.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead
    from tourney.app.floor.reports import TableReport

Fields = Mapping[str, Sequence[str]]


def field(fields: Fields, name: str) -> str:
    """The value of a field sent once; "" when it is missing or repeated (a repeated field is
    another form's, or a forged one's: it is not guessed at)."""
    values = fields.get(name, ())
    return values[0] if len(values) == 1 else ""


CONFIRMED_KINDS = ("finish", "forfeit")
NOT_POSTED_AGAIN = ("csrf", "confirm")  # the confirmation page carries its own


def to_confirm(fields: Fields, report: TableReport, *, floor: FloorRead,
               tr: Translator = ENGLISH) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """A finish or forfeit not yet confirmed: its order (winner first) and the fields to post again;
    ((), ()) when the report is to be submitted now. A place left unchosen, or a name chosen twice,
    is refused (`InvalidInputError`, in `tr`'s language: the phone's) before anything is shown."""
    if report.kind not in CONFIRMED_KINDS or field(fields, "confirm") == "yes":
        return (), ()
    names = list(report.names)
    if not names or any(not name.strip() for name in names):
        raise InvalidInputError(tr.gettext("choose a player for every place"))
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise InvalidInputError(tr.gettext("a name appears twice: %(names)s; choose each player once",
                                           names=", ".join(twice)))
    if report.kind == "forfeit":
        names = [*(n for n in floor.state.tables[report.table - 1].seats if n not in names), *names]
    again = tuple((name, value) for name, values in fields.items() if name not in NOT_POSTED_AGAIN
                  for value in values)
    return tuple(names), again


def table_report(fields: Fields, *, floor: FloorRead, table: int, token: str,
                 tr: Translator = ENGLISH) -> TableReport:
    """The report of table `table`'s form, posted through its link `token`. A chips form whose
    counts do not match its players one for one is an `InvalidInputError`; every other check (the
    names, the round, the key) is the report's own, when it is submitted."""
    from tourney.app.floor.reports import TableReport

    kind, names = field(fields, "kind"), list(fields.get("player", ()))
    if kind == "winner":
        seats = floor.state.tables[table - 1].seats
        others = [name for name in seats if names != [name]]
        kind, names = "result", others if len(others) == 1 else []
    elif kind == "chips":
        counts = fields.get("count", ())
        if len(counts) != len(names):
            raise InvalidInputError(tr.gettext("every player needs a chip count"))
        names = [f"{name}={count}" for name, count in zip(names, counts, strict=True)]
    return TableReport(table, token, kind, names, field(fields, "at"), field(fields, "key"), field(fields, "device"))
