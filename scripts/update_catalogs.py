"""Extract the messages and update the catalogs: `python scripts/update_catalogs.py` (from the root).

    1. extracts every marked message (babel.cfg: the Python code and the templates) and the games'
       titles and sheet reminders (`sheet_words.dynamic_messages`, data of the rules) into
       tourney/i18n/locales/tourney.pot, the English catalog;
    2. updates each language's tourney/i18n/locales/LANG/LC_MESSAGES/tourney.po from it (new
       messages empty, changed ones fuzzy, gone ones dropped), with Babel's CLDR Plural-Forms;
    3. compiles each .po into its .mo (committed, so that an installed copy has it: pyproject's
       package-data ships both).

`--check` changes nothing and exits 1 when a file would change (tests/i18n runs it). Translate in
the .po files (any PO editor), then run this again to compile.
"""

from __future__ import annotations

import argparse
import io
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout's tourney, not an installed one

from tourney.i18n import LANGUAGES, LOCALES  # noqa: E402
from tourney.i18n.translator import DOMAIN  # noqa: E402

# Fixed, so that a run that changes no message changes no file.
STAMP = datetime(2026, 12, 1, tzinfo=UTC)
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None,
            # `Worded` sentences (tourney/errors.py): an error's message, a step of a player's path
            "in_words": None, "in_words_n": (1, 2), "worded": None, "worded_n": (1, 2), "worded_p": ((1, "c"), 2)}


def template() -> Catalog:
    """The English catalog: every message of the code, the templates and the games' data."""
    from tourney.app.read_models.sheet_words import dynamic_messages

    with (ROOT / "babel.cfg").open(encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file)
    catalog = Catalog(project="tourney", version="0.1.0", domain=DOMAIN, creation_date=STAMP, revision_date=STAMP,
                      fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True,
            directory_filter=_searched):
        if message in ("", ("", "")):
            continue
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context,
                    flags=_flags(message))
    for message, what in dynamic_messages():
        catalog.add(message, None, [], auto_comments=[what], flags=_flags(message))
    return catalog


def _searched(path: str) -> bool:
    """Every folder but hidden ones and caches (Babel's default also skips `_partials`)."""
    name = Path(path).name
    return not name.startswith(".") and name not in ("__pycache__", "build", "node_modules")


def _flags(message: str | tuple[str, ...]) -> tuple[str, ...]:
    text = message if isinstance(message, str) else " ".join(message)
    return ("python-format",) if "%(" in text else ()


def _po_bytes(catalog: Catalog, **options: object) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=120, include_lineno=False, **options)  # type: ignore[arg-type]
    return out.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def planned_files() -> dict[Path, bytes]:
    """Every catalog file as this run writes it."""
    source = template()
    files = {LOCALES / f"{DOMAIN}.pot": _po_bytes(source, omit_header=False)}
    for lang in LANGUAGES[1:]:
        po_path = LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        if po_path.is_file():
            with po_path.open("rb") as file:
                catalog = read_po(file, locale=lang, domain=DOMAIN)
        else:
            catalog = Catalog(locale=lang, domain=DOMAIN, project="tourney", version="0.1.0",
                              creation_date=STAMP, fuzzy=False)
        catalog.update(source, no_fuzzy_matching=True, update_header_comment=False)
        catalog.revision_date = STAMP
        catalog.creation_date = STAMP
        catalog.fuzzy = False
        catalog.obsolete.clear()  # a message gone from the code is gone from the catalog
        files[po_path] = _po_bytes(catalog, ignore_obsolete=True)
        files[po_path.with_suffix(".mo")] = _mo_bytes(read_po(io.BytesIO(files[po_path]), locale=lang, domain=DOMAIN))
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 when a file would change")
    args = parser.parse_args(argv)
    stale = []
    for path, content in planned_files().items():
        if path.is_file() and path.read_bytes() == content:
            continue
        stale.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
    for path in stale:
        print(f"{'stale' if args.check else 'wrote'} {path.relative_to(ROOT)}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
