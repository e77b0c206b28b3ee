"""`tourney rules ...`: the arbiter's questions (`tourney.app.operations.arbiter` answers them from the rules core)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli._common import TourneyGroup, print_json

if TYPE_CHECKING:
    from tourney.i18n import Translator

app = typer.Typer(cls=TourneyGroup, no_args_is_help=True, rich_markup_mode=None,
                  help="Ask the rules: does a declared hand exist? Which declarations are there?")


@app.command("check", short_help="Does DECLARATION exist among these cards?")
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
    from tourney.app.operations.arbiter import check_declaration

    found = check_declaration(declaration, cards)
    name, missing = found.declaration, found.deficit
    if json_output:
        print_json(found.to_json())
        return
    tr = _arbiters_translator()
    # The canonical declaration stays as typed in every language: the sentence around it is translated.
    if found.exists and missing:
        typer.echo(tr.gettext("%(declaration)s EXISTS: 1 card missing, filled by the joker", declaration=name))
    elif found.exists:
        typer.echo(tr.gettext("%(declaration)s EXISTS", declaration=name))
    elif found.joker:
        typer.echo(tr.ngettext("%(declaration)s does NOT exist: %(num)s card missing, the joker fills only one",
                               "%(declaration)s does NOT exist: %(num)s cards missing, the joker fills only one",
                               missing, declaration=name))
    else:
        typer.echo(tr.ngettext("%(declaration)s does NOT exist: %(num)s card missing",
                               "%(declaration)s does NOT exist: %(num)s cards missing", missing, declaration=name))


@app.command("declarations", short_help="All 89 declarations, weakest first.")
def declarations(
    json_output: Annotated[bool, typer.Option("--json", help="Print a JSON list of {declaration, level}.")] = False,
    suit_order: Annotated[str, typer.Option(
        help="'equal' (default: the suits of a flush share one level) or 'ranked' (clubs < diamonds < hearts < "
             "spades).")] = "equal",
) -> None:
    """List all 89 declarations, weakest first, with their strength level."""
    from tourney.app.operations.arbiter import declarations as ordered

    rows = ordered(suit_order)
    if json_output:
        print_json([{"declaration": row.declaration, "level": row.level} for row in rows])
        return
    from tourney.app.operations.declaration_words import reading_words

    tr = _arbiters_translator()
    for row in rows:
        spoken = tr.words(reading_words(row.declaration))
        typer.echo(f"{row.level:>3}  {row.declaration:<15} {spoken}")


@app.command("showdown", short_help="Rank a Chlust showdown and name the winner.")
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
    from tourney.app.operations.arbiter import showdown as judge

    report = judge(game, hands, upcard, option or [])
    if json_output:
        print_json(report.to_json())
        return
    tr = _arbiters_translator()
    for line in report.worded_lines():
        typer.echo(tr.words(line))


@app.command("settle", short_help="Settle a played Lou deal: chips and next pot.")
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
    from tourney.app.operations.arbiter import settle as settle_deal

    result = settle_deal(game, pot, tricks, payout)
    if json_output:
        print_json(result.to_json())
        return
    tr = _arbiters_translator()
    for name, change in result.chips.items():
        won, signed = result.tricks[name], f"{change:+d}"
        if name in result.looed:
            typer.echo(tr.gettext("%(player)s: %(change)s (looed: matches the pot)", player=name, change=signed))
        else:
            typer.echo(tr.ngettext("%(player)s: %(change)s (%(num)s trick)", "%(player)s: %(change)s (%(num)s tricks)",
                                   won, player=name, change=signed))
    end = tr.gettext("the game goes on") if not result.game_over else tr.gettext("no loo: the game ends")
    if result.kept:
        typer.echo(tr.gettext("next pot: %(pot)s, of which %(kept)s stays from this pot (%(end)s)",
                              pot=result.next_pot, kept=result.kept, end=end))
    else:
        typer.echo(tr.gettext("next pot: %(pot)s (%(end)s)", pot=result.next_pot, end=end))


def _arbiters_translator() -> Translator:
    """The arbiter's commands read no event: TOURNEY_LANG, else the system locale, else English."""
    from tourney.cli._live import eventless_translator

    return eventless_translator()
