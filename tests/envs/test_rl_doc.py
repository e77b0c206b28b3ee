"""docs/rl.md's tables are generated from the code (issue 32 item 4): stale tables fail here."""

from __future__ import annotations

from pathlib import Path

from tourney.envs.doc import BEGIN, END, replace_generated, rl_markdown
from tourney.envs.features import feature_spec

RL_DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_the_rl_page_matches_the_code() -> None:
    text = RL_DOC.read_text(encoding="utf-8")
    assert replace_generated(text) == text, "docs/rl.md is stale: run python scripts/regenerate_rl_doc.py"


def test_every_position_of_every_vector_is_documented_once() -> None:
    generated = rl_markdown()
    assert generated.startswith(BEGIN) and generated.endswith(END)
    for game in ("polish-poker", "chlust", "lou", "khlyust"):
        spec = feature_spec(game)
        covered = [i for first, last, _, _ in spec.positions() for i in range(first, last + 1)]
        assert covered == list(range(spec.size))
        assert f"Feature vector: {spec.size} numbers" in generated
