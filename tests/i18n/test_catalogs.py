"""The catalogs (tourney/i18n/locales): current with the code, complete in Polish and Russian, their
compiled .mo the .po's messages, the parameters kept, the plural forms CLDR's; and how a command
or a page chooses its language."""

from __future__ import annotations

import gettext
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from tourney.errors import InvalidInputError
from tourney.i18n import LANGUAGES, LOCALES, command_language, page_language, translator
from tourney.i18n.languages import accepted_languages, normalise

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = LANGUAGES[1:]  # English is the source: its msgids are the text
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def update_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("update_catalogs", ROOT / "scripts" / "update_catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("update_catalogs", module)
    spec.loader.exec_module(module)
    return module


def po(lang: str) -> Catalog:
    with (LOCALES / lang / "LC_MESSAGES" / "tourney.po").open("rb") as file:
        return read_po(file, locale=lang)


def ids(catalog: Catalog) -> set[object]:
    return {message.id for message in catalog if message.id}


def test_the_english_catalog_has_every_message_of_the_code_and_the_templates() -> None:
    """Fails when a marked message was added or changed without `python scripts/update_catalogs.py`."""
    script = update_script()
    extracted = ids(script.template())
    with (LOCALES / "tourney.pot").open("rb") as file:
        committed = ids(read_po(file))
    assert extracted == committed, (
        f"run scripts/update_catalogs.py: new {sorted(map(str, extracted - committed))[:5]}, "
        f"gone {sorted(map(str, committed - extracted))[:5]}")
    for lang in TRANSLATED:
        assert ids(po(lang)) == committed, f"{lang}.po is behind the English catalog: run scripts/update_catalogs.py"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_and_none_is_fuzzy(lang: str) -> None:
    catalog = po(lang)
    untranslated = [m.id for m in catalog if m.id and (not m.string or
                                                      (isinstance(m.string, tuple) and not all(m.string)))]
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert not untranslated, f"{lang}: {len(untranslated)} untranslated, e.g. {untranslated[:3]}"
    assert not fuzzy, f"{lang}: fuzzy (not used until checked): {fuzzy[:3]}"
    assert catalog.num_plurals == 3  # CLDR: one, few, many (Babel's Plural-Forms)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translation_keeps_the_parameters_of_its_message(lang: str) -> None:
    for message in po(lang):
        if not message.id:
            continue
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set(PLACEHOLDER.findall(" ".join(sources)))
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            assert set(PLACEHOLDER.findall(text)) == wanted, (lang, message.id, text)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalog_is_its_po_compiled(lang: str) -> None:
    """The committed .mo (what an installed copy reads) says exactly what the .po says: fails when a
    .po was edited without recompiling (`python scripts/update_catalogs.py`)."""
    with (LOCALES / lang / "LC_MESSAGES" / "tourney.mo").open("rb") as file:
        compiled = gettext.GNUTranslations(file)
    catalog = po(lang)
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            for n in (1, 2, 5):
                index = eval_plural(catalog, n)
                assert compiled.ngettext(message.id[0], message.id[1], n) == message.string[index], message.id
        elif message.context:
            assert compiled.pgettext(message.context, message.id) == message.string, (message.context, message.id)
        else:
            assert compiled.gettext(message.id) == message.string, message.id
    keys = set()
    for m in catalog:
        if not m.id:
            continue
        key = m.id if isinstance(m.id, str) else m.id[0]
        key = f"{m.context}\x04{key}" if m.context else key
        keys |= {key} if isinstance(m.id, str) else {(key, i) for i in range(3)}
    assert set(compiled._catalog) - {""} == keys  # type: ignore[attr-defined]


def eval_plural(catalog: Catalog, n: int) -> int:
    return int(gettext.c2py(catalog.plural_expr)(n))


# (singular, plural) -> the forms for 1, 2, 5, 12, 21, 22, 25
PLURALS = {
    "pl": ["1 stół po 6", "2 stoły po 6", "5 stołów po 6", "12 stołów po 6", "21 stołów po 6", "22 stoły po 6",
           "25 stołów po 6"],
    "ru": ["1 стол на 6", "2 стола на 6", "5 столов на 6", "12 столов на 6", "21 стол на 6", "22 стола на 6",
           "25 столов на 6"],
    "en": ["1 table of 6", "2 tables of 6", "5 tables of 6", "12 tables of 6", "21 tables of 6", "22 tables of 6",
           "25 tables of 6"],
}
POINTS = {
    "pl": ["1 punkt", "2 punkty", "5 punktów", "12 punktów", "21 punktów", "22 punkty", "25 punktów"],
    "ru": ["1 очко", "2 очка", "5 очков", "12 очков", "21 очко", "22 очка", "25 очков"],
    "en": ["1 point", "2 points", "5 points", "12 points", "21 points", "22 points", "25 points"],
}
COUNTS = (1, 2, 5, 12, 21, 22, 25)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_follow_cldr(lang: str) -> None:
    tr = translator(lang)
    assert [tr.ngettext("%(num)s table of %(size)s", "%(num)s tables of %(size)s", n, size=6) for n in COUNTS] \
        == PLURALS[lang]
    assert [tr.ngettext("%(num)s point", "%(num)s points", n) for n in COUNTS] == POINTS[lang]


def test_dates_and_numbers_are_written_as_each_language_writes_them() -> None:
    from datetime import date

    day = date(2026, 3, 14)
    # CLDR puts a narrow no-break space before the Russian "г." (year).
    assert [translator(lang).date(day) for lang in LANGUAGES] == ["2026-03-14", "14 marca 2026",
                                                                   "14 марта 2026\u202fг."]
    assert [translator(lang).decimal(2.5) for lang in LANGUAGES] == ["2.5", "2,5", "2,5"]
    assert [translator(lang).decimal(3.0) for lang in LANGUAGES] == ["3", "3", "3"]


def test_a_command_chooses_its_language_option_env_event_system_english() -> None:
    assert command_language("ru", "pl", {"TOURNEY_LANG": "en", "LANG": "pl_PL.UTF-8"}) == "ru"
    assert command_language(None, "pl", {"TOURNEY_LANG": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}) == "ru"
    assert command_language(None, "pl", {"LANG": "ru_RU.UTF-8"}) == "pl"
    assert command_language(None, None, {"LANG": "ru_RU.UTF-8"}) == "ru"
    assert command_language(None, None, {"LC_ALL": "pl_PL.UTF-8", "LANG": "ru_RU.UTF-8"}) == "pl"
    assert command_language(None, None, {"LANG": "de_DE.UTF-8"}) == "en"  # a locale tourney does not speak
    assert command_language(None, None, {"LANG": "C.UTF-8"}) == "en"
    assert command_language(None, None, {}) == "en"
    with pytest.raises(InvalidInputError, match="--lang: unknown language 'de'"):
        command_language("de", None, {})
    with pytest.raises(InvalidInputError, match="TOURNEY_LANG: unknown language"):
        command_language(None, None, {"TOURNEY_LANG": "xx"})


def test_a_page_chooses_its_language_address_browser_event_english() -> None:
    assert page_language("ru", "pl-PL,pl;q=0.9", "en") == "ru"
    assert page_language(None, "de-DE,ru;q=0.8,pl;q=0.9", "en") == "pl"
    assert page_language("xx", None, "pl") == "pl"  # an unknown ?lang= is passed over
    assert page_language(None, None, None) == "en"
    assert accepted_languages("en;q=0, ru-RU") == ["ru"]
    assert [normalise(x) for x in ("pl_PL.UTF-8", "ru-RU", "EN", "uk_UA", "", None)] == ["pl", "ru", "en", None,
                                                                                           None, None]


def test_saying_a_sentence_does_not_import_babel() -> None:
    """Babel is imported when a date or a number is first said, not for a sentence: it costs a
    command 25-50 ms (`python -X importtime`), and most commands say no date."""
    import subprocess

    said = subprocess.run([sys.executable, "-c", (
        "import sys\n"
        "from tourney.i18n import translator\n"
        "tr = translator('pl')\n"
        "print(tr.ngettext('%(num)s player', '%(num)s players', 5))\n"
        "print(any(name == 'babel' or name.startswith('babel.') for name in sys.modules))\n"
        "tr.decimal(2.5)\n"
        "print('babel' in sys.modules)")], capture_output=True, text=True, check=True).stdout.split("\n")
    assert said[:3] == ["5 graczy", "False", "True"]
