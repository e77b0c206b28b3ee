"""Issue 34 item 3: the site's generated pages are what their generators make now."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

from tourney.app import public_homes
from tourney.app.operations.protocol_doc import protocol_markdown, replace_section

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_cli_reference_is_every_commands_help_now() -> None:
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    assert page == script("gen_cli_reference").cli_reference(), (
        "docs/cli.md is out of date: run python scripts/gen_cli_reference.py")


def test_the_cli_reference_has_every_command_and_subcommand() -> None:
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    for title in ("## `tourney`", "## `tourney result`", "## `tourney player add`", "## `tourney arena run`",
                  "## `tourney rules check`", "## `tourney backup`"):
        assert title in page


def test_the_bot_authors_page_has_the_registrys_protocol_tables() -> None:
    page = (DOCS / "bots.md").read_text(encoding="utf-8")
    assert replace_section(page, protocol_markdown()) == page, (
        "docs/bots.md's protocol tables are stale: run python scripts/regenerate_protocol_doc.py")


def test_the_api_page_documents_every_public_name_of_tourney_app() -> None:
    page = (DOCS / "api.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^::: (tourney\.app\.[\w.]+)$", page, re.MULTILINE))
    wanted = {f"{home}.{name}" for name, home in public_homes().items()}
    assert sorted(wanted - listed) == [], "docs/api.md misses public names: add a `::: MODULE.NAME` line each"
    assert sorted(listed - wanted) == [], "docs/api.md lists names tourney.app does not publish"


def test_every_page_is_in_the_navigation() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in DOCS.glob("*.md"):
        assert f": {page.name}" in config, f"{page.name} is not in mkdocs.yml's nav"
