"""Which build runs (mypyc-compiled or pure Python), and the guard against a stale compiled module.

Standard library only, and nothing heavy at import: the CLI calls `exit_if_stale()` before anything
else and `version_line()` for `tourney --version`, and setup.py loads this file by path at build
time for `HOT_MODULES` and the build-info format (so the list of compiled modules lives here once).

At build time setup.py writes `tourney/_build_info.json` into the build (never into a source
checkout, except for an in-place `build_ext`): the mode (`"mypyc"` or `"pure"`), the mypyc version,
why the build is pure (`TOURNEY_PURE`, an editable install, or the reason the compile failed) and
the sha256 of each compiled `.py` as it was compiled. Which build *runs* is read from the files
themselves: Python imports an extension module (`state.cpython-311-x86_64-linux-gnu.so`, any
suffix of `EXTENSION_SUFFIXES`) in preference to the `.py` beside it, so a hot module is compiled
exactly when such a file sits next to its `.py`. If that `.py` no longer has the recorded sha256
(it was edited after the build), or nothing records it, the CLI refuses to run rather than silently
run the old compiled code.
"""

from __future__ import annotations

import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any, Final

# The hot path compiled by mypyc (ARCHITECTURE.md, "Hot path"), relative to the project root.
HOT_MODULES: Final = (
    "tourney/rules/polish_poker/existence.py",
    "tourney/rules/polish_poker/raises.py",
    "tourney/rules/polish_poker/views.py",
    "tourney/rules/polish_poker/state.py",
    "tourney/bots/polish_poker/random_bot.py",
    "tourney/rules/chlust/views.py",
    "tourney/rules/chlust/state.py",
    "tourney/bots/chlust/rule_bot.py",
    "tourney/rules/tricks/actions.py",
    "tourney/rules/tricks/deal.py",
    "tourney/rules/tricks/views.py",
    "tourney/rules/tricks/match.py",
    "tourney/rules/khlyust/actions.py",
    "tourney/rules/khlyust/combos.py",
    "tourney/rules/khlyust/view.py",
    "tourney/rules/khlyust/state.py",
    "tourney/bots/khlyust/random_bot.py",
    "tourney/bots/khlyust/rule_bot.py",
    "tourney/engine/match.py",
)
GROUP_NAME: Final = "tourney"  # mypyc's shared library is `tourney__mypyc.<suffix>`
BUILD_INFO_NAME: Final = "_build_info.json"
PACKAGE_DIR: Final = Path(__file__).resolve().parent
REMEDY: Final = "reinstall (pip install .) or use a pure build (TOURNEY_PURE=1 pip install .)"


def source_sha256(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def make_build_info(mode: str, *, mypyc: str | None = None, pure_reason: str | None = None,
                    compile_failed: str | None = None, sources: dict[str, str] | None = None) -> dict[str, Any]:
    """The content of `_build_info.json` (setup.py writes it; `read_build_info` reads it)."""
    return {
        "mode": mode,
        "mypyc": mypyc,
        "group_name": GROUP_NAME if mode == "mypyc" else None,
        "pure_reason": pure_reason,
        "compile_failed": compile_failed,
        "sources": dict(sources or {}),
    }


def read_build_info(package_dir: Path | None = None) -> dict[str, Any] | None:
    """The build info written by setup.py, or None (no file, or not a JSON object)."""
    import json

    try:
        info = json.loads(((package_dir or PACKAGE_DIR) / BUILD_INFO_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return info if isinstance(info, dict) else None


def compiled_modules(package_dir: Path | None = None) -> list[tuple[str, Path]]:
    """Each hot module that Python would import compiled: (its .py relative to the project root,
    the extension file beside it). A few stat calls, nothing is imported."""
    package_dir = package_dir or PACKAGE_DIR
    root = package_dir.parent
    found = []
    for relative in HOT_MODULES:
        source = root / relative
        stem = source.name[: -len(".py")]
        for suffix in EXTENSION_SUFFIXES:  # the import system's own order: extensions before .py
            compiled = source.with_name(stem + suffix)
            if compiled.is_file():
                found.append((relative, compiled))
                break
    return found


def stale_error(package_dir: Path | None = None) -> str | None:
    """Why this build must not run (a compiled module whose .py changed after the build, or one
    that no build info vouches for), as one line without the `error: ` prefix; None if it may."""
    package_dir = package_dir or PACKAGE_DIR
    compiled = compiled_modules(package_dir)
    if not compiled:
        return None
    info = read_build_info(package_dir)
    recorded = info.get("sources") if info is not None else None
    for relative, extension in compiled:
        source = package_dir.parent / relative
        if not source.is_file():
            continue  # nothing to shadow: the compiled module is the only copy
        shown = extension.relative_to(package_dir.parent).as_posix()
        expected = recorded.get(relative) if isinstance(recorded, dict) else None
        if expected is None:
            info_path = f"{package_dir.name}/{BUILD_INFO_NAME}"
            why = f"no {info_path}" if info is None else f"{info_path} does not record its .py"
            return (f"the compiled module {shown} has no build info ({why}), so it may not match its .py; "
                    f"delete it, or {REMEDY}")
        if source_sha256(source) != expected:
            return f"the compiled module {shown} is stale (its .py changed after the build); {REMEDY}"
    return None


def exit_if_stale(package_dir: Path | None = None) -> None:
    """Refuse to run a stale build: one line on stderr and exit 1."""
    error = stale_error(package_dir)
    if error is not None:
        print(f"error: {error}", file=sys.stderr)
        raise SystemExit(1)


def build_description(package_dir: Path | None = None) -> str:
    """`compiled with mypyc 2.4.1`, `pure Python`, or `pure Python: the mypyc compile failed at
    install: <reason>`: which build runs (from the files), with the details from the build info."""
    compiled = compiled_modules(package_dir)
    info = read_build_info(package_dir) or {}
    if compiled:
        mypyc = info.get("mypyc")
        text = f"compiled with mypyc {mypyc}" if isinstance(mypyc, str) else "compiled with mypyc"
        if len(compiled) < len(HOT_MODULES):
            text += f", {len(compiled)} of {len(HOT_MODULES)} hot modules"
        return text
    failed = info.get("compile_failed")
    if isinstance(failed, str) and failed:
        return f"pure Python: the mypyc compile failed at install: {failed}"
    return "pure Python"


def version_line(package_dir: Path | None = None) -> str:
    """What `tourney --version` prints, e.g. `tourney 0.1.0 (compiled with mypyc 2.4.1)`."""
    from tourney import __version__

    return f"tourney {__version__} ({build_description(package_dir)})"
