"""Issue 15 item 5: no module of a game's rules package grows past 400 lines; a state that outgrows
it is split by job (see ARCHITECTURE.md, "Where each rule lives": table, settlement, play, state)."""

from __future__ import annotations

from pathlib import Path

import tourney.rules

MOST_LINES = 400
RULES = Path(tourney.rules.__file__).parent


def test_no_module_of_a_games_rules_package_is_over_400_lines() -> None:
    modules = sorted(RULES.glob("*/*.py"))
    assert len(modules) > 40, "the rules packages were found"
    too_long = {path.relative_to(RULES).as_posix(): lines for path in modules
                if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert too_long == {}
