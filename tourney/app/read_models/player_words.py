"""Where a player stands (`tourney player list`, `player show`) in the command's language.

The engine words a player's status in English (`PlayerStatus.text`, plain data of the fold); here
the same status is said as one sentence of the catalog. English keeps the engine's own words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.i18n import ENGLISH, N_, Translator

if TYPE_CHECKING:
    from tourney.engine.roster import PlayerStatus, Step

# A status as a count names it ("3 playing, 2 out" -> "w grze: 3, odpadli: 2"). "registered" and
# "won" head a count here but name one player's status on the floor's pages: their own context.
STATUS_WORDS = {"playing": N_("playing"), "waiting": N_("waiting"), "out": N_("out"), "dropped": N_("dropped")}


def status_text(status: PlayerStatus, tr: Translator = ENGLISH) -> str:
    """Where the player stands, as `player list` and `player show` print it."""
    if tr.lang == ENGLISH.lang:
        return status.text()
    return _status_text(status, tr) + "".join(f"; {_requested_bye(number, points, tr)}"
                                              for number, points in status.requested)


def _requested_bye(number: int, points: str, tr: Translator) -> str:
    if points == "half":
        return tr.gettext("half-point bye in round %(round)s (requested)", round=number)
    return tr.gettext("zero-point bye in round %(round)s (requested)", round=number)


def _status_text(status: PlayerStatus, tr: Translator) -> str:
    if status.status == "playing":
        return tr.gettext("playing at table %(table)s", table=status.table)
    if status.status == "won":
        return tr.gettext("won the tournament")
    if status.status == "registered":  # one player's, not the count's plural word
        return tr.gettext("registered, not seated yet")
    if status.rounds:
        return _round_text(status, tr)
    if status.status == "waiting":
        return tr.gettext("waiting to advance (table %(table)s of stage %(stage)s)", table=status.table,
                          stage=status.stage)
    if status.status == "out":
        return tr.gettext("out at stage %(stage)s, place %(place)s (table %(table)s)", stage=status.stage,
                          place=status.place, table=status.table)
    if status.status == "dropped" and status.stage is not None:
        if status.place is not None:
            return tr.gettext("dropped (stage %(stage)s, table %(table)s, place %(place)s)", stage=status.stage,
                              table=status.table, place=status.place)
        return tr.gettext("dropped (stage %(stage)s, table %(table)s)", stage=status.stage, table=status.table)
    return status_word(status.status, tr)


def _round_text(status: PlayerStatus, tr: Translator) -> str:
    where = {"table": status.table, "round": status.stage}
    if status.bye is not None:
        return tr.gettext("bye in round %(round)s", round=status.bye)
    if status.status == "waiting":
        if status.table is not None:
            return tr.gettext("waiting for the next round (table %(table)s of round %(round)s)", **where)
        return tr.gettext("waiting for the next round")
    if status.status == "out":
        if status.place is not None:
            return tr.gettext("out, place %(place)s", place=status.place)
        return tr.gettext("out (table %(table)s of round %(round)s)", **where)
    if status.status == "dropped" and status.stage is not None:
        return tr.gettext("dropped after round %(round)s", round=status.stage)
    return status_word(status.status, tr)


def bye_notice(name: str, number: int, points: str, tr: Translator = ENGLISH) -> str:
    """The answer to a requested bye (`player bye`, the console's Bye)."""
    if points == "half":
        return tr.gettext("%(player)s: half-point bye in round %(round)s.", player=name, round=number)
    return tr.gettext("%(player)s: zero-point bye in round %(round)s.", player=name, round=number)


def rejoin_notice(name: str, number: int, tr: Translator = ENGLISH) -> str:
    """The answer to a re-entry (`player rejoin`): paired again from round `number`."""
    return tr.gettext("%(player)s is back: paired from round %(round)s.", player=name, round=number)


def avoid_notice(first: str, second: str, tr: Translator = ENGLISH) -> str:
    """The answer to an avoided pairing (`player avoid`)."""
    return tr.gettext("%(first)s and %(second)s are kept apart.", first=first, second=second)


def step_result_text(step: Step, tr: Translator = ENGLISH) -> str:
    """What happened at a step of a player's path ("place 1, advances"), in `tr`'s language when
    the format words it for the catalogs (a plug-in format's own English otherwise)."""
    return tr.words(step.words) if step.words is not None else step.result


def status_word(status: str, tr: Translator = ENGLISH) -> str:
    """A status as one word ("playing"), for the counts under `player list`."""
    if status == "registered":
        return tr.pgettext("a count of players", "registered")
    if status == "won":
        return tr.pgettext("a count of players", "won")
    return tr.gettext(STATUS_WORDS[status]) if status in STATUS_WORDS else status
