"""Double elimination played live: winners' and losers' brackets, a grand final with reset, a single
grand final or none (`--grand-final`; double_elimination.py builds the bracket); W2 is played with
L1, L2 with W3, and so on."""

from __future__ import annotations

from typing import Final

from tourney.engine.bracket import Bracket
from tourney.engine.format_config import FormatConfig
from tourney.engine.format_options import FormatOption, OptionValue
from tourney.engine.format_registry import register_format
from tourney.engine.formats.bracket_live import BracketFormat
from tourney.engine.formats.double_elimination import double_elimination
from tourney.engine.formats.shared_options import BEST_OF, SEEDING
from tourney.errors import Worded, worded

# The grand final (brackets-manager's "double", "simple", "none").
GRAND_FINALS: Final = ("reset", "single", "none")


def _grand_final_words(value: OptionValue) -> Worded:
    return worded("single grand final") if value == "single" else worded("no grand final")


GRAND_FINAL: Final = FormatOption(
    "grand_final", str, "reset", "a grand final with a reset match (reset, the default), a single grand final "
    "(single), or none (none: the winners' bracket champion wins).", "docs/formats.md#double-elimination", GRAND_FINALS,
    words=_grand_final_words,
    choice_labels=(("reset", "with a reset match"), ("single", "a single match"), ("none", "none")))


class DoubleEliminationFormat(BracketFormat):
    name = "double-elimination"
    label = "double elimination"
    order = 2
    option_specs: tuple[FormatOption, ...] = (BEST_OF, SEEDING, GRAND_FINAL)

    def build(self, config: FormatConfig, entrants: int) -> Bracket:
        return double_elimination(entrants, config.get_str(GRAND_FINAL.name))


DOUBLE_ELIMINATION = register_format(DoubleEliminationFormat())
