"""The shared trick core (RULES §0.4) against the RULES §5 examples that exercise each policy."""

from __future__ import annotations

import pytest

from tourney.rules.cards import LOU_DECK
from tourney.rules.tricks import (
    CARD_TEXT,
    FOLLOW_HEAD,
    FOLLOW_ONLY,
    FOLLOW_TRUMP,
    ID_OF_TEXT,
    SUITS,
    is_face_down,
    legal_plays,
    parse_ids,
    trick_winner,
    why_illegal,
)

S, H, D, C = range(4)


def ids(text: str) -> list[int]:
    return [ID_OF_TEXT[token] for token in text.split()]


def legal(hand: str, trick: str, trump: int, policy: int) -> set[str]:
    return {CARD_TEXT[c] for c in legal_plays(ids(hand), ids(trick), trump, policy)}


def play_tricks(hands: dict[str, str], rows: list[tuple[str, str]], trump: int, policy: int) -> list[str]:
    """Play `rows` of (leader, 'P CARD, P CARD ...'), checking every card is legal; the winners."""
    held = {name: ids(hand) for name, hand in hands.items()}
    winners = []
    for leader, plays in rows:
        trick: list[int] = []
        order: list[str] = []
        for item in plays.split(", "):
            name, text = item.split()
            card = ID_OF_TEXT[text]
            assert why_illegal(card, held[name], trick, trump, policy) is None, (name, text)
            held[name].remove(card)
            trick.append(card)
            order.append(name)
        assert order[0] == leader
        winners.append(order[trick_winner(trick, trump)])
    return winners


def test_card_ids_order_ranks_within_a_suit() -> None:
    assert CARD_TEXT[ID_OF_TEXT["AS"]] == "AS" and SUITS == "SHDC"
    assert ID_OF_TEXT["AS"] > ID_OF_TEXT["KS"] > ID_OF_TEXT["TS"] > ID_OF_TEXT["2S"]
    assert sorted(parse_ids("10h, a♠", LOU_DECK)) == sorted(ids("TH AS"))
    assert len(set(CARD_TEXT)) == 52


def test_winner_is_highest_trump_else_highest_of_led_suit() -> None:
    assert trick_winner(ids("5H KH AD"), S) == 1            # led suit wins, off-suit ace does not
    assert trick_winner(ids("5H KH 2S"), S) == 2            # any trump beats the led suit
    assert trick_winner(ids("5H 2S 9S KH"), S) == 2         # the higher trump
    assert trick_winner(ids("5S AH 9S"), S) == 2            # a trump lead: highest trump
    assert trick_winner(ids("5H AD KC"), S) == 0            # nobody followed: the lead wins


def test_face_down_cards_never_win() -> None:
    trick = ids("9C AS 7D")
    assert trick_winner(trick, S) == 1
    assert trick_winner(trick, S, [False, True, False]) == 0
    assert is_face_down(ID_OF_TEXT["7D"], ids("9C"), S) and not is_face_down(ID_OF_TEXT["7S"], ids("9C"), S)
    assert not is_face_down(ID_OF_TEXT["7D"], [], S)


def test_lo9_follow_only_makes_trumping_optional() -> None:
    # LO-9: trump S; B leads 5H. C[KD 2S] may play either; D[AH 3S] must play AH; 2S then 9S: E wins.
    assert legal("KD 2S", "5H", S, FOLLOW_ONLY) == {"KD", "2S"}
    assert legal("AH 3S", "5H", S, FOLLOW_ONLY) == {"AH"}
    assert trick_winner(ids("5H 2S AH 9S"), S) == 3
    message = why_illegal(ID_OF_TEXT["3S"], ids("AH 3S"), ids("5H"), S, FOLLOW_ONLY)
    assert message is not None and "follow suit" in message and "§0.4" in message


def test_kh9_follow_trump() -> None:
    # KH-9: trump S; lead 9C. X[KH 7S AD] must trump; Y[QH AD] may play anything; [8C 7S] must follow.
    assert legal("KH 7S AD", "9C", S, FOLLOW_TRUMP) == {"7S"}
    assert legal("QH AD", "9C", S, FOLLOW_TRUMP) == {"QH", "AD"}
    assert legal("8C 7S", "9C", S, FOLLOW_TRUMP) == {"8C"}
    # No duty to beat the table: a low club under a high one, a low trump under a high trump.
    assert legal("2C AC", "KC", S, FOLLOW_TRUMP) == {"2C", "AC"}
    assert legal("2S AH", "KC AS", S, FOLLOW_TRUMP) == {"2S"}
    message = why_illegal(ID_OF_TEXT["KH"], ids("KH 7S AD"), ids("9C"), S, FOLLOW_TRUMP)
    assert message is not None and "trump" in message


def test_kh3_and_kh10_trick_tables_follow_trump() -> None:
    # KH-3: trump C.
    winners = play_tricks({"Z": "7S 9S JS", "P": "8D TD KD", "D": "AS AH QC"},
                          [("P", "P KD, D QC, Z 7S"), ("D", "D AS, Z JS, P 8D"), ("D", "D AH, Z 9S, P TD")],
                          C, FOLLOW_TRUMP)
    assert winners == ["D", "D", "D"]
    assert legal("AS AH QC", "KD", C, FOLLOW_TRUMP) == {"QC"}  # D's forced trump
    # KH-10 (36 cards, trump H).
    winners = play_tricks({"N": "AS 6S KD", "Dl": "QS 7H AD"},
                          [("N", "N AS, Dl QS"), ("N", "N KD, Dl AD"), ("Dl", "Dl 7H, N 6S")], H, FOLLOW_TRUMP)
    assert winners == ["N", "Dl", "Dl"]


def test_ch7_must_head_the_dealer_leads() -> None:
    # CH-7: trump H. D[AS QD JC], L[KS TD AC], R[QS AD TH].
    hands = {"D": "AS QD JC", "L": "KS TD AC", "R": "QS AD TH"}
    rows = [("D", "D AS, L KS, R QS"), ("D", "D QD, L TD, R AD"), ("R", "R TH, D JC, L AC")]
    assert play_tricks(hands, rows, H, FOLLOW_HEAD) == ["D", "R", "R"]
    # L may not play AC to the spade lead; R must head QD with AD.
    assert why_illegal(ID_OF_TEXT["AC"], ids("KS TD AC"), ids("AS"), H, FOLLOW_HEAD) is not None
    assert legal("AD TH", "QD TD", H, FOLLOW_HEAD) == {"AD"}


def test_ch8_must_head_on_each_trick() -> None:
    # CH-8: trump S.
    hands = {"D": "AH KC JD", "L": "QH AC KD", "R": "JH QC AD"}
    rows = [("D", "D AH, L QH, R JH"), ("D", "D KC, L AC, R QC"), ("L", "L KD, R AD, D JD")]
    assert play_tricks(hands, rows, S, FOLLOW_HEAD) == ["D", "L", "R"]
    assert legal("AC KD", "KC", S, FOLLOW_HEAD) == {"AC"}


def test_ch11_ten_of_clubs_is_an_ordinary_card_in_tricks() -> None:
    # CH-11: trump D; lead KC; [TC AH] must follow with TC, which cannot head KC; KC wins.
    assert legal("TC AH", "KC", D, FOLLOW_HEAD) == {"TC"}
    assert trick_winner(ids("KC TC"), D) == 0


def test_follow_head_void_must_trump_and_overtrump() -> None:
    assert legal("2S 9S 4C", "5H", S, FOLLOW_HEAD) == {"2S", "9S"}      # void: trump
    assert legal("2S 9S 4C", "5H 8S", S, FOLLOW_HEAD) == {"9S"}         # overtrump 8S
    assert legal("2S 4C", "5H 8S", S, FOLLOW_HEAD) == {"2S"}            # cannot overtrump: still a trump
    assert legal("4C 7D", "5H 8S", S, FOLLOW_HEAD) == {"4C", "7D"}      # neither: anything
    assert legal("2H KH", "5H 8S", S, FOLLOW_HEAD) == {"2H", "KH"}      # trumped: any card of the led suit
    assert legal("2S KS", "5S", S, FOLLOW_HEAD) == {"KS"}               # a trump lead is headed too
    message = why_illegal(ID_OF_TEXT["2S"], ids("2S 9S"), ids("5H 8S"), S, FOLLOW_HEAD)
    assert message is not None and "overtrump" in message
    message = why_illegal(ID_OF_TEXT["2H"], ids("2H KH"), ids("5H"), S, FOLLOW_HEAD)
    assert message is not None and "head" in message


@pytest.mark.parametrize("policy", [FOLLOW_ONLY, FOLLOW_TRUMP, FOLLOW_HEAD])
def test_a_lead_may_be_any_card_and_a_card_not_held_is_refused(policy: int) -> None:
    assert legal("2S 9H KD", "", C, policy) == {"2S", "9H", "KD"}
    message = why_illegal(ID_OF_TEXT["AC"], ids("2S 9H KD"), [], C, policy)
    assert message is not None and "not in the hand" in message


@pytest.mark.parametrize("policy", [FOLLOW_ONLY, FOLLOW_TRUMP, FOLLOW_HEAD])
def test_policies_nest(policy: int) -> None:
    """Every HEAD play is a TRUMP play, every TRUMP play an ONLY play; all are non-empty subsets."""
    import random

    rng = random.Random(policy)
    for _ in range(300):
        cards = rng.sample(range(52), 7)
        hand, trick, trump = cards[:3], cards[3:3 + rng.randrange(5)], rng.randrange(4)
        plays = set(legal_plays(hand, trick, trump, policy))
        assert plays and plays <= set(hand)
        if policy != FOLLOW_ONLY:
            weaker = FOLLOW_ONLY if policy == FOLLOW_TRUMP else FOLLOW_TRUMP
            assert plays <= set(legal_plays(hand, trick, trump, weaker))
