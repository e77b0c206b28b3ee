"""The tie-breaks as people read them (issue 29): the printed standings' headings, and in another
language than English the terminal's columns (a format's description names them in its option's
own words: formats/table_rounds.py). Their keys (`buchholz_cut1`, `--tiebreaks buchholz-cut1`) stay
as they are in `--json`, CSV and the options."""

from __future__ import annotations

from tourney.i18n import ENGLISH, N_, Translator

# The headings of the tie-breaks `StandingRow.tiebreaks` names (`tourney standings --json` keys).
TIEBREAK_HEADINGS = {"buchholz": N_("Buchholz"), "buchholz_cut1": N_("Buchholz cut-1"),
                     "median_buchholz": N_("Median Buchholz"), "sonneborn_berger": N_("Sonneborn-Berger"),
                     "direct_encounter": N_("Direct encounter"), "head_to_head": N_("Head-to-head")}


def tiebreak_heading(key: str, tr: Translator = ENGLISH) -> str:
    """A tie-break's heading on the printed standings ("Buchholz cut-1")."""
    return tr.gettext(TIEBREAK_HEADINGS[key]) if key in TIEBREAK_HEADINGS else key.replace("_", " ").capitalize()


def tiebreak_column(key: str, tr: Translator = ENGLISH) -> str:
    """A tie-break's column in `tourney standings`: its key in English, as it always was
    ("buchholz-cut1"); its heading in another language."""
    if tr.lang == ENGLISH.lang or key not in TIEBREAK_HEADINGS:
        return key.replace("_", "-")
    return tiebreak_heading(key, tr)
