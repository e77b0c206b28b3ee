"""The players section of the director's console: the list (searched as quick entry reads names,
each row with its rename and drop, and a Swiss's rejoin), the answers of add, rename and drop (and
a Swiss's requested byes, re-entries and avoided pairings), and an upload's preview
(`app/floor/import_preview.py`). A drop's confirmation, like an import's, names the log's last event
its page showed and is refused (`StalePreview`, 409) when the log moved since. Rendered with
`templates/console/players.html` (autoescaped: names are text, never HTML)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.app.floor.console_lang import page_lang, render_page, stage_words
from tourney.app.floor.floor_pages import POLL_URL, poll_token
from tourney.app.floor.tokens import csrf_token
from tourney.i18n import ENGLISH, N_, Translator, translator

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead
    from tourney.app.floor.import_preview import ImportPreview
    from tourney.app.operations.players import Changed, Registered
    from tourney.engine.roster import PlayerStatus
    from tourney.engine.tournament import TournamentState

MAX_QUERY = 60
STATUS_WORDS = {"registered": N_("registered"), "playing": N_("playing"), "waiting": N_("waiting"),
                "out": N_("out"), "won": N_("won"), "dropped": N_("dropped")}


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """One player as the console lists them."""

    name: str
    club: str
    status: str  # "registered", "playing", "waiting", "out", "won", "dropped"
    where: str  # the status in words ("playing at table 2")
    table: int | None  # the table they play at now
    status_text: str = ""  # the status in the page's language
    translated_detail: str | None = None  # `detail` in the page's language (None: English, as `where` says it)

    @property
    def detail(self) -> str:
        """What the words add to the status and the table column ("stage 1, place 5 (table 2)")."""
        if self.translated_detail is not None:
            return self.translated_detail
        if self.table is not None or self.where == self.status:
            return ""
        return self.where.removeprefix(self.status).strip(" ,")


def status_detail(status: PlayerStatus, tr: Translator) -> str:
    """What a page in another language adds to the status word, as whole phrases (the English
    `PlayerStatus.text()` is one sentence with the status at its start)."""
    if status.status == "playing" or status.stage is None:
        return ""
    numbers = {"stage": status.stage, "table": status.table, "place": status.place}
    if status.status == "won":
        return tr.gettext("the tournament")
    if status.rounds:
        if status.status == "dropped":
            return tr.gettext("after round %(stage)s", **numbers)
        if status.status == "out" and status.place is not None:
            return tr.gettext("place %(place)s", **numbers)
        if status.table is None:
            return tr.gettext("for the next round") if status.status == "waiting" else ""
        return tr.gettext("table %(table)s of round %(stage)s", **numbers)
    if status.status == "waiting":
        return tr.gettext("to advance (table %(table)s of stage %(stage)s)", **numbers)
    if status.status == "out" or status.place is not None:
        return tr.gettext("stage %(stage)s, place %(place)s (table %(table)s)", **numbers)
    return tr.gettext("stage %(stage)s, table %(table)s", **numbers)


@dataclass(frozen=True, slots=True)
class PlayersPage:
    event: str
    stage: str
    base: str  # the director's page
    csrf: str
    query: str
    players: tuple[PlayerLine, ...]
    total: int
    notice: str
    notice_ok: bool
    poll_token: str
    confirm_drop: str  # a player whose drop is asked for ("" for none)
    rename: str  # a player whose new name is asked for ("" for none)
    seen: int  # the log's last event this page shows (a drop's confirmation carries it)
    preview: ImportPreview | None
    upload: str  # the kept upload's id, sent back to confirm its preview
    max_upload_mb: int
    requests: bool = False  # the format takes requested byes, re-entries and avoided pairings (a Swiss)
    late: bool = False  # an entry now is a late one, after round 1 (its missed rounds score as chosen)
    next_round: int = 1  # the first round a bye can still be requested for
    rated: bool = False  # a Swiss seeded by rating: a late entrant's rating places them in the seed order


def matches(name: str, query: str) -> bool:
    """Whether `query` finds `name` as quick entry would: the same name as people read it, or a
    prefix of the name or of any word of it, diacritics and case optional, in either script."""
    from tourney.app.input import cross_script
    from tourney.engine import names

    wanted = names.plain(query[:MAX_QUERY])
    if not wanted:
        return True
    plain = names.plain(name)
    return (names.key(name) == names.key(query[:MAX_QUERY]) or plain.startswith(wanted)
            or any(word.startswith(wanted) for word in plain.split(" ")[1:])
            or cross_script.match(name, query[:MAX_QUERY]) is not None)


def player_lines(state: TournamentState, query: str = "", tr: Translator = ENGLISH) -> tuple[PlayerLine, ...]:
    """Every player `query` finds, in registration order."""
    from tourney.engine.progress import statuses

    clubs = {info.name: info.club or "" for info in state.players}
    playing = {name: t.number for t in state.tables for name in t.seats if not t.finished}
    return tuple(PlayerLine(s.name, clubs[s.name], s.status, s.text(),
                            playing.get(s.name) if s.status == "playing" else None,
                            tr.gettext(STATUS_WORDS.get(s.status, s.status)),
                            None if tr.lang == "en" else status_detail(s, tr))
                 for s in statuses(state) if matches(s.name, query))


def registered_notice(done: Registered, tr: Translator = ENGLISH) -> str:
    """The answer to an add or an import, in the words of `tourney player add` and `player import`
    (how the file was read, when not as UTF-8 with commas, first)."""
    late = "; ".join(tr.gettext("%(name)s: late entry, seated at table %(table)s", name=name, table=table)
                     for name, table in done.late.items())
    read_as = f"{tr.words(done.read_words)}. " if done.read_words else (f"{done.read_as}. " if done.read_as else "")
    registered = tr.ngettext("Registered %(num)s player(s); %(active)s in the tournament.",
                             "Registered %(num)s player(s); %(active)s in the tournament.", len(done.names),
                             active=done.active)
    return f"{read_as}{late + '. ' if late else ''}{registered}"


def confirm_drop(name: str, seen: int, *, db: str | None, tournament: str | None) -> Changed:
    """`tourney player drop NAME`, refused (`StalePreview`, nothing stored) when the log moved past
    `seen`, the event its confirmation showed."""
    from tourney.app.floor.console_stage import _unchanged
    from tourney.app.operations.players import Changed, drop_in
    from tourney.app.store.unit_of_work import transaction

    with transaction(db, tournament) as tx:
        _unchanged(tx, seen)
        resolved = drop_in(tx, name)
    return Changed(tx.state, resolved)


def players_page(floor: FloorRead, *, query: str = "", notice: str = "", ok: bool = True, confirm_drop: str = "",
                 rename: str = "", preview: ImportPreview | None = None, upload: str = "") -> str:
    from tourney.app.input.files import MAX_TEXT_BYTES

    state = floor.state
    token = floor.director_link()
    lang = page_lang(floor.lang)
    tr = translator(lang)
    page = PlayersPage(
        event=floor.tournament.name, stage=stage_words(state, tr),
        base=f"/director/{token}", csrf=csrf_token(floor.secret or "00", token), query=query[:MAX_QUERY],
        players=player_lines(state, query, tr), total=len(state.players), notice=notice, notice_ok=ok,
        poll_token=poll_token(floor), confirm_drop=confirm_drop, rename=rename, seen=state.last_event_id,
        preview=preview.said_in(tr) if preview is not None else None, upload=upload,
        max_upload_mb=MAX_TEXT_BYTES // 2**20, requests=bool(state.kind.requests) and not state.complete,
        late=state.stage > 0, next_round=state.stage + 1,
        rated=bool(state.kind.requests) and state.format.get_str("seeding") == "rating")
    return render_page("console/players.html", lang, page=page, poll_url=POLL_URL)
