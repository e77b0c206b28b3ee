"""Write CHANGELOG.md from `git log`, grouped by issue (the docs site includes it as its Changelog).

Each issue, newest first, with its title (from `issues show N`, when that command is there; else
the title already in CHANGELOG.md) and the commits whose message names it ("issue 29"), abridged;
then every merge of a session's branch. Run it after merging, read the diff, commit:

    python scripts/gen_changelog.py
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHANGELOG = ROOT / "CHANGELOG.md"
ISSUES = range(2, 100)
_TITLE = re.compile(r"^## Issue (\d+): (.*?)( \(in progress\))?$", re.MULTILINE)


def _short(text: str, limit: int = 150) -> str:
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …"


def issue_titles() -> dict[int, tuple[str, bool]]:
    """Issue number -> (title, still open)."""
    known = {int(n): (title, bool(open_)) for n, title, open_ in _TITLE.findall(
        CHANGELOG.read_text(encoding="utf-8") if CHANGELOG.exists() else "")}
    if shutil.which("issues") is None:
        return known
    titles = {}
    for number in ISSUES:
        shown = subprocess.run(["issues", "show", str(number)], capture_output=True, text=True).stdout.splitlines()
        if len(shown) >= 2:
            titles[number] = (shown[1].lstrip("> #").strip(), "open" in shown[0])
    return titles or known


def changelog() -> str:
    log = subprocess.run(["git", "log", "--reverse", "--format=%h%x09%ad%x09%s", "--date=short"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout.splitlines()
    titles = issue_titles()
    naming: dict[int, list[tuple[str, str, str]]] = defaultdict(list)
    merges = []
    for line in log:
        commit, day, subject = line.split("\t", 2)
        if subject.startswith("Merge"):
            merges.append((commit, day, subject))
        for number in {int(n) for n in re.findall(r"[Ii]ssue (\d+)", subject)}:
            if number in titles:
                naming[number].append((commit, day, subject))
    out = ["# Changelog", "",
           "What each issue of the project brought, newest first, from `git log --oneline`: the issue's",
           "title, then the commits that name it (abridged; `git show HASH` has the whole message). The",
           "benchmarks' history is here too: the site's Benchmarks page keeps only today's figures.", ""]
    for number in sorted(titles, reverse=True):
        title, still_open = titles[number]
        out += [f"## Issue {number}: {title}" + (" (in progress)" if still_open else ""), ""]
        if naming[number]:
            out += [f"- `{commit}` {day}: {_short(subject)}" for commit, day, subject in naming[number]]
        elif still_open:
            out.append("- (in progress: its work is being merged)")
        else:
            out.append("- (its commits do not name the issue; see the merges below)")
        out.append("")
    out += ["## Merged branches", "", "Each line is the merge of one session's branch, newest first.", ""]
    out += [f"- `{commit}` {day}: {_short(subject)}" for commit, day, subject in reversed(merges)]
    return "\n".join(out) + "\n"


def main() -> int:
    text = changelog()
    if CHANGELOG.exists() and CHANGELOG.read_text(encoding="utf-8") == text:
        print(f"{CHANGELOG} is up to date")
    else:
        CHANGELOG.write_text(text, encoding="utf-8")
        print(f"wrote {CHANGELOG}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
