"""`tourney play GAME ...`: one game of any registered game between bots, from a seed;
`tourney games`: the games tourney knows."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tourney.cli._common import print_json
from tourney.cli._live import eventless_translator
from tourney.cli._numbers import parse_seed
from tourney.errors import worded_p

BOTS_HELP = ("Comma-separated bot per seat (`tourney games` lists each game's bots, e.g. 'random'); the last one "
             "fills the remaining seats.")


def play(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The game (name or alias; see `tourney games`).")],
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")] = 4,
    seed: Annotated[int, typer.Option(
        "--seed", "-s", parser=parse_seed, metavar="SEED", help="Random seed: the same seed plays the same game.")] = 1,
    bots: Annotated[str, typer.Option(help=BOTS_HELP)] = "random",
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", metavar="NAME=VALUE", help="A rule option of the game (repeatable; see `tourney games`).")]
        = None,
    until: Annotated[int | None, typer.Option(
        help="Polish Poker: stop when this many players remain (same as --option until=N).")] = None,
    start_cards: Annotated[int | None, typer.Option(
        help="Polish Poker: cards each player starts with (same as --option start_cards=N).")] = None,
    suit_order: Annotated[str | None, typer.Option(
        help="Polish Poker: 'equal' or 'ranked' suits (same as --option suit_order=...).")] = None,
    next_starter: Annotated[str | None, typer.Option(
        help="Polish Poker: who starts the next round: rotate, loser or caller.")] = None,
    record: Annotated[Path | None, typer.Option(help="Write the game record (JSON Lines) to this file.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the standings.")] = False,
) -> None:
    """Play one seeded game between bots; print the game and the standings."""
    from tourney.app.operations.games import play_game

    legacy = {"until": until, "start_cards": start_cards, "suit_order": suit_order, "next_starter": next_starter}
    played = play_game(game, players=players, seed=seed, bots=bots, options=option or [], named_options=legacy,
                       record=record)
    for line in played.summary_lines():
        if not quiet or not line.startswith(("round", "    ")):
            typer.echo(line)


def games(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """List the games tourney knows: names, aliases, seats, largest live table, how live tables
    report, each game's bots and rule options."""
    from tourney.app.operations.games import list_games

    found = list_games()
    if as_json:
        print_json([info.to_json() for info in found])
        return
    tr = eventless_translator()
    for info in found:
        game = info.descriptor
        low, high = game.seats
        line = tr.gettext("%(name)s  %(title)s: %(low)s-%(high)s players, live tables of up to %(most)s report "
                          "%(report)s", name=game.name, title=tr.gettext(game.title), low=low, high=high,
                          most=game.max_table, report=tr.words(_REPORTS[game.live_result]))
        if not game.playable:
            line += tr.gettext("  (live events only: no rules engine yet)")
        typer.echo(line)
        typer.echo(tr.gettext("    formats: %(formats)s", formats=", ".join(info.formats)))
        if game.aliases:
            typer.echo(tr.gettext("    aliases: %(aliases)s", aliases=", ".join(game.aliases)))
        if game.playable:
            typer.echo(tr.gettext("    bots: %(bots)s", bots=", ".join(kind for kind, _help in info.bots)))
        for spec in game.options:
            choices = f" [{'|'.join(spec.choices)}]" if spec.choices else ""
            # The option's help is the game's data: the catalog has tourney's own (`dynamic_messages`).
            typer.echo(f"    --option {spec.name}={spec.default}{choices}  {tr.gettext(spec.help)} ({spec.section})")


# How a live table of the game reports (`GameDescriptor.live_result`), in the catalog's words.
_REPORTS = {"rounds": worded_p("how a live table reports", "rounds"),
            "chips": worded_p("how a live table reports", "chips")}
