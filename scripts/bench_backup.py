"""Benchmark: backups of a large evening on SQLite: the online-backup copy (`tourney backup`), the
portable export (`--portable`) and loading it back (`--restore`), and a PASSIVE checkpoint of a
write-ahead log holding every event (what `tourney serve` runs every minute).

Prints seconds for each and the file sizes. The events are registrations (one transaction each is
not needed here: what a backup costs depends on the rows, not on how they were entered).

    python scripts/bench_backup.py [--events 20000]
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
import time
from pathlib import Path

from tourney.app.operations.backup import backup, checkpoint, restore
from tourney.storage import repo
from tourney.storage.db import open_database
from tourney.storage.events import create_tournament


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=20_000)
    count = parser.parse_args().events
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "friday.db"
        url = f"sqlite:///{db}"
        with open_database(url) as database:
            tournament = create_tournament(database, name="Friday", game="polish-poker", seed=1)
            with database.write() as session:
                for number in range(count):
                    repo.insert_event(session=session, tournament_id=tournament.id, kind="register",
                                      data={"name": f"Gracz {number:06d}", "club": "Asy" if number % 3 else None})
            wal = Path(f"{db}-wal").stat().st_size
            keeper = sqlite3.connect(db)  # another connection open, as serve's are: no checkpoint on close
            started = time.perf_counter()
            copy = backup(str(Path(folder) / "copy.db"), db=url)
            copied = time.perf_counter() - started
            started = time.perf_counter()
            export = backup(str(Path(folder) / "copy.jsonl"), db=url, portable=True)
            exported = time.perf_counter() - started
            started = time.perf_counter()
            checkpoint(url)
            checkpointed = time.perf_counter() - started
            keeper.close()
        started = time.perf_counter()
        restore(export.path, db=f"sqlite:///{Path(folder) / 'restored.db'}")
        restored = time.perf_counter() - started
        print(f"events: {copy.events}")
        print(f"wal_bytes_before_checkpoint: {wal}")
        print(f"backup_sqlite_s: {copied:.3f}  ({Path(copy.path).stat().st_size} bytes)")
        print(f"backup_portable_s: {exported:.3f}  ({Path(export.path).stat().st_size} bytes)")
        print(f"checkpoint_passive_s: {checkpointed:.3f}")
        print(f"restore_portable_s: {restored:.3f}")


if __name__ == "__main__":
    main()
