"""Headless Chromium for the render tests and `scripts/bench_print.py`: print HTML to PDF, count
pages and read the text back with poppler (`pdfinfo`, `pdftotext`).

Flags: no sandbox (CI runs as root), no GPU, no network chatter, a fresh profile per run.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from pathlib import Path

TOOLS = ("chromium", "pdfinfo", "pdftotext")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--mute-audio")


def missing_tools() -> list[str]:
    return [tool for tool in TOOLS if shutil.which(tool) is None]


def chromium_command(profile: Path, *extra: str) -> list[str]:
    return ["chromium", *FLAGS, f"--user-data-dir={profile}", *extra]


def print_pdfs(pages: Iterable[tuple[Path, Path]], timeout: float = 90) -> None:
    """Print each (html, pdf) pair, all at once in parallel (one browser each)."""
    running = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, (html, pdf) in enumerate(pages):
            profile = Path(tmp) / f"profile-{i}"
            command = chromium_command(profile, "--no-pdf-header-footer", f"--print-to-pdf={pdf}",
                                       html.resolve().as_uri())
            running.append((pdf, subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)))
        for pdf, process in running:
            _, err = process.communicate(timeout=timeout)
            if not pdf.exists():
                raise RuntimeError(f"chromium wrote no {pdf.name}: {err.decode(errors='replace')[-500:]}")


def page_count(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    found = re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE)
    assert found, info
    return int(found.group(1))


def pdf_text(pdf: Path, first: int | None = None, last: int | None = None) -> str:
    command = ["pdftotext", "-enc", "UTF-8"]
    if first is not None:
        command += ["-f", str(first)]
    if last is not None:
        command += ["-l", str(last)]
    return subprocess.run([*command, str(pdf), "-"], capture_output=True, text=True, check=True).stdout
