"""Shared by the application tests: a fresh SQLite database and a dump of its rows."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any


def sqlite_url(tmp_path: Path, name: str = "app.db") -> str:
    return f"sqlite:///{tmp_path / name}"


def dump(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in key order: equal dumps mean an unchanged database."""
    connection = sqlite3.connect(url.removeprefix("sqlite:///"))
    try:
        tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                                        "ORDER BY name")]
        return {name: connection.execute(f"SELECT * FROM {name} ORDER BY 1").fetchall() for name in tables}
    finally:
        connection.close()
