"""The players of a live event: `register` (late entry included) and `drop`; a Swiss's requested
`bye`, `rejoin` after a drop, and `avoid` (a pair never paired while another pairing exists).

`apply` is strict about what comes in (names in normal form, no control characters, no name that
reads like a registered one); `fold` replays what was once accepted, so a log written before a rule
existed still folds, each name as it was stored. Where a late entrant sits and what a drop means
after the first draw are the format's (`state.kind.late_entry`, `state.kind.drop`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from tourney.engine import names as names_
from tourney.engine.payload import integer_field, text_field
from tourney.engine.roster import PlayerInfo
from tourney.engine.rounds import EXCUSED_POINTS
from tourney.errors import IllegalActionError, InvalidInputError

if TYPE_CHECKING:
    from tourney.engine.format_registry import LiveState
    from tourney.engine.log import Touch


def register(state: LiveState, data: dict[str, Any], strict: bool) -> frozenset[Touch]:
    raw = text_field(data, "name", "register")
    club = data.get("club")
    if club is not None and not isinstance(club, str):
        raise InvalidInputError(f"register: club must be text, not {club!r}")
    bot = data.get("bot")
    if bot is not None and not (isinstance(bot, str) and bot.strip()):
        raise InvalidInputError(f"register: bot must be a bot spec (text), not {bot!r}")
    if strict:
        # The one way in: nothing unreadable, overlong or look-alike gets stored.
        name = names_.check(raw)
        if name != raw:
            raise InvalidInputError(f"register: {raw!r} is not in normal form (expected {name!r})")
        if club is not None and names_.check(club, what="club") != club:
            raise InvalidInputError(f"register: club {club!r} is not in normal form")
    else:
        name = raw.strip()  # as stored before names were normalised
        if not name:
            raise InvalidInputError("register: a player needs a name")
        club = club.strip() or None if club is not None else None
    taken = state.name_taken(name)
    if state.is_registered(name) or (strict and taken is not None):
        raise IllegalActionError.in_words("a player named %(name)s is already registered", name=repr(taken or name))
    table = state.kind.late_entry(state) if state.stage > 0 else None
    missed = data.get("missed")
    if missed is not None and (missed not in EXCUSED_POINTS or state.stage == 0 or table is not None):
        if missed not in EXCUSED_POINTS:
            raise InvalidInputError(f"register: missed must be one of {', '.join(EXCUSED_POINTS)}, not {missed!r}")
        raise IllegalActionError.in_words("points for missed rounds are for a late entry paired from the next round")
    rating = data.get("rating")
    if rating is not None:
        if isinstance(rating, bool) or not isinstance(rating, int | float) or not math.isfinite(rating):
            raise InvalidInputError(f"register: rating must be a number, not {rating!r}")
        if state.stage == 0 or table is not None:
            raise IllegalActionError.in_words("a rating is for a late entry paired from the next round (the first "
                                              "seat draw takes the field's ratings)")
    touched: set[Touch] = {("P", name)}
    if table is not None:
        table.seats.append(name)
        table.counts[name] = 1
        touched.add(("T", 1, table.number))
    state.add_player(PlayerInfo(name, club, bot=bot), table)
    if state.stage > 0:
        state.kind.entered_late(state, name, table, data)
    return frozenset(touched)


def drop(state: LiveState, data: dict[str, Any], strict: bool) -> frozenset[Touch]:
    name = text_field(data, "name", "drop")
    info = state.player(name)
    if info.dropped:
        raise IllegalActionError.in_words("%(name)s has already dropped out", name=name)
    # Replayed without: a Swiss left with one player to pair completes now, but an old log may
    # have dropped that player too.
    if state.complete and strict:
        raise IllegalActionError.in_words("the tournament is complete")
    return state.kind.drop(state, info)


def requested_bye(state: LiveState, data: dict[str, Any], strict: bool) -> frozenset[Touch]:
    """A player announces they skip round `round` (not seated yet), scoring `points` for it."""
    name = text_field(data, "name", "bye")
    number = integer_field(data, "round", "bye")
    points = data.get("points")
    if points not in EXCUSED_POINTS:
        raise InvalidInputError(f"bye: points must be one of {', '.join(EXCUSED_POINTS)}, not {points!r}")
    info = state.player(name)
    if info.dropped:
        raise IllegalActionError.in_words("%(name)s has dropped out (rejoin them first)", name=name)
    if state.complete:
        raise IllegalActionError.in_words("the tournament is complete")
    return state.kind.requested_bye(state, info, number, EXCUSED_POINTS[points])


def rejoin(state: LiveState, data: dict[str, Any], strict: bool) -> frozenset[Touch]:
    """A player who dropped out comes back, paired again from the next round."""
    name = text_field(data, "name", "rejoin")
    info = state.player(name)
    if not info.dropped:
        raise IllegalActionError.in_words("%(name)s has not dropped out", name=name)
    if state.complete:
        raise IllegalActionError.in_words("the tournament is complete")
    return state.kind.rejoin(state, info)


def avoid(state: LiveState, data: dict[str, Any], strict: bool) -> frozenset[Touch]:
    """Two players are never paired while another pairing exists (club-mates, family)."""
    names = data.get("players")
    if not isinstance(names, list) or len(names) != 2 or not all(isinstance(n, str) for n in names):
        raise InvalidInputError(f"avoid: players must be a list of two names, not {names!r}")
    first, second = (state.player(n).name for n in names)
    if first == second:
        raise IllegalActionError.in_words("a player cannot avoid themselves")
    if state.complete:
        raise IllegalActionError.in_words("the tournament is complete")
    return state.kind.avoid(state, (first, second))
