"""The floor's link tokens (issue 18): who may change what from a phone.

Every token is an HMAC-SHA256 of its scope under the tournament's random secret (`secrets`, kept
in the database, never shown): a table link names the stage and the table it reports, the
director's link its generation. The console's link (the events page of the whole database) is
the same HMAC of its generation under a secret of the database, not of a tournament. Nothing but
the secrets and the generations is stored, so no page or file ever lists tokens; revoking a link
raises its generation, which changes its token. Tokens are compared with `hmac.compare_digest`
(constant time).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from typing import TYPE_CHECKING

from tourney.errors import AccessError
from tourney.i18n import N_

if TYPE_CHECKING:
    from tourney.app.store.floor_store import FloorStore
    from tourney.engine.tables import TableState
    from tourney.engine.tournament import TournamentState

TOKEN_CHARS = 26  # 130 bits of the HMAC, URL-safe base32 (a phone's camera reads it without fuss)


def _token(secret: str, scope: str) -> str:
    digest = hmac.new(bytes.fromhex(secret), scope.encode(), hashlib.sha256).digest()
    return base64.b32encode(digest).decode().lower()[:TOKEN_CHARS]


def table_token(secret: str, stage: int, table: int, generation: int) -> str:
    return _token(secret, f"table/{stage}/{table}/{generation}")


def director_token(secret: str, generation: int) -> str:
    return _token(secret, f"director/{generation}")


def console_token(secret: str, generation: int) -> str:
    """The director's console of the whole database (its events page): under the console's own
    secret, not a tournament's, so it outlives every event and works before the first."""
    return _token(secret, f"console/{generation}")


def csrf_token(secret: str, token: str) -> str:
    """What every form of a link's page carries back: derived from the link's token, so a page of
    another site (which knows neither) cannot make a phone's browser post a report."""
    return _token(secret, f"csrf/{token}")


def same(given: str, expected: str) -> bool:
    return hmac.compare_digest(given.encode(), expected.encode())


def check_director(store: FloorStore, token: str) -> None:
    """Refuse (`AccessError`) a token that is not the director link's current one."""
    secret = store.secret()
    generation = store.director_generation()
    if secret is None or generation == 0 or not same(token, director_token(secret, generation)):
        raise AccessError(N_("this director link is not valid (wrong, or replaced when the server restarted)"))


def check_table(store: FloorStore, state: TournamentState, table: int, token: str) -> TableState:
    """The table a table link reports: only its own table, of the current stage, while it plays."""
    secret = store.secret()
    stage = state.stage
    if (secret is None or stage == 0 or not 1 <= table <= len(state.tables)
            or not same(token, table_token(secret, stage, table, store.table_generation(stage, table)))):
        not_this = (N_("this link does not report table %(table)s of the current round: ask the director for the "
                       "table's current link") if state.kind.unit == "round" else
                    N_("this link does not report table %(table)s of the current stage: ask the director for the "
                       "table's current link"))
        raise AccessError.in_words(not_this, table=table)
    found = state.tables[table - 1]
    if found.finished or state.closed:
        raise AccessError.in_words("table %(table)s has finished; nothing more to report from it", table=table)
    return found


def check_console(secret: str | None, generation: int, token: str) -> None:
    """Refuse (`AccessError`) a token that is not the console link's current one."""
    if secret is None or generation == 0 or not same(token, console_token(secret, generation)):
        raise AccessError(N_("this console link is not valid (wrong, or replaced when the server restarted)"))


def check_csrf(store: FloorStore, token: str, given: str) -> None:
    check_form(store.secret(), token, given)


def check_form(secret: str | None, token: str, given: str) -> None:
    """Refuse a form whose `csrf` field is not the one derived from its link's token under `secret`."""
    if secret is None or not same(given, csrf_token(secret, token)):
        raise AccessError(N_("this form is stale or did not come from the floor's own page: reload it"))
