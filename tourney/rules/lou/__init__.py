"""Lou, three-card loo played guts style (RULES §4). Registered for live events, whose tables report
final chip counts; the rules engine is built by the Chlust/Lou issue. Lou seats up to 8 (§4.2)."""

from tourney.rules.games import GameDescriptor, register_game

LOU = register_game(GameDescriptor(
    name="lou", title="Lou", aliases=("loo", "three-card-loo", "online-poker"), seats=(2, 8), max_table=8,
    live_result="chips", rules_section="§4"))
