"""The floor under load (issue 18): a real `tourney serve --lan` on loopback, every table reporting
from its "phone", players' pages polling, and the director entering results at the desk meanwhile.

- `--tables` phones (one thread each, default 30) loop: fetch their table's page, tap a loser (the
  first player still in), until their table finishes or time is up;
- `--pollers` player pages (default 200) ask the wall's `/_token` every second and the look-up
  every fifth time, as the pages' scripts do;
- the director enters a round at a random playing table every `--desk-every` seconds through the
  application layer (what `tourney result` runs) and times how long the wall takes to show it: from
  the commit until `/_token` names the new event and `/standings` is served;
- the server's resident memory is sampled every 5 s.

Each simulated phone connects from its own loopback address (127.0.0.N), as phones on the Wi-Fi
would, so the server's per-client rate bound applies per phone. At the end the log is checked:
every report a phone was told was entered is in the log once, no report key twice, nothing else
from the phones. Prints `reports_per_s`, `wall_latency_p95_s`, `server_rss_mb` (the largest sample)
and the details as JSON.

    python scripts/bench_floor.py [--tables 30] [--pollers 200] [--duration 120] [--desk-every 0.5]

`--stored N` measures instead, in this process, what the floor's reads cost once N reports are
stored (written straight through the floor's store, settled but for one pending report in 50):
a page's read (`floor_of`, what every phone's and the director's page runs), `tourney pending`
(`reports.pending`) and a phone's report (`reports.submit`, its own transaction); median
milliseconds of `--repeat` runs each, printed as `floor_read_ms`, `pending_ms`, `submit_ms`.

    python scripts/bench_floor.py --stored 5000 [--repeat 30]

`--live-latency N` measures instead how soon a phone's report reaches the live pages: a real
`tourney serve --lan` (reports waiting for the director), `--streams` pages listening to `/_live`
(one thread each), and N reports stored through the application layer, each then rejected. From a
report's commit: the first stream to see the new token (`live_first_p50_s`, `live_first_p95_s`),
the last of them (`live_all_p95_s`), and the director's page served with the report in it, as the
page's script fetches it next (`live_director_p95_s`).

    python scripts/bench_floor.py --live-latency 40 [--streams 50] [--tables 30]

`--director-render N` measures the director's page at N tables (N * 6 players): the CPU
milliseconds of one render in this process, the first (`director_render_first_ms`: every table's
QR code made, as every render made them before they were cached per link) and the median of
`--repeat` after it (`director_render_ms`), with the floor's read before it (`director_read_ms`);
then, against a real `tourney serve --lan`, how long a phone's report takes to reach the director's
page: from sending it until the token the page polls has changed and the page served shows it
(`director_report_seen_s`; the page's own poll adds up to `director_poll_every_s`).

    python scripts/bench_floor.py --director-render 40 [--repeat 30]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Client:
    """HTTP/1.1 to the server from one loopback address (a phone), reconnecting when needed."""

    def __init__(self, port: int, address: str) -> None:
        self.port, self.address = port, address
        self.connection: http.client.HTTPConnection | None = None

    def call(self, method: str, path: str, body: dict[str, str] | None = None) -> tuple[int, str]:
        data = urllib.parse.urlencode(body).encode() if body is not None else None
        headers = {"Content-Type": "application/x-www-form-urlencoded"} if data is not None else {}
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30,
                                                             source_address=(self.address, 0))
            try:
                self.connection.request(method, path, body=data, headers=headers)
                response = self.connection.getresponse()
                return response.status, response.read().decode()
            except (OSError, http.client.HTTPException):
                self.connection.close()
                self.connection = None
                if attempt:
                    raise
        raise AssertionError("unreachable")


def hidden(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    return found.group(1) if found else ""


def build_event(db: str, players: int) -> None:
    from tourney import app

    app.new_tournament("Load", game="polish-poker", seed=7, db=db)
    app.add_players([f"Player {i:04d}" for i in range(1, players + 1)], db=db)
    app.seat(db=db)
    from tourney.app.floor import reports

    reports.set_mode("apply", db=db)


def stored_reads(count: int, repeat: int) -> None:
    """What the floor's reads cost with `count` reports stored (see the module's docstring)."""
    from tourney.app.floor import reports
    from tourney.app.floor.floor_read import floor_of, open_floor, read_floor
    from tourney.app.floor.reports import TableReport, progress_mark
    from tourney.app.store.floor_store import ENTERED, PENDING, REJECTED, FloorStore, Report
    from tourney.storage.db import open_database
    from tourney.storage.events import snapshot

    folder = Path(tempfile.mkdtemp(prefix="bench-floor-"))
    db = f"sqlite:///{folder / 'floor.db'}"
    build_event(db, 30 * 6)
    reports.set_mode("approve", db=db)
    open_floor(db=db)
    with open_database(db, create=False) as database:
        snap = snapshot(database, tournament=None)
        state, uid = snap.state, snap.tournament.uid
        with database.write() as session:
            store = FloorStore(session, uid)
            for number in range(1, count + 1):
                pending = number % 50 == 0
                # The pending ones spread over the tables (a table holds at most reports.MAX_PENDING).
                table = state.tables[(number // 50 if pending else number) % len(state.tables)]
                status = PENDING if pending else (ENTERED, REJECTED)[number % 2]
                store.put(Report(number, state.stage, table.number, f"{number}.0.0.0", "result",
                                 {"table": table.number, "loser": table.seats[0]},
                                 {"link": f"table {table.number}", "device": "bench", "report": f"k{number}"},
                                 f"k{number}", status, None, ""))

    def median_ms(run: Callable[[int], object], runs: int = repeat) -> float:
        times = []
        for attempt in range(runs):
            begun = time.perf_counter()
            run(attempt)
            times.append((time.perf_counter() - begun) * 1000)
        return statistics.median(times)

    with open_database(db, create=False, read_only=True) as reader:
        floor_read_ms = median_ms(lambda _attempt: floor_of(reader, None))
    pending_ms = median_ms(lambda _attempt: reports.pending(db=db))
    floor = read_floor(db, None)

    def submit(attempt: int) -> None:
        table = floor.state.tables[attempt % len(floor.state.tables)]
        # A different loser each time at a table: a dispute, never the same report twice.
        loser = table.seats[1 + attempt // len(floor.state.tables) % (len(table.seats) - 1)]
        reports.submit(TableReport(table.number, floor.table_link(table.number), "result", [loser],
                                   progress_mark(table), f"bench-{attempt}", "bench"), db=db)

    # Each table takes as many disputing reports of its round as it has players but one.
    submit_ms = median_ms(submit, min(repeat, sum(len(t.seats) - 1 for t in floor.state.tables)))
    print(f"floor_read_ms: {floor_read_ms:.2f}")
    print(f"pending_ms: {pending_ms:.2f}")
    print(f"submit_ms: {submit_ms:.2f}")
    print(json.dumps({"stored": count, "repeat": repeat}))


class Listener:
    """One page listening to `/_live`: when it first saw each token."""

    def __init__(self, port: int, seen: Callable[[str], None]) -> None:
        self._connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self._connection.request("GET", "/_live")
        self._response = self._connection.getresponse()
        if self._response.status != 200:
            raise SystemExit(f"/_live answered {self._response.status}")
        self._seen = seen
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            while line := self._response.readline():
                text = line.decode().strip()
                if text.startswith("data:"):
                    self._seen(text[5:].strip())
        except (OSError, AttributeError, ValueError):  # closed under the reader by `close`
            pass

    def close(self) -> None:
        self._connection.close()


def live_latency(count: int, streams: int, tables: int) -> None:
    """How soon a stored report reaches the live pages (see the module's docstring)."""
    from tourney.app.floor import reports
    from tourney.app.floor.floor_read import read_floor
    from tourney.app.floor.reports import TableReport, progress_mark

    folder = Path(tempfile.mkdtemp(prefix="bench-live-"))
    db = f"sqlite:///{folder / 'floor.db'}"
    build_event(db, tables * 6)
    reports.set_mode("approve", db=db)
    port = free_port()
    server = start_serve(port, db)
    changed = threading.Condition()
    seen: dict[str, list[float]] = {}

    def saw(token: str) -> None:
        with changed:
            seen.setdefault(token, []).append(time.monotonic())
            changed.notify_all()

    def wait_all(token: str) -> list[float]:
        with changed:
            if not changed.wait_for(lambda: len(seen.get(token, ())) >= streams, timeout=30):
                raise SystemExit(f"only {len(seen.get(token, ()))} of {streams} streams saw a change")
            return seen[token]

    first: list[float] = []
    last: list[float] = []
    director: list[float] = []
    listeners: list[Listener] = []
    try:
        probe = Client(port, "127.0.0.1")
        wait_until_serving(server, probe)
        listeners = [Listener(port, saw) for _ in range(streams)]
        wait_all(probe.call("GET", "/_token")[1])
        floor = read_floor(db, None)
        page = f"/director/{floor.director_link()}"
        for attempt in range(count):
            number = attempt % len(floor.state.tables) + 1
            table = floor.state.tables[number - 1]
            done = reports.submit(TableReport(table=number, token=floor.table_link(number), kind="result",
                                              names=[table.seats[0]], at=progress_mark(table), key=f"live-{attempt}",
                                              device="bench"), db=db)
            committed = time.monotonic()
            token = probe.call("GET", "/_token")[1]
            times = wait_all(token)
            first.append(min(times) - committed)
            last.append(max(times) - committed)
            fetching = time.monotonic()
            status, html = probe.call("GET", page)
            if status != 200 or f'data-report="{done.report.id}"' not in html:
                raise SystemExit(f"the director's page does not show report {done.report.id}")
            director.append(min(times) - committed + time.monotonic() - fetching)  # the feed, then the page
            reports.reject(done.report.id, db=db)
            wait_all(probe.call("GET", "/_token")[1])
    finally:
        for listener in listeners:
            listener.close()
        server.terminate()
        server.communicate(timeout=30)

    def p95(values: list[float]) -> float:
        return statistics.quantiles(values, n=20)[-1] if len(values) >= 2 else values[0]

    print(f"live_first_p50_s: {statistics.median(first):.3f}")
    print(f"live_first_p95_s: {p95(first):.3f}")
    print(f"live_all_p95_s: {p95(last):.3f}")
    print(f"live_director_p95_s: {p95(director):.3f}")
    print(json.dumps({"reports": count, "streams": streams, "tables": tables}))


def director_render(tables: int, repeat: int) -> None:
    """The director's page's CPU per render and a report's way to it (see the module's docstring)."""
    from tourney.app.floor.floor_pages import director_page
    from tourney.app.floor.floor_read import floor_of, open_floor
    from tourney.storage.db import open_database

    folder = Path(tempfile.mkdtemp(prefix="bench-floor-"))
    db = f"sqlite:///{folder / 'floor.db'}"
    build_event(db, tables * 6)
    open_floor(db=db)
    origin = "http://192.168.1.5:8000"

    def cpu_ms(run: Callable[[], object]) -> float:
        begun = time.process_time()
        run()
        return (time.process_time() - begun) * 1000

    with open_database(db, create=False, read_only=True) as reader:
        read_ms = statistics.median(cpu_ms(lambda: floor_of(reader, None)) for _ in range(repeat))
        floor = floor_of(reader, None)
    first_ms = cpu_ms(lambda: director_page(floor, origin=origin))
    render_ms = statistics.median(cpu_ms(lambda: director_page(floor, origin=origin)) for _ in range(repeat))
    seen_s = report_reaching_the_director(db)
    print(f"director_tables: {len(floor.state.tables)}")
    print(f"director_render_first_ms: {first_ms:.2f}")
    print(f"director_render_ms: {render_ms:.2f}")
    print(f"director_read_ms: {read_ms:.2f}")
    print(f"director_report_seen_s: {seen_s:.3f}")
    print(f"director_poll_every_s: {2.0:.1f}")


def report_reaching_the_director(db: str) -> float:
    """Seconds from a phone's report sent until the director's polled token changed and its page
    shows the report, against a real server."""
    from tourney.app.floor.floor_read import read_floor

    port = free_port()
    server = start_serve(port, db)
    try:
        desk, phone = Client(port, "127.0.0.1"), Client(port, "127.0.0.2")
        wait_until_serving(server, desk)
        floor = read_floor(db, None)  # the links the server made (a new director's link each start)
        desk.call("GET", f"/director/{floor.director_link()}")  # the director has the page open
        token = desk.call("GET", "/_token")[1]
        path = f"/table/1/{floor.table_link(1)}"
        page = phone.call("GET", path)[1]
        form = {"csrf": hidden(page, "csrf"), "at": hidden(page, "at"), "key": hidden(page, "key"),
                "device": "bench", "kind": "result", "player": floor.state.tables[0].seats[0]}
        begun = time.perf_counter()
        status, answer = phone.call("POST", path, form)
        answered = time.perf_counter() - begun
        if status != 200:
            raise SystemExit(f"the report was refused ({status}): {answer[:300]}")
        while desk.call("GET", "/_token")[1] == token:
            time.sleep(0.005)
        changed = time.perf_counter() - begun
        shown = desk.call("GET", f"/director/{floor.director_link()}")[1]
        seen = time.perf_counter() - begun
        print(f"director_report_answered_s: {answered:.3f}")
        print(f"director_token_changed_s: {changed:.3f}")
        if "(from table 1)" not in shown:
            raise SystemExit(f"the director's page does not show the report: {shown[:2000]}")
        return seen
    finally:
        server.terminate()
        server.wait(timeout=20)


def start_serve(port: int, db: str, *options: str) -> subprocess.Popen[str]:
    """A real `tourney serve --lan` (with `options`) on loopback `port` over `db` (its errors kept for
    `wait_until_serving`)."""
    return subprocess.Popen([sys.executable, "-m", "tourney", "serve", "--lan", "--host", "127.0.0.1", "--port",
                             str(port), "--db", db, *options], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)


def wait_until_serving(server: subprocess.Popen[str], client: Client) -> None:
    """Wait (30 s at most) until `server` answers `client`'s `/_token`; else exit saying why."""
    deadline = time.monotonic() + 30
    while True:
        try:
            if client.call("GET", "/_token")[0] == 200:
                return
        except OSError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"tourney serve did not start: {server.stderr.read() if server.stderr else ''}")
        time.sleep(0.1)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process `pid` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--pollers", type=int, default=200)
    parser.add_argument("--duration", type=float, default=120.0)
    parser.add_argument("--desk-every", type=float, default=0.5)
    parser.add_argument("--tap-every", type=float, default=1.0, help="mean seconds between a table's reports")
    parser.add_argument("--stored", type=int, default=0, help="measure the reads with this many reports stored")
    parser.add_argument("--repeat", type=int, default=30, help="runs of each read (with --stored)")
    parser.add_argument("--live-latency", type=int, default=0,
                        help="measure how soon this many reports reach the live pages' streams")
    parser.add_argument("--streams", type=int, default=50, help="pages listening to /_live (with --live-latency)")
    parser.add_argument("--director-render", type=int, default=0, metavar="TABLES",
                        help="measure the director's page at this many tables")
    args = parser.parse_args()
    if args.stored:
        stored_reads(args.stored, args.repeat)
        return
    if args.live_latency:
        live_latency(args.live_latency, args.streams, args.tables)
        return
    if args.director_render:
        director_render(args.director_render, args.repeat)
        return

    from tourney import app
    from tourney.app.floor.floor_read import read_floor

    folder = Path(tempfile.mkdtemp(prefix="bench-floor-"))
    db = f"sqlite:///{folder / 'floor.db'}"
    build_event(db, args.tables * 6)
    port = free_port()
    server = start_serve(port, db)
    stop = threading.Event()
    lock = threading.Lock()
    entered: list[str] = []  # report keys the phones were told were entered
    refused: list[str] = []
    failures: list[str] = []
    latencies: list[float] = []
    rss: list[float] = []
    tables = 0
    try:
        probe = Client(port, "127.0.0.1")
        wait_until_serving(server, probe)
        started = time.monotonic()
        end = started + args.duration

        def phone(floor: FloorRead, number: int) -> None:
            client = Client(port, f"127.0.1.{number}")
            path = f"/table/{number}/{floor.table_link(number)}"
            while not stop.is_set() and time.monotonic() < end:
                status, page = client.call("GET", path)
                if status == 403 or 'name="player"' not in page:
                    return  # the table finished
                loser = re.search(r'name="player" value="([^"]*)"', page)
                assert loser is not None
                key = hidden(page, "key")
                form = {"csrf": hidden(page, "csrf"), "at": hidden(page, "at"), "key": key, "device": f"bench-{number}",
                        "kind": "result", "player": loser.group(1).replace("&#39;", "'")}
                status, answer = client.call("POST", path, form)
                with lock:
                    if status == 200 and "entered (event" in answer:
                        entered.append(key)
                    elif status == 409 or (status == 403 and "has finished" in answer):
                        refused.append(key)  # the desk entered that round (or the table's last) first
                    else:
                        failures.append(f"table {number}: HTTP {status}")
                time.sleep(random.uniform(0.5, 1.5) * args.tap_every)  # the next round at that table

        def poller(number: int) -> None:
            client = Client(port, f"127.0.{2 + number // 250}.{1 + number % 250}")
            ticks = 0
            time.sleep(random.uniform(0, 1))
            while not stop.is_set() and time.monotonic() < end:
                client.call("GET", "/_token")
                ticks += 1
                if ticks % 5 == 0:
                    client.call("GET", f"/find?q=player+{random.randint(1, args.tables * 6):04d}")
                time.sleep(1.0)

        def desk() -> None:
            watcher = Client(port, "127.0.0.2")
            rng = random.Random(1)
            while not stop.is_set() and time.monotonic() < end:
                state = app.tables(db=db)
                playing = [t for t in state.tables if not t.finished]
                if not playing or state.closed:
                    time.sleep(args.desk_every)  # between stages
                    continue
                table = rng.choice(playing)
                try:
                    done = app.enter_result(table.number, table.still_in[-1], db=db)
                except Exception as error:  # a phone entered that table's last round first
                    with lock:
                        refused.append(f"desk: {error}")
                    continue
                committed = time.monotonic()
                event_id = done.state.events[-1].id
                while True:
                    token = watcher.call("GET", "/_token")[1]
                    if int(token.rsplit(":", 1)[1]) >= event_id:
                        break
                    time.sleep(0.02)
                watcher.call("GET", "/standings")
                with lock:
                    latencies.append(time.monotonic() - committed)
                time.sleep(args.desk_every)

        def memory() -> None:
            while not stop.is_set():
                rss.append(rss_mb(server.pid))
                stop.wait(5.0)

        background = [threading.Thread(target=poller, args=(n,), daemon=True) for n in range(args.pollers)]
        background += [threading.Thread(target=desk), threading.Thread(target=memory, daemon=True)]
        for thread in background:
            thread.start()
        # Stage after stage: every table's phone reports until the stage is done, then the director
        # advances (as the director's page would) and the next stage's phones start.
        stages = 0
        phones_busy = 0.0
        while time.monotonic() < end:
            floor = read_floor(db, None)
            stages += 1
            tables = max(tables, len(floor.state.tables)) if stages > 1 else len(floor.state.tables)
            phones = [threading.Thread(target=phone, args=(floor, n)) for n in range(1, len(floor.state.tables) + 1)]
            begun = time.monotonic()
            for thread in phones:
                thread.start()
            for thread in phones:
                thread.join()
            phones_busy += time.monotonic() - begun
            if app.tables(db=db).complete or time.monotonic() >= end:
                break
            app.advance(db=db)
        while time.monotonic() < end:
            time.sleep(0.5)  # the pollers and the desk go on until the end
        stop.set()
        background[-2].join()
        rss.append(rss_mb(server.pid))
        server_cpu = cpu_seconds(server.pid)
        elapsed = time.monotonic() - started
    finally:
        stop.set()
        server.terminate()
        server.communicate(timeout=30)

    events = read_floor(db, None).state.events
    keys = [e.data["source"]["report"] for e in events if isinstance(e.data.get("source"), dict)]
    lost = sorted(set(entered) - set(keys))
    doubled = len(keys) - len(set(keys))
    unexpected = sorted(set(keys) - set(entered))
    reports_per_s = len(entered) / max(phones_busy, 1e-9)
    p95 = statistics.quantiles(latencies, n=20)[-1] if len(latencies) >= 2 else (latencies or [0.0])[0]
    print(f"reports_per_s: {reports_per_s:.1f}")
    print(f"wall_latency_p95_s: {p95:.3f}")
    print(f"server_rss_mb: {max(rss):.1f}")
    print(json.dumps({"tables": tables, "pollers": args.pollers, "reports_entered": len(entered),
                      "reports_refused": len(refused), "failures": failures[:5], "desk_entries": len(latencies),
                      "lost": len(lost), "doubled": doubled, "unexpected": len(unexpected),
                      "rss_mb_every_30_s": [round(m, 1) for m in rss[::6]],
                      "server_cpu_share": round(server_cpu / elapsed, 2),
                      "stages": stages, "phones_seconds": round(phones_busy, 1)}))
    if lost or doubled or unexpected or failures:
        raise SystemExit("the floor lost, doubled or failed reports")


if __name__ == "__main__":
    main()
