"""Issue 21 item 12: the project carries its own rules reference (docs/rules.md), every § number
the code cites is a section of it, and the README links it rather than a file outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CITED = re.compile(r"§ ?(\d+(?:\.\d+)?)")


def _sections(text: str) -> set[str]:
    """The numbers of the document's sections: "## 1. Polish Poker", "### 1.3 ...", "**0.5 ...**"."""
    found = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", text, flags=re.MULTILINE))
    found |= set(re.findall(r"^\*\*(\d+\.\d+) ", text, flags=re.MULTILINE))
    return {number.rstrip(".") for number in found}


def test_every_section_the_code_cites_is_in_docs_rules() -> None:
    sections = _sections((ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))
    cited = {number for path in (ROOT / "tourney").rglob("*.py")
             for number in CITED.findall(path.read_text(encoding="utf-8"))}
    assert len(cited) > 40  # the code does cite the rules
    assert sorted(cited - sections) == []


def test_the_readme_links_the_projects_own_rules() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../shared/" not in readme
    assert "(docs/rules.md)" in readme
