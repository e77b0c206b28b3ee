"""Formats declare their own options (issue 30 item 1): `FormatOption` specs, a `FormatConfig` of the
name and the options given whose payload is byte for byte what it always was, options given by
name as text, nothing outside a format naming an option only formats take, and a bracket built
again from the stored options when a checkpoint is read."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import tourney
from tourney.engine.events import Event
from tourney.engine.format_config import FormatConfig, check_format, config_from_options
from tourney.engine.format_registry import all_formats
from tourney.engine.formats import shared_options
from tourney.engine.tournament import TournamentState, draw_seats
from tourney.errors import InvalidInputError
from tourney.rules.games import OptionSpec, find_game

PACKAGE = Path(tourney.__file__).resolve().parent

# Payloads as `tourney new` stored them before options were the formats' own, key order included.
STORED = [
    '{"format": "knockout", "best_of": 3, "third_place": true, "rounds": null, "table_size": 2, "seeding": "rating"}',
    '{"format": "double-elimination", "best_of": 1, "third_place": false, "rounds": null, "table_size": 2, '
    '"seeding": "lot", "grand_final": "none"}',
    '{"format": "round-robin", "best_of": 1, "third_place": false, "rounds": 3, "table_size": 4, "seeding": "list", '
    '"cycles": 2, "tiebreaks": ["direct-encounter", "buchholz-cut1"]}',
    '{"format": "swiss", "best_of": 1, "third_place": false, "rounds": null, "table_size": 2, "seeding": "lot", '
    '"tiebreaks": ["buchholz-cut1", "fide-2023"]}',
]


@pytest.mark.parametrize("stored", STORED)
def test_a_stored_payload_reads_and_writes_back_byte_for_byte(stored: str) -> None:
    config = FormatConfig.from_json(json.loads(stored))
    assert json.dumps(config.to_json()) == stored
    assert FormatConfig.from_json(config.to_json()) == config and hash(FormatConfig.from_json(config.to_json()))


def test_a_config_keeps_only_the_options_given_and_reads_defaults_typed() -> None:
    assert FormatConfig("knockout", best_of=1, third_place=False) == FormatConfig("knockout")
    config = FormatConfig("swiss", rounds=None, tiebreaks=("buchholz", "sonneborn-berger"), pairing="fast")
    assert config.given == {"tiebreaks": "buchholz,sonneborn-berger", "pairing": "fast"}
    assert config.get_int("best_of") == 1 and config.get_int("rounds") == 0 and config.get_str("seeding") == "lot"
    assert config.get_items("tiebreaks") == ("buchholz", "sonneborn-berger")
    assert config.to_json()["pairing"] == "fast" and "pairing" not in FormatConfig("swiss", pairing="auto").to_json()


def test_options_given_as_text_are_parsed_by_their_spec() -> None:
    typed = config_from_options("round-robin", {"best_of": "3", "cycles": "2", "tiebreaks": "buchholz, buchholz-cut1"})
    assert typed == FormatConfig("round-robin", best_of=3, cycles=2, tiebreaks=("buchholz", "buchholz-cut1"))
    assert config_from_options("knockout", {"third_place": "yes"}) == FormatConfig("knockout", third_place=True)
    refusals = [({"best_of": "x"}, "--best-of must be a whole number, got 'x'"),
                ({"cycles": "5"}, "--cycles must be from 1 to 4, got 5"),
                ({"tiebreaks": "buchholz,buchholz"}, "--tiebreaks buchholz,buchholz: a tie-break is listed twice"),
                ({"tiebreaks": "fide-2023"}, "--tiebreaks fide-2023: list the tie-breaks it applies to"),
                ({"pairing": "slow"}, "--pairing 'slow': expected one of auto, dutch, fast"),
                ({"colour": "red"}, "format option 'colour': no format takes it (options of swiss: best_of")]
    for options, said in refusals:
        with pytest.raises(InvalidInputError, match=re.escape(said)):
            config_from_options("swiss", options)


def test_each_option_is_an_option_spec_and_one_name_is_one_flag() -> None:
    flags: dict[str, str] = {}
    for fmt in all_formats():
        names = [spec.name for spec in fmt.option_specs]
        assert len(names) == len(set(names)), fmt.name
        for spec in fmt.option_specs:
            assert isinstance(spec, OptionSpec) and spec.check(spec.default) == spec.default
            assert flags.setdefault(spec.name, spec.switch) == spec.switch


def test_no_option_only_formats_take_is_named_outside_the_formats() -> None:
    """A format's own option (not one of shared_options.py) lives with its format: no other module
    of tourney names it (the payload's first keys, `FIRST_KEYS`, are stored fields every payload has)."""
    shared = {spec.name for spec in vars(shared_options).values() if isinstance(spec, OptionSpec)} | {"rounds"}
    own = {spec.name for fmt in all_formats() for spec in fmt.option_specs} - shared
    assert own >= {"third_place", "grand_final", "cycles", "tiebreaks", "pairing"}
    named = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if (PACKAGE / "engine" / "formats") in path.parents:
            continue
        text = path.read_text(encoding="utf-8")
        if path.name == "format_registry.py":
            text = re.sub(r"FIRST_KEYS: .*?\)\)\n", "", text, flags=re.DOTALL)
        found = [option for option in own if re.search(rf"[\"'](--)?{option.replace('_', '[-_]')}[\"']", text)]
        if found:
            named[str(path.relative_to(PACKAGE))] = found
    assert named == {}


def test_a_bracket_is_built_again_from_the_stored_options_when_a_checkpoint_is_read() -> None:
    from tourney.storage.checkpoint import EMPTY_LOG

    for config, match in [(FormatConfig("double-elimination", grand_final="single"), "GF"),
                          (FormatConfig("knockout", third_place=True), "3P")]:
        check_format(find_game("khlyust"), config)
        state = TournamentState("khlyust")
        events = [Event(1, "format", config.to_json())]
        events += [Event(2 + i, "register", {"name": f"P{i}", "club": None}) for i in range(6)]
        for event in events:
            state.apply(event)
        seat = Event(20, "seat", draw_seats(state, 3))
        state.apply(seat)
        loaded = TournamentState.from_checkpoint(json.loads(json.dumps(state.to_checkpoint())),
                                                 EMPTY_LOG.extended([*events, seat]))
        bracket, again = state.kind.bracket(state), loaded.kind.bracket(loaded)
        assert bracket is not None and again == bracket and match in {m.id for m in again.matches}
        if config.name == "double-elimination":
            assert "GF2" not in {m.id for m in again.matches}  # a single grand final: no reset match
