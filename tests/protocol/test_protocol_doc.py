"""The bot authors' page's per-game protocol tables (docs/bots.md) are the registry's data (issue 19 item 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tourney.app.operations.protocol_doc import BEGIN, END, protocol_markdown, replace_section
from tourney.rules.games import all_games

BOTS_PAGE = Path(__file__).resolve().parents[2] / "docs" / "bots.md"


def test_the_protocol_tables_match_the_registry() -> None:
    text = BOTS_PAGE.read_text(encoding="utf-8")
    assert replace_section(text, protocol_markdown()) == text, (
        "docs/bots.md's protocol tables are stale: run python scripts/regenerate_protocol_doc.py")


def test_the_tables_name_every_playable_game_its_actions_and_bot_parameters() -> None:
    section = protocol_markdown()
    for game in all_games():
        if game.playable and not game.name.startswith("toy"):
            assert f"#### {game.title} (`{game.name}`)" in section
    assert "| 89 | `CALL` | call the last declaration: the cards are shown |" in section
    assert "`prob:T`: threshold, 0..1 (default 0.5)" in section
    assert "| `rule` (also `rules`) |" in section


def test_a_readme_without_the_markers_is_refused() -> None:
    with pytest.raises(ValueError, match="no"):
        replace_section("# no tables here\n", protocol_markdown())
    assert replace_section(f"a\n{BEGIN}\nold\n{END}\nb\n", "new\n") == f"a\n{BEGIN}\nnew\n{END}\nb\n"
