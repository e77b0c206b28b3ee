"""The engine's and the games' words as a sheet prints them, in the sheet's language (issue 29).

The engine and the rules name things in English and know no language (they sit below the
catalogs): a game's title and its sheet reminders, a format's label and unit, a bracket's round
names ("semi-final", "losers' round 3"), a standings note. Here each is looked up in the catalog,
as a whole phrase with its number as a parameter; English gets them back exactly as the engine
wrote them. `scripts/update_catalogs.py` puts the games' titles and reminders into the catalogs
(`dynamic_messages`), since they are data of the rules rather than literals marked here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tourney.i18n import ENGLISH, N_, Translator

UNITS = (N_("stage"), N_("round"))
SEEDING_WORDS = {"lot": N_("lot"), "rating": N_("rating"), "list": N_("list")}  # "Seeds (lot): ...", "seeded by"

# A bracket's round names (engine/formats/knockout.py, double_elimination.py); "N" a round number.
ROUND_NAMES = {"final": N_("final"), "semi-final": N_("semi-final"), "quarter-final": N_("quarter-final"),
               "winners' final": N_("winners' final"), "losers' final": N_("losers' final"),
               "grand final": N_("grand final"), "grand final reset": N_("grand final reset"),
               "third place": N_("third place")}
NUMBERED_ROUNDS = (
    (re.compile(r"round (\d+)"), N_("round %(number)s")),
    (re.compile(r"winners' round (\d+)"), N_("winners' round %(number)s")),
    (re.compile(r"losers' round (\d+)"), N_("losers' round %(number)s")),
)
# A final's name inside a sentence ("the semi-final" is never one match: see match_labels).
THE_FINALS = {"final": N_("the final"), "winners' final": N_("the winners' final"),
              "losers' final": N_("the losers' final"), "grand final": N_("the grand final"),
              "grand final reset": N_("the grand final reset")}
PROMOTED = re.compile(r"promoted in place of (.+)")
# A Swiss's notes (engine/formats/swiss_format.py): a late entry, requested byes.
JOINED = re.compile(r"joined in round (\d+)")
REQUESTED = re.compile(r"requested (bye in round|byes in rounds) ([\d, ]+)")


def game_title(title: str, tr: Translator = ENGLISH) -> str:
    """"Polish Poker" -> "Blef"; a game without a translation keeps its own title."""
    return tr.gettext(title)


def format_label(label: str, tr: Translator = ENGLISH) -> str:
    return tr.gettext(label)


def unit_word(unit: str, tr: Translator = ENGLISH) -> str:
    """"stage", "round" in the sheet's language (a column heading, the seeds line)."""
    return tr.gettext(unit)


def round_name(name: str, tr: Translator = ENGLISH) -> str:
    """A bracket round's name: "semi-final" -> "półfinał", "losers' round 3" -> "раунд проигравших 3"."""
    if name in ROUND_NAMES:
        return tr.gettext(ROUND_NAMES[name])
    for pattern, message in NUMBERED_ROUNDS:
        found = pattern.fullmatch(name)
        if found:
            return tr.gettext(message, number=int(found[1]))
    return name


def the_round(name: str, tr: Translator = ENGLISH) -> str:
    """A final inside a sentence: "the final", "the grand final" (Polish and Russian have no article)."""
    if name in THE_FINALS:
        return tr.gettext(THE_FINALS[name])
    return tr.gettext("the %(round)s", round=round_name(name, tr))


def standings_note(note: str, tr: Translator = ENGLISH) -> str:
    """A note of `tourney standings` beside a row ("promoted in place of Ann")."""
    found = PROMOTED.fullmatch(note)
    if found:
        return tr.gettext("promoted in place of %(player)s", player=found[1])
    found = JOINED.fullmatch(note)
    if found:
        return tr.gettext("joined in round %(round)s", round=int(found[1]))
    found = REQUESTED.fullmatch(note)
    if found:
        rounds = found[2].split(", ")
        return tr.ngettext("requested bye in round %(rounds)s", "requested byes in rounds %(rounds)s", len(rounds),
                           rounds=", ".join(rounds))
    return note


def sheet_rule(line: str, tr: Translator = ENGLISH) -> str:
    """A game's reminder printed on its table sheets (the descriptor's `sheet_rules`)."""
    return tr.gettext(line)


def dynamic_messages() -> Iterator[tuple[str, str]]:
    """(msgid, what it is) of the words the rules and the formats hold as data: every game's title,
    sheet reminders, reason for its largest table and options' help, and every format's label and
    its options' labels and help (the console's form), for the catalogs (`scripts/update_catalogs.py`)
    and the completeness test. Only tourney's own: a
    game or a format registered from elsewhere (a test's toy, a user's plug-in) brings no catalog,
    and keeps its own words."""
    from tourney.engine.format_registry import all_formats
    from tourney.rules.games import all_games

    for descriptor in all_games():
        if not shipped(descriptor.new_state):
            continue
        yield descriptor.title, f"the title of the game {descriptor.name}"
        for number, line in enumerate(descriptor.sheet_rules, start=1):
            yield line, f"{descriptor.name}: sheet reminder {number} (RULES {descriptor.rules_section})"
        yield descriptor.table_citations.size, f"{descriptor.name}: why a table seats at most {descriptor.max_table}"
        for spec in descriptor.options:
            yield spec.help, f"{descriptor.name}: the help of --option {spec.name} (`tourney games`)"
    for fmt in all_formats():
        if shipped(type(fmt)):
            yield fmt.label, f"the name of the format {fmt.name}"
            for spec in fmt.option_specs:
                yield spec.field_label, f"{fmt.name}: the label of its option {spec.name} (the console's form)"
                yield spec.help, f"{fmt.name}: the help of its option {spec.name} (the console's form)"
                for choice, words in spec.choice_labels:
                    yield words, f"{fmt.name}: its option {spec.name}'s choice {choice} on the console's form"
            for column in fmt.standings_columns:
                if column.shown != "numbers":  # named numbers are headed by their names (the tie-breaks')
                    yield column.heading, f"{fmt.name}: the heading of the standings column {column.key}"
                    yield column.printed_heading, f"{fmt.name}: the printed heading of its column {column.key}"


def format_labels() -> frozenset[str]:
    """The labels of tourney's own formats (each one has its words in the catalogs)."""
    from tourney.engine.format_registry import all_formats

    return frozenset(fmt.label for fmt in all_formats() if shipped(type(fmt)))


def shipped(code: object) -> bool:
    """Whether `code` (a game's dealing function, a format's class) is part of tourney itself."""
    return str(getattr(code, "__module__", "")).startswith("tourney.")
