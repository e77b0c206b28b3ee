"""The players' choices in a Lou deal, as functions of the state: IN or OUT in secret, revealed
together once all have chosen (§4.5: nobody in is a misdeal, a lone player takes the pot or plays
against the dummy), then the draws of 0-3 cards in turn (§4.6), then the tricks (play.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.rules.lou.actions import IN
from tourney.rules.lou.phases import DEAL_GOES_ON, DRAW
from tourney.rules.lou.play import start_play
from tourney.rules.lou.settlement import settle_without_play
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.deal import draw

if TYPE_CHECKING:
    from tourney.rules.lou.state import LouState


def declare(state: LouState, seat: int, choice: int) -> int:
    """The seat chooses IN or OUT; after the last choice they are revealed, and a deal with nobody
    in or a lone player taking the pot is settled (DEAL_OVER or GAME_OVER), else DEAL_GOES_ON."""
    state.choices[seat] = choice
    state.turn += 1
    if state.turn < len(state.order):
        state.to_act = state.order[state.turn]
        return DEAL_GOES_ON
    # Everyone has chosen: the choices are revealed together (§4.5).
    for s in state.dealt:
        state.event_log.append({"event": "in" if state.choices[s] == IN else "out", "deal": state.deal_no,
                                "player": state.players[s]})
    state.ins = [s for s in state.dealt if state.choices[s] == IN]
    if not state.ins:
        return settle_without_play(state, "misdeal", {})
    if len(state.ins) == 1 and state.options.lone_player == "takes_pot":
        lone = state.ins[0]
        won = state.pot
        state.match.receive(lone, won)
        state.pot = 0
        return settle_without_play(state, "lone", {state.players[lone]: won})
    if len(state.ins) == 1:
        state.dummy = state.stock[:3]
        state.has_dummy = True
        state.stock_pos = 3
        state.event_log.append({"event": "dummy", "deal": state.deal_no,
                                "hand": [CARD_TEXT[c] for c in state.dummy]})
    state.phase = DRAW
    state.order = state.ins
    state.turn = 0
    state.to_act = state.ins[0]
    return DEAL_GOES_ON


def discard_and_draw(state: LouState, seat: int, cards: tuple[int, ...]) -> None:
    """The seat discards `cards` and draws as many from the stock; after the last draw the tricks
    begin."""
    state.hands[seat], drawn = draw(state.hands[seat], cards, state.stock, state.stock_pos)
    state.stock_pos += len(cards)
    state.discards[seat] = list(cards)
    state.draws += ((seat, len(cards)),)
    state.event_log.append({"event": "draw", "deal": state.deal_no, "player": state.players[seat],
                            "discards": [CARD_TEXT[c] for c in cards], "cards": [CARD_TEXT[c] for c in drawn]})
    state.turn += 1
    if state.turn < len(state.order):
        state.to_act = state.order[state.turn]
        return
    start_play(state)
