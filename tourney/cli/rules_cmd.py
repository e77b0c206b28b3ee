"""`tourney rules ...`: the arbiter's questions, answered from the rules core."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli._common import TourneyGroup, print_json

if TYPE_CHECKING:
    from tourney.rules.chlust.arbiter import ShowdownReport
    from tourney.rules.khlyust.arbiter import KhlyustShowdown

app = typer.Typer(cls=TourneyGroup, no_args_is_help=True, rich_markup_mode=None,
                  help="Ask the rules: does a declared hand exist? Which declarations are there?")


@app.command("check")
def check(
    declaration: Annotated[str, typer.Argument(
        metavar="DECLARATION",
        help="The declaration: canonical ('FULL:9/T', 'TWOPAIR:J/9') or spoken ('full house, 9s over 10s').")],
    cards: Annotated[str, typer.Option(
        "--cards", "-c",
        help="Every revealed card (all hands plus the community card) as one list, e.g. '9S TS JK QH'.")],
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a sentence.")] = False,
) -> None:
    """Does DECLARATION exist among these cards? (Polish Poker, RULES §1.8; the joker fills one gap.)"""
    from tourney.errors import InvalidCardError
    from tourney.rules.cards import POLISH_POKER_DECK, parse_cards
    from tourney.rules.polish_poker import CANONICAL, deficit, mask_of_cards, parse_declaration

    index = parse_declaration(declaration)
    in_play = parse_cards(cards, POLISH_POKER_DECK)
    if not in_play:
        raise InvalidCardError("no cards given: list every revealed card with --cards")
    mask = mask_of_cards(in_play)
    missing = deficit(index, mask)
    joker = any(card.is_joker for card in in_play)
    exists = missing <= (1 if joker else 0)
    name = CANONICAL[index]
    if json_output:
        print_json({"declaration": name, "exists": exists, "deficit": missing})
        return
    if exists and missing:
        typer.echo(f"{name} EXISTS: 1 card missing, filled by the joker")
    elif exists:
        typer.echo(f"{name} EXISTS")
    else:
        gap = f"{missing} card{'s' if missing != 1 else ''} missing"
        typer.echo(f"{name} does NOT exist: {gap}{', the joker fills only one' if joker else ''}")


@app.command("declarations")
def declarations(
    json_output: Annotated[bool, typer.Option("--json", help="Print a JSON list of {declaration, level}.")] = False,
    suit_order: Annotated[str, typer.Option(
        help="'equal' (default: the suits of a flush share one level) or 'ranked' (clubs < diamonds < hearts < "
             "spades).")] = "equal",
) -> None:
    """List all 89 declarations, weakest first, with their strength level."""
    from tourney.errors import InvalidInputError
    from tourney.rules.polish_poker import DECLARATIONS

    if suit_order not in ("equal", "ranked"):
        raise InvalidInputError(f"--suit-order must be 'equal' or 'ranked', not {suit_order!r}")
    ranked = suit_order == "ranked"
    ordered = sorted(DECLARATIONS, key=lambda d: (d.ranked_level if ranked else d.level, d.index))
    rows = [(str(d), d.ranked_level if ranked else d.level, d.spoken()) for d in ordered]
    if json_output:
        print_json([{"declaration": name, "level": level} for name, level, _ in rows])
        return
    for name, level, spoken in rows:
        typer.echo(f"{level:>3}  {name:<15} {spoken}")


@app.command("showdown")
def showdown(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The game: chlust or khlyust (or an alias).")],
    hands: Annotated[list[str], typer.Argument(
        metavar="HAND...", help="Each hand as one argument ('AH KH TC'), in seat order from the dealer's left.")],
    upcard: Annotated[str, typer.Option("--upcard", "-u", help="The trump upcard, e.g. KD.")],
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="A rule option NAME=VALUE (Chlust: with_nines, spade_ten_rule, tiebreak_order; "
             "Хлюст: instant_khlyust, three_aces).")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of lines.")] = False,
) -> None:
    """Rank the hands of a Chlust showdown and name the winner (RULES §2.6, §2.8); for Хлюст, name
    Листы and Хлюст in each hand and who takes the kassa before play (RULES §3.5, §3.6)."""
    from tourney.errors import InvalidInputError
    from tourney.rules.games import find_game, parse_option_assignments, resolve_options

    descriptor = find_game(game)
    if descriptor.name not in ("chlust", "khlyust"):
        raise InvalidInputError(f"showdown judges Chlust and Хлюст hands, not {descriptor.title}")
    options = resolve_options(descriptor, parse_option_assignments(descriptor, option or []))
    report: ShowdownReport | KhlyustShowdown
    if descriptor.name == "khlyust":
        from tourney.rules.khlyust.arbiter import judge as judge_khlyust

        report = judge_khlyust(upcard, hands, options)
    else:
        from tourney.rules.chlust.arbiter import judge

        report = judge(upcard, hands, options)
    if json_output:
        print_json(report.to_json())
        return
    for line in report.lines():
        typer.echo(line)


@app.command("settle")
def settle(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The game: lou (or an alias).")],
    pot: Annotated[str, typer.Option("--pot", "-p", help="The pot P at the start of the deal, in chips.")],
    tricks: Annotated[str, typer.Option(
        "--tricks", "-t", help="The tricks of each player who was in, e.g. A=2,B=1,C=0 (3 in all).")],
    payout: Annotated[str, typer.Option(help="per_trick (a third of the pot a trick) or majority (§4.8).")]
        = "per_trick",
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of lines.")] = False,
) -> None:
    """Settle a played Lou deal: each player's chips and the next pot (RULES §4.8, §0.3)."""
    from tourney.cli._numbers import whole_number
    from tourney.errors import InvalidInputError
    from tourney.rules.games import find_game
    from tourney.rules.lou import LOU, parse_tricks
    from tourney.rules.lou import settle as settle_deal

    descriptor = find_game(game)
    if descriptor is not LOU:
        raise InvalidInputError(f"settle settles Lou deals, not {descriptor.title}")
    payout = str(descriptor.option("payout").parse(payout))
    size = whole_number(pot, what="--pot")
    counts = parse_tricks(tricks)
    result = settle_deal(size, counts, payout)
    chips = {name: result.receipts.get(name, 0) - result.owed.get(name, 0) for name in counts}
    if json_output:
        print_json({"chips": chips, "next_pot": result.next_pot()})
        return
    for name, change in chips.items():
        won = counts[name]
        why = "looed: matches the pot" if name in result.owed else f"{won} trick{'s' if won != 1 else ''}"
        typer.echo(f"{name}: {change:+d} ({why})")
    kept = f", of which {result.kept} stays from this pot" if result.kept else ""
    end = "the game goes on" if not result.game_over else "no loo: the game ends"
    typer.echo(f"next pot: {result.next_pot()}{kept} ({end})")
