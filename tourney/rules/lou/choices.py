"""The players' choices in a Lou deal, as functions of the table: IN or OUT in secret, revealed
together once all have chosen (§4.5: nobody in is a misdeal, a lone player takes the pot or plays
against the dummy), then the draws of 0-3 cards in turn (§4.6), then the tricks (play.py)."""

from __future__ import annotations

from tourney.rules.lou.actions import IN
from tourney.rules.lou.phases import DEAL_GOES_ON, DRAW
from tourney.rules.lou.play import start_play
from tourney.rules.lou.settlement import settle_without_play
from tourney.rules.lou.table import LouTable
from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.deal import draw


def declare(table: LouTable, seat: int, choice: int) -> int:
    """The seat chooses IN or OUT; after the last choice they are revealed, and a deal with nobody
    in or a lone player taking the pot is settled (DEAL_OVER or GAME_OVER), else DEAL_GOES_ON."""
    table.choices[seat] = choice
    table.turn += 1
    if table.turn < len(table.order):
        table.to_act = table.order[table.turn]
        return DEAL_GOES_ON
    # Everyone has chosen: the choices are revealed together (§4.5).
    for s in table.dealt:
        table.event_log.append({"event": "in" if table.choices[s] == IN else "out", "deal": table.deal_no,
                                "player": table.players[s]})
    table.ins = [s for s in table.dealt if table.choices[s] == IN]
    if not table.ins:
        return settle_without_play(table, "misdeal", {})
    if len(table.ins) == 1 and table.options.lone_player == "takes_pot":
        lone = table.ins[0]
        won = table.pot
        table.match.receive(lone, won)
        table.pot = 0
        return settle_without_play(table, "lone", {table.players[lone]: won})
    if len(table.ins) == 1:
        table.dummy = table.stock[:3]
        table.has_dummy = True
        table.stock_pos = 3
        table.event_log.append({"event": "dummy", "deal": table.deal_no,
                                "hand": [CARD_TEXT[c] for c in table.dummy]})
    table.phase = DRAW
    table.order = table.ins
    table.turn = 0
    table.to_act = table.ins[0]
    return DEAL_GOES_ON


def discard_and_draw(table: LouTable, seat: int, cards: tuple[int, ...]) -> None:
    """The seat discards `cards` and draws as many from the stock; after the last draw the tricks
    begin."""
    table.hands[seat], drawn = draw(table.hands[seat], cards, table.stock, table.stock_pos)
    table.stock_pos += len(cards)
    table.discards[seat] = list(cards)
    table.draws += ((seat, len(cards)),)
    table.event_log.append({"event": "draw", "deal": table.deal_no, "player": table.players[seat],
                            "discards": [CARD_TEXT[c] for c in cards], "cards": [CARD_TEXT[c] for c in drawn]})
    table.turn += 1
    if table.turn < len(table.order):
        table.to_act = table.order[table.turn]
        return
    start_play(table)
