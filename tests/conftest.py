"""Shared helpers for the Polish Poker tests (RULES §1, §5.1), offered as fixtures.

A *scripted dealer* is any callable ``dealer(names, counts) -> (hands, community)`` with card ids
from ``tourney.rules.polish_poker.existence.ID_OF_CARD``. `PPKit.dealer` scripts some rounds and
fills the others from a fixed stack that holds no nines (ids 4.. = TS TH TD TC JS ...), so that in a
filler round ``PAIR:9`` never exists and ``HIGH:T`` always does (the first card dealt is TS).

Before those helpers import tourney, the session checks which copy of tourney it would test (issue
15): one whose sources differ from this checkout's stops it at once.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

CHECKOUT_PACKAGE = Path(__file__).resolve().parents[1] / "tourney"


def refuse_another_copy_of_tourney() -> None:
    """Stop the session at once, with one line, when `import tourney` would find a copy whose
    sources differ from this checkout's (plain `pytest` imports an installed copy first; `python -m
    pytest` and an editable install import the checkout). Runs before anything imports tourney, so
    it reads the checkout's tourney/_build.py by path and finds the copy without importing it."""
    spec = importlib.util.find_spec("tourney")
    if spec is None or not spec.submodule_search_locations:
        return  # nothing to compare: the imports below fail with Python's own message
    build_spec = importlib.util.spec_from_file_location("_tourney_checkout_build", CHECKOUT_PACKAGE / "_build.py")
    assert build_spec is not None and build_spec.loader is not None
    build = importlib.util.module_from_spec(build_spec)
    build_spec.loader.exec_module(build)
    error = build.copy_under_test_error(Path(spec.submodule_search_locations[0]), CHECKOUT_PACKAGE)
    if error is not None:
        # SystemExit, not pytest.exit(): pytest reports any Exception from a conftest with a traceback.
        raise SystemExit(f"error: {error}")


refuse_another_copy_of_tourney()

# The tests read English output (the golden files, every wording): a tester's own language
# (LANG=pl_PL.UTF-8, TOURNEY_LANG) must not translate it. tests/cli/test_i18n_cli.py sets its own
# environment for each command it runs; the subprocesses the tests start inherit this one.
os.environ["TOURNEY_LANG"] = "en"

from tourney.rules.cards import POLISH_POKER_DECK, parse_cards  # noqa: E402 (after the copy check)
from tourney.rules.polish_poker import (  # noqa: E402
    CALL,
    PolishPokerOptions,
    PolishPokerState,
    mask_of_cards,
    parse_declaration,
)
from tourney.rules.polish_poker.existence import ID_OF_CARD  # noqa: E402


def pytest_report_header() -> str:
    """Which copy of tourney and which build the session tests (`pytest -v`; `-q` hides the header)."""
    from tourney._build import version_line

    return f"under test: {version_line()}"


# One scripted round: {player name: "cards"} and the community card.
RoundScript = tuple[Mapping[str, str], str]
FILLER_FIRST_ID = 4  # TS: the filler never deals a nine


def card_ids(text: str) -> tuple[int, ...]:
    return tuple(ID_OF_CARD[c] for c in parse_cards(text, POLISH_POKER_DECK))


def card_mask(text: str) -> int:
    return mask_of_cards(parse_cards(text, POLISH_POKER_DECK))


@dataclass
class ScriptedDealer:
    """Deals `script[r]` in round r+1 (None = filler round); filler after the script runs out.

    It asserts that the state asks for exactly the hand sizes the script holds, so every scripted
    deal also checks the counts the state has kept. `calls` records what the state asked for.
    """

    script: Sequence[RoundScript | None]
    calls: list[tuple[tuple[str, ...], tuple[int, ...]]] = field(default_factory=list)

    def __call__(self, names: Sequence[str], counts: Sequence[int]) -> tuple[list[tuple[int, ...]], int]:
        round_index = len(self.calls)
        self.calls.append((tuple(names), tuple(counts)))
        spec = self.script[round_index] if round_index < len(self.script) else None
        if spec is None:
            hands: list[tuple[int, ...]] = []
            next_id = FILLER_FIRST_ID
            for count in counts:
                hands.append(tuple(range(next_id, next_id + count)))
                next_id += count
            assert next_id <= 24, "filler would need more than 21 cards"
            return hands, next_id
        by_name, community = spec
        assert set(by_name) == set(names), f"script deals to {sorted(by_name)}, state asks for {sorted(names)}"
        hands = [card_ids(by_name[name]) for name in names]
        for name, count, hand in zip(names, counts, hands, strict=True):
            assert len(hand) == count, f"{name} holds {count} cards in the state, the script deals {len(hand)}"
        (community_id,) = card_ids(community)
        return hands, community_id


def lose_round(state: PolishPokerState, target: int) -> None:
    """Play a filler round so that seat `target` loses it.

    Everyone before `target` declares HIGH:9, HIGH:T, ... in turn; `target` declares PAIR:9 (false:
    no nine is in play) and the next player calls, so `target`, the declarer, loses.
    """
    rank = 0
    while state.to_act != target:
        state.apply(rank)  # HIGH:9, HIGH:T, ... (ids 0..5)
        rank += 1
    state.apply(parse_declaration("PAIR:9"))
    state.apply(CALL)


def prepared_state(
    names: Sequence[str],
    counts: Mapping[str, int],
    starter: str,
    rounds: Sequence[RoundScript],
    *,
    start_cards: int = 1,
    options: PolishPokerOptions | None = None,
) -> tuple[PolishPokerState, ScriptedDealer]:
    """A state whose next round is `rounds[0]`, with `counts` and `starter` reached by scripted losses.

    Every extra card is one lost filler round (default `rotate` starter: one seat per round), so the
    first starter is chosen that many seats before `starter`.
    """
    losses = [seat for seat, name in enumerate(names) for _ in range(counts[name] - start_cards)]
    n = len(names)
    opts = options or PolishPokerOptions(start_cards=start_cards)
    assert opts.start_cards == start_cards
    dealer = ScriptedDealer([None] * len(losses) + list(rounds))
    first = (names.index(starter) - len(losses)) % n
    state = PolishPokerState(names, dealer, first_starter=first, options=opts)
    for seat in losses:
        lose_round(state, seat)
    assert state.round == len(losses) + 1
    assert state.players[state.starter] == starter
    assert {name: state.counts[seat] for seat, name in enumerate(names)} == dict(counts)
    return state, dealer


@dataclass(frozen=True)
class PPKit:
    """The helpers above, as one fixture (test modules are not a package, so no imports of conftest)."""

    ScriptedDealer: type[ScriptedDealer] = ScriptedDealer

    ids = staticmethod(card_ids)
    mask = staticmethod(card_mask)
    lose_round = staticmethod(lose_round)
    prepared = staticmethod(prepared_state)


@pytest.fixture
def pp() -> PPKit:
    return PPKit()


@pytest.fixture(autouse=True, scope="session")
def _browser_tests_poll_despite_the_pages_policy() -> Iterator[None]:
    """The served pages' Content-Security-Policy forbids `eval`, which Playwright's
    `wait_for_function` uses inside the page to poll its predicate: a browser page or context a test
    opens bypasses the policy unless the test asks for it (`bypass_csp=False`, as
    tests/wall/test_headers_browser.py does to check that the pages run under it)."""
    if importlib.util.find_spec("playwright") is None:
        yield
        return
    from playwright.sync_api import Browser

    originals = {name: getattr(Browser, name) for name in ("new_page", "new_context")}

    def bypassing(original: Callable[..., Any]) -> Callable[..., Any]:
        def opened(self: Browser, *args: Any, **options: Any) -> Any:
            options.setdefault("bypass_csp", True)
            return original(self, *args, **options)

        return opened

    for name, original in originals.items():
        setattr(Browser, name, bypassing(original))
    yield
    for name, original in originals.items():
        setattr(Browser, name, original)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless system Chromium for a module's browser tests (skipped without one, unless
    TOURNEY_REQUIRE_CHROMIUM=1, as CI sets, makes that a failure)."""
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(chromium).exists():
        if os.environ.get("TOURNEY_REQUIRE_CHROMIUM") == "1":
            pytest.fail(f"no Chromium at {chromium}")
        pytest.skip(f"no Chromium at {chromium}")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()
