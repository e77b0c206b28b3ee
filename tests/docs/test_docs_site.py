"""Issue 34 item 1: the docs site builds with warnings as errors (a broken link, a missing page, an
unresolved API reference fail the build), into files that read offline."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_site_builds_strictly_and_reads_offline(tmp_path: Path) -> None:
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--config-file",
                           str(ROOT / "mkdocs.yml"), "--site-dir", str(site)],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    for page in ("index", "walkthrough", "walkthrough-pl", "printing", "phones", "api", "cli", "changelog"):
        assert (site / f"{page}.html").is_file(), page  # use_directory_urls: false: plain files
    index = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="get-started.html"' in index  # links that work from the file system
    assert "fonts.googleapis.com" not in index  # nothing fetched from the network
    api = (site / "api.html").read_text(encoding="utf-8")
    assert 'id="tourney.app.operations.results.enter_result"' in api  # the docstrings rendered
    assert "NotInTournamentError" in api
    printing = (site / "printing.html").read_text(encoding="utf-8")
    assert 'src="img/standings.png"' in printing and (site / "img" / "standings.png").is_file()
