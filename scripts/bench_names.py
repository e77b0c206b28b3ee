"""Benchmark of quick entry's name matching across scripts (issue 29 item 4): prints one
`key: value` per line, milliseconds per entry (the best of --repeat runs) at --players names, half
Polish (Latin), half Russian (Cyrillic).

    before_resolve_ms[...]   the engine's resolve alone: quick entry as it was (same script only)
    after_resolve_ms[...]    `app.input.names.resolve`: the same, then across scripts
    cross_pass_ms[...]       `cross_script.resolve` alone: what the after figures add to the before
    before_complete_ms[...]  completion's old matching (no case, no diacritics, same script)
    after_complete_ms[...]   `entry_complete.matching`: the same, then across scripts
    cold_readings_ms         the first cross-script entry of a process: every name's reading
                             made once (one ICU transliteration each), then cached

Entries: `native` a Latin prefix of a Latin name (found before any cross-script reading),
`cross` a Latin spelling of a Cyrillic name (`vera` for Вера), `unknown` a name nobody has (every
step tried, the slowest entry), `ve` a completion's two letters.

Usage: python scripts/bench_names.py [--players 3000] [--repeat 7]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Iterable

from tourney.app.input import cross_script
from tourney.app.input.entry_complete import matching
from tourney.app.input.names import plain, resolve
from tourney.engine import names

FIRST_PL = ("Anna", "Bartosz", "Celina", "Dawid", "Ewa", "Filip", "Grażyna", "Henryk", "Iwona", "Jakub",
            "Katarzyna", "Łukasz", "Małgorzata", "Norbert", "Olga", "Paweł", "Renata", "Stanisław",
            "Tomasz", "Urszula", "Wojciech", "Zofia", "Żaneta", "Krzysztof", "Grzegorz")
LAST_PL = ("Nowak", "Kowalski", "Wiśniewska", "Dąbrowski", "Zając", "Król", "Łukasik", "Żak", "Szczepański",
           "Wójcik", "Kamińska", "Lewandowski", "Zieliński", "Szymańska", "Woźniak", "Kozłowski")
FIRST_RU = ("Александр", "Борис", "Валентина", "Григорий", "Дмитрий", "Екатерина", "Жанна", "Зоя", "Игорь",
            "Константин", "Людмила", "Михаил", "Наталья", "Ольга", "Пётр", "Светлана", "Татьяна", "Фёдор",
            "Юлия", "Ярослав", "Щербина", "Эдуард", "Сергей", "Алексей", "Мария")
LAST_RU = ("Иванов", "Смирнова", "Кузнецов", "Попова", "Васильев", "Петрова", "Соколов", "Михайлова",
           "Новиков", "Фёдорова", "Морозов", "Волкова", "Алексеев", "Лебедева", "Семёнов", "Егорова")


def registered(count: int) -> list[str]:
    """`count` distinct names, half Polish, half Russian, numbered to stay distinct; Вера among them."""
    rng = random.Random(29)
    out = ["Вера Соколова"]
    for i in range(1, count):
        first, last = (FIRST_PL, LAST_PL) if i % 2 else (FIRST_RU, LAST_RU)
        out.append(f"{rng.choice(first)} {rng.choice(last)} {i}")
    return out


def best_ms(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def quietly(find: Callable[[str, list[str]], str | None], typed: str, everyone: list[str]) -> Callable[[], object]:
    def run() -> object:
        try:
            return find(typed, everyone)
        except Exception as error:  # an ambiguous entry is an answer too: timed the same
            return error
    return run


def old_matching(candidates: Iterable[str], typed: str) -> list[str]:
    """Completion's matching before issue 29 (same script only), for the before figure."""
    want = plain(typed)
    return [c for c in candidates
            if plain(c).startswith(want) or any(word.startswith(want) for word in plain(c).split())]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=7)
    options = parser.parse_args()
    everyone = registered(options.players)
    latin = next(n for n in everyone if n.startswith("Bartosz"))
    entries = {"native": latin[:9], "cross": "vera", "unknown": "Quentin Tarantino"}

    for name in everyone:  # the engine's own caches warm, as at an event after the first entry
        names.key(name), names.plain(name)
    cross_script.reading.cache_clear()
    start = time.perf_counter()
    resolve("vera", everyone)
    print(f"cold_readings_ms[{options.players} players]: {(time.perf_counter() - start) * 1000:.1f}")
    assert resolve("vera", everyone) == "Вера Соколова"

    for label, typed in entries.items():
        before = best_ms(quietly(lambda t, e: names.resolve(t, e), typed, everyone), options.repeat)
        after = best_ms(quietly(lambda t, e: resolve(t, e), typed, everyone), options.repeat)
        alone = best_ms(quietly(lambda t, e: cross_script.resolve(t, [e]), typed, everyone), options.repeat)
        print(f"before_resolve_ms[{label}]: {before:.2f}")
        print(f"after_resolve_ms[{label}]: {after:.2f}")
        print(f"cross_pass_ms[{label}]: {alone:.2f}")
    before = best_ms(lambda: old_matching(everyone, "ve"), options.repeat)
    after = best_ms(lambda: matching(everyone, "ve"), options.repeat)
    print(f"before_complete_ms[ve]: {before:.2f}")
    print(f"after_complete_ms[ve]: {after:.2f}")
    print(f"offered[ve]: {len(old_matching(everyone, 've'))} before, {len(matching(everyone, 've'))} after")


if __name__ == "__main__":
    main()
