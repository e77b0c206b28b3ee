"""The order of an `act` message's `legal` list, as the bot authors' page states it (issue 31 item 6):
Polish Poker and Chlust by ascending action id; Lou and Хлюст their card plays in the order of the
hand in the seat's view, every other decision by ascending action id."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tourney.engine.match import seat_names
from tourney.rules.games import find_game, resolve_options

DOCS = Path(__file__).resolve().parents[2] / "docs" / "bots.md"


@pytest.mark.parametrize("name", ["polish-poker", "chlust", "lou", "khlyust"])
def test_legal_is_listed_in_the_documented_order(name: str) -> None:
    game = find_game(name)
    assert game.new_state is not None
    checked = plays = 0
    for players in (2, 3, 4):
        for seed in range(6):
            state = game.new_state(seat_names(game, players), random.Random(seed), resolve_options(game), seed)
            rng = random.Random(seed)
            for _ in range(600):
                if state.terminal:
                    break
                legal = state.legal_actions()
                texts = [game.action_text(a) for a in legal]
                if name in ("lou", "khlyust") and texts and all(t.startswith("PLAY:") for t in texts):
                    hand = state.view(state.table.to_act).to_json()["hand"]
                    assert [hand.index(t.removeprefix("PLAY:")) for t in texts] == sorted(
                        hand.index(t.removeprefix("PLAY:")) for t in texts)
                    plays += 1
                else:
                    assert legal == sorted(legal), texts
                checked += 1
                state.apply(rng.choice(legal))
    assert checked > 100 and (plays > 20 or name in ("polish-poker", "chlust"))


def test_the_bot_authors_page_states_the_order() -> None:
    text = " ".join(DOCS.read_text(encoding="utf-8").split())
    assert "`legal` lists each legal action once: in Polish Poker and Chlust by ascending action id" in text
