"""The director's console of the whole database (issue 28, item 1): its events listed as `tourney
list` lists them, a new one created as `tourney new` creates it, and one chosen as `tourney use`
chooses it.

The console's link is the database's, not an event's: its token is derived from a secret and a
generation kept in the `setting` table under keys of no tournament (`floor_store.ConsoleStore`),
so it works on a database without any event and outlives each one. `open_console` (run by
`tourney serve --lan`, which creates the database file if need be) makes the secret on first use
and a new generation unless the director keeps the last one, as `open_floor` does for a director's
link. Choosing an event makes it the database's current one and gives it a floor (its secret and
director link, when it has none yet) in one transaction; the page then goes to that director link.
Rendered with `templates/console/events.html` (autoescaped: names are text, never HTML)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tourney.app.floor.tokens import check_console, console_token, csrf_token, director_token
from tourney.errors import InvalidInputError
from tourney.i18n import ENGLISH, Translator, translator

if TYPE_CHECKING:
    from tourney.app.operations.tournaments import Created
    from tourney.storage.db import Database
    from tourney.storage.repo import Tournament

Fields = Mapping[str, Sequence[str]]

# The fields of the console's form besides the formats' options, which it names by their flags
# without the dashes ("best-of"), as `tourney new` does (`format_fields`).
FORM_FIELDS = frozenset({"csrf", "name", "game", "seed", "format", "date"})
CHECKED = ("yes", "on")  # what a ticked box sends (its value, or a browser's default)


def format_fields() -> dict[str, tuple[str, bool, str]]:
    """Each option of the registered formats as the form names it: field -> (option, is a switch,
    its default as the form sends it)."""
    from tourney.app.operations.tournaments import format_options_help

    return {option.flag.removeprefix("--"): (option.name, option.is_switch, option.default)
            for option in format_options_help()}


@dataclass(frozen=True, slots=True)
class ConsoleRead:
    """The console link's secret and generation as of one read (None / 0 before `open_console`)."""

    secret: str | None
    generation: int

    def link(self) -> str:
        """The console's token ("" before `open_console` ran: then no console link works)."""
        if self.secret is None or self.generation == 0:
            return ""
        return console_token(self.secret, self.generation)

    def check(self, token: str) -> None:
        """Refuse (`AccessError`) a token that is not the console link's current one."""
        check_console(self.secret, self.generation, token)

    def csrf(self) -> str:
        return csrf_token(self.secret or "00", self.link())


def console_of(database: Database) -> ConsoleRead:
    """The console's link as the database keeps it (the server's reader: no open per request)."""
    from tourney.app.store.floor_store import ConsoleStore

    if not database.has_settings:
        return ConsoleRead(None, 0)
    with database.read() as session:
        store = ConsoleStore(session)
        return ConsoleRead(store.secret(), store.director_generation())


def open_console(*, keep: bool = False, db: str | None = None) -> ConsoleRead:
    """Make the console's secret (first time) and a new link, unless `keep` and one exists; the
    database is created when it does not exist yet (a server started before the first event)."""
    from tourney.app.store.database import open_db
    from tourney.app.store.floor_store import ConsoleStore

    with open_db(db, create=True) as database, database.write() as session:
        store = ConsoleStore(session)
        secret = store.secret(create=True)
        assert secret is not None
        generation = store.director_generation()
        if not keep or generation == 0:
            generation = store.new_director_generation()
    return ConsoleRead(secret, generation)


def has_events(db: str | None) -> bool:
    """Whether the database holds any event (`tourney serve --lan` opens a floor only then)."""
    from tourney.app.operations.tournaments import list_tournaments

    return bool(list_tournaments(db=db))


@dataclass(frozen=True, slots=True)
class EventRow:
    """One event of the database: a line of `tourney list` with its format and date."""

    id: int
    name: str
    game: str
    format: str
    date: str
    players: int
    state: str  # registering / stage N / complete
    current: bool
    format_event: Mapping[str, Any] | None = None  # its format event's data (None: the default format)


def event_rows(database: Database, db: str | None) -> tuple[EventRow, ...]:
    """Every event of the database, oldest first: `tourney list`'s lines (`list_tournaments`), each
    with its format as the log names it and its date (read from `database`)."""
    from tourney.app.operations.tournaments import list_tournaments
    from tourney.storage import repo

    listed = list_tournaments(db=db)
    details: dict[int, tuple[Mapping[str, Any] | None, str]] = {}
    with database.read() as session:
        for row in repo.list_tournaments(session=session):
            first = repo.first_event(session=session, tournament_id=row.id)
            details[row.id] = (first.data if first and first.kind == "format" else None,
                               row.created_at.date().isoformat())
    rows = []
    for item in listed:
        data, date = details.get(item.id, (None, ""))
        rows.append(EventRow(item.id, item.name, item.game, _format_shown(data), date, item.players, item.state,
                             item.current, data))
    return tuple(rows)


def _format_shown(data: Mapping[str, Any] | None, tr: Translator = ENGLISH) -> str:
    """A format event's data as people read it (None: the default format); a payload no format
    reads is shown as stored rather than breaking the page (as the log shows it)."""
    from tourney.app.read_models.event_text import format_text
    from tourney.engine.format_config import FormatConfig

    try:
        return format_text(FormatConfig() if data is None else FormatConfig.from_json(dict(data)), tr=tr)
    except InvalidInputError:
        return str(data.get("format") if data is not None else "")


def _text(form: Fields, name: str) -> str:
    from tourney.app.floor.floor_forms import field

    return field(form, name).strip()


def new_event_options(form: Fields) -> dict[str, Any]:
    """The arguments of `new_tournament` the console's form gives, read as `tourney new` reads its
    options: an empty field is an option not given; an unknown field or a value the CLI refuses is
    refused in the CLI's words (`InvalidInputError`)."""
    from tourney.app.input.numbers import MAX_SEED, whole_number

    fields = format_fields()
    unknown = sorted(set(form) - FORM_FIELDS - set(fields))
    if unknown:
        raise InvalidInputError(f"No such option: --{unknown[0]}")
    game = _text(form, "game")
    if not game:
        raise InvalidInputError("Missing option '--game' / '-g'.")
    options: dict[str, Any] = {"game": game}
    for name in ("format", "date"):
        typed = _text(form, name)
        if typed:
            options[name] = typed
    seed = _text(form, "seed")
    if seed:
        options["seed"] = whole_number(seed, what="seed", high=MAX_SEED)
    given: dict[str, str] = {}
    for name, (option, is_switch, _default) in fields.items():
        typed = _text(form, name) if name in form else ""
        if is_switch and typed and typed not in CHECKED:
            flag = "--" + name
            raise InvalidInputError.in_words("%(flag)s is a switch: tick it or not, not %(typed)s", flag=flag,
                                             typed=repr(typed))
        if typed:  # the option's spec reads the text, as after the flag of `tourney new`
            given[option] = "true" if is_switch else typed
    options["options"] = given
    return options


def create_event(form: Fields, *, db: str | None) -> tuple[str, ...]:
    """Create the event the form describes (`new_tournament`: its validation and refusals); what
    `tourney new` prints of it, naming no file of the server."""
    from tourney.app.floor.floor_forms import field
    from tourney.app.operations.tournaments import new_tournament

    options = new_event_options(form)
    made = new_tournament(field(form, "name"), db=db, **options)
    return created_lines(made)


def created_lines(made: Created) -> tuple[str, ...]:
    """`tourney new`'s answer (without the database's file, which a page does not name)."""
    row = made.tournament
    shown = "" if made.format_text is None else f", {made.format_text}"
    first = f"Created tournament {row.name!r} (id {row.id}, {row.game}{shown}, seed {row.seed})."
    if made.current.id != row.id:
        running = ", ".join(repr(r.name) for r in made.running)
        return first, (f"Commands still act on {made.current.name!r} (id {made.current.id}): {running} is running. "
                       "Choose the new one below to serve it.")
    return first, "Choose it below to serve it and open its floor."


@dataclass(frozen=True, slots=True)
class Chosen:
    """The event chosen: the database's current one now, with its director link."""

    tournament: Tournament
    director: str  # the director link's token


def is_event(database: Database, event: int) -> bool:
    """Whether the database holds an event of id `event`."""
    from tourney.storage import repo

    with database.read() as session:
        return any(row.id == event for row in repo.list_tournaments(session=session))


def choose_event(event: int, *, db: str | None) -> Chosen:
    """Make event `event` (an id) the database's current one (`tourney use`) and open its floor
    as `open_floor` does when it has none yet (its secret, a first director link), in one transaction."""
    from tourney.app.store.floor_store import ConsoleStore
    from tourney.app.store.unit_of_work import transaction

    with transaction(db, str(event)) as tx:
        floor = tx.floor
        ConsoleStore(floor.session).make_current(tx.tournament.id)
        secret = floor.secret(create=True)
        assert secret is not None
        generation = floor.director_generation() or floor.new_director_generation()
        return Chosen(tx.tournament, director_token(secret, generation))


@dataclass(frozen=True, slots=True)
class EventsPage:
    base: str  # the console's own address
    csrf: str
    poll_token: str
    events: tuple[EventRow, ...]
    games: tuple[tuple[str, str], ...]  # (value, label) of each option of the select
    formats: tuple[tuple[str, str], ...]
    default_format: str  # the registry's default (`tourney new` without --format)
    options: tuple[OptionField, ...]  # a field per option of the registered formats, in their order
    values: Mapping[str, str] = field(default_factory=dict)  # the form as typed (after a refusal)
    option_defaults: Mapping[str, str] = field(default_factory=dict)  # each option's field -> its default
    notice: tuple[str, ...] = ()
    notice_ok: bool = True

    @property
    def options_typed(self) -> bool:
        """Whether the form came back with a format option of its own (then they are shown open)."""
        return any(value not in ("", self.option_defaults.get(name, "")) for name, value in self.values.items()
                   if name not in FORM_FIELDS)


@dataclass(frozen=True, slots=True)
class OptionField:
    """A format option's field of the new-event form, made from its spec: a select of its choices, a
    box to tick (a switch) or a text to type, labelled and with its help in the page's language."""

    name: str  # the field's name: the option's flag without the dashes ("best-of")
    label: str
    kind: str  # "select", "switch" or "text"
    help: str  # "Swiss: the number of rounds ...; Round robin: ...", as `tourney new --help` says it
    default: str  # as the form sends it ("" for a text: the option not given)
    choices: tuple[tuple[str, str], ...] = ()  # a select's (value, shown): the default marked
    numeric: bool = False  # a whole number (the phone's number keys)
    size: int = 120  # the most characters it takes


def _listed(labels: tuple[str, ...], tr: Translator) -> str:
    """The formats of `labels` as a list a sentence starts with ("Knockout and Swiss")."""
    from tourney.app.read_models.sheet_words import format_label

    names = [format_label(label, tr) for label in labels]
    listed = (tr.gettext("%(list)s and %(last)s", list=", ".join(names[:-1]), last=names[-1]) if len(names) > 1
              else "".join(names))
    return listed[:1].upper() + listed[1:]


def option_fields(tr: Translator = ENGLISH) -> tuple[OptionField, ...]:
    """A field per option of the registered formats (formats in their order), each from its spec:
    a test's or a plug-in's format brings its own with no template edit. The spec's English label
    and help are the catalog's messages (`sheet_words.dynamic_messages`); one the catalog lacks (a
    format from elsewhere) reads as written."""
    from tourney.app.operations.tournaments import format_options_help

    fields = []
    for option in format_options_help():
        spec = option.spec
        said = "; ".join(f"{_listed(labels, tr)}: {tr.gettext(text).rstrip('.')}" for labels, text in option.helps)
        name, label = option.flag.removeprefix("--"), tr.gettext(spec.field_label)
        if option.is_switch:
            fields.append(OptionField(name, label, "switch", said + ".", option.default))
        elif spec.choices and not spec.listed:
            # A value is shown in its spec's words for a form, in the page's language ("by lot":
            # "losowanie"); a choice without them (a plug-in's) as the command line takes it.
            words = {choice: tr.gettext(spec.choice_label(choice)) for choice in spec.choices}
            shown = tuple((choice, tr.gettext("%(choice)s (the default)", choice=words[choice])
                           if choice == option.default else words[choice]) for choice in spec.choices)
            fields.append(OptionField(name, label, "select", said + ".", option.default, shown))
        elif spec.type is int:
            size = max(len(str(bound)) for bound in (spec.low, spec.high, 1) if bound is not None)
            fields.append(OptionField(name, label, "text", said + ".", "", numeric=True, size=size))
        else:
            fields.append(OptionField(name, label, "text", said + ".", "", size=200 if spec.listed else 120))
    return tuple(fields)


def _row_words(row: EventRow, tr: Translator) -> EventRow:
    """An event's line in the page's language: where it stands, and its format with its options."""
    from dataclasses import replace

    from tourney.app.read_models.event_text import format_unit_of
    from tourney.app.read_models.stage_labels import progress_text

    return replace(row, state=progress_text(row.state, tr, format_unit_of(row.format_event)),
                   format=_format_shown(row.format_event, tr))


def events_page(console: ConsoleRead, events: tuple[EventRow, ...], *, poll_token: str = "",
                values: Mapping[str, str] | None = None, notice: tuple[str, ...] = (), ok: bool = True) -> str:
    from tourney.app.floor.console_lang import events_lang, render_page
    from tourney.app.operations.games import list_games
    from tourney.app.operations.tournaments import format_choices
    from tourney.app.read_models.sheet_words import format_label, game_title
    from tourney.engine.format_registry import all_formats

    lang = events_lang()
    tr = translator(lang)
    default, _names = format_choices()
    formats = tuple((fmt.name, tr.gettext("%(format)s (the default)", format=format_label(fmt.label, tr))
                     if fmt.name == default else format_label(fmt.label, tr)) for fmt in all_formats())
    games = tuple((info.descriptor.name, game_title(info.descriptor.title, tr)) for info in list_games())
    page = EventsPage(
        base=f"/console/{console.link()}", csrf=console.csrf(), poll_token=poll_token,
        events=tuple(_row_words(row, tr) for row in events), games=games,
        formats=formats, default_format=default, options=option_fields(tr),
        option_defaults={name: default for name, (_option, _switch, default) in format_fields().items()},
        values=dict(values or {}), notice=notice, notice_ok=ok)
    return render_page("console/events.html", lang, page=page, poll_url="/_token")
