"""`tourney backup` and `tourney backup --restore`: the default name beside the database, the `--json`
shapes, and every refusal as one `error:` line with exit 1."""

from __future__ import annotations

import json
import re
import sqlite3
from contextlib import closing
from pathlib import Path

from typer.testing import CliRunner

from tourney.cli import app

runner = CliRunner()


def _evening(url: str) -> None:
    for args in (["new", "Friday", "--game", "pp", "--seed", "1"], ["player", "add", "ann", "bob", "cy"], ["seat"],
                 ["result", "1", "ann"]):
        done = runner.invoke(app, [*args, "--db", url])
        assert done.exit_code == 0, done.output


def _refused(args: list[str], message: str) -> None:
    done = runner.invoke(app, args)
    assert done.exit_code == 1, done.output
    assert done.stderr.strip().splitlines() == [f"error: {message}"]
    assert "Traceback" not in done.output


def test_backup_writes_a_timed_copy_beside_the_database_and_says_so_in_json(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'friday.db'}"
    _evening(url)
    done = runner.invoke(app, ["backup", "--json", "--db", url])
    assert done.exit_code == 0, done.output
    made = json.loads(done.stdout)
    assert set(made) == {"backup", "kind", "events", "tournaments", "db"}
    assert re.fullmatch(r"friday-backup-[0-9]{8}-[0-9]{6}\.db", Path(made["backup"]).name)
    assert Path(made["backup"]).parent == tmp_path
    assert (made["kind"], made["events"], made["tournaments"], made["db"]) == ("sqlite", 5, 1, url)
    with closing(sqlite3.connect(made["backup"])) as copy:
        assert copy.execute("SELECT count(*) FROM event").fetchone() == (5,)
    text = runner.invoke(app, ["backup", str(tmp_path / "named.db"), "--db", url])
    assert text.exit_code == 0, text.output
    assert text.stdout == f"Backed up {url} to {tmp_path / 'named.db'} (copy: 1 tournament(s), 5 events).\n"


def test_backup_restore_loads_a_portable_backup_into_another_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'friday.db'}"
    _evening(url)
    export = tmp_path / "friday.jsonl"
    done = runner.invoke(app, ["backup", str(export), "--portable", "--json", "--db", url])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["kind"] == "jsonl"
    target = f"sqlite:///{tmp_path / 'restored.db'}"
    loaded = runner.invoke(app, ["backup", "--restore", str(export), "--json", "--db", target])
    assert loaded.exit_code == 0, loaded.output
    assert json.loads(loaded.stdout) == {"restored": str(export), "tournaments": ["Friday"], "events": 5,
                                         "reports": 0, "db": target}
    shown = [runner.invoke(app, ["standings", "--json", "--db", db]).stdout for db in (url, target)]
    assert shown[0] == shown[1]
    _refused(["backup", "--restore", str(export), "--db", target],
             "a tournament named 'Friday' already exists (id 1); nothing was restored")


def test_every_refusal_is_one_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'friday.db'}"
    _evening(url)
    existing = tmp_path / "taken.db"
    existing.write_bytes(b"")
    _refused(["backup", str(existing), "--db", url],
             f"{str(existing)!r} exists: choose another file, or --overwrite to replace it")
    _refused(["backup", str(tmp_path / "friday.db"), "--overwrite", "--db", url],
             f"{str(tmp_path / 'friday.db')!r} is the database itself: back up to another file")
    _refused(["backup", "--db", f"sqlite:///{tmp_path / 'none.db'}"],
             f"no tournament database at sqlite:///{tmp_path / 'none.db'}: create a tournament with "
             "`tourney new NAME --game ...`")
    missing = str(tmp_path / "missing.jsonl")
    _refused(["backup", "--restore", missing, "--db", url], f"no backup file {missing!r}")
    (tmp_path / "notes.txt").write_text("{}\n", encoding="utf-8")
    _refused(["backup", "--restore", str(tmp_path / "notes.txt"), "--db", url],
             "not a tourney export (line 1 is not its header, tourney-export version 1)")
    _refused(["backup", "copy.db", "--restore", str(tmp_path / "notes.txt"), "--db", url],
             "--restore BACKUP takes no FILE, --portable or --overwrite: it writes into the database (--db)")


def test_serve_refuses_a_snapshot_directory_that_does_not_exist_before_serving(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'friday.db'}"
    _evening(url)
    missing = str(tmp_path / "stick")
    done = runner.invoke(app, ["serve", "--backup-dir", missing, "--port", "1", "--db", url])
    assert (done.exit_code, done.stdout) == (1, "")
    assert done.stderr.strip().splitlines() == [f"error: --backup-dir {missing!r}: no such directory"]
