"""The players of a live event: `register` (late entry included) and `drop`.

`apply` is strict about what comes in (names in normal form, no control characters, no name that
reads like a registered one); `fold` replays what was once accepted, so a log written before a rule
existed still folds, each name as it was stored. Where a late entrant sits and what a drop means
after the first draw are the format's (`state.kind.late_entry`, `state.kind.drop`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tourney.engine import names as names_
from tourney.engine.payload import text_field
from tourney.engine.roster import PlayerInfo
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
    touched: set[Touch] = {("P", name)}
    if table is not None:
        table.seats.append(name)
        table.counts[name] = 1
        touched.add(("T", 1, table.number))
    state.add_player(PlayerInfo(name, club, bot=bot), table)
    if table is not None:
        state.kind.entered_late(state, table)
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
