"""The floor: the phones' reports and their tokens, the director's floor page, the printed sheets
and their links, and the TV wall's screens."""
