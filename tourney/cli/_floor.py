"""`tourney serve --lan`: the floor's links printed for the director, with a QR code to open the
director's page from a phone (issue 18). The links hold tokens: they go to this terminal only."""

from __future__ import annotations

import socket

import typer

from tourney.i18n import ENGLISH, Translator


def lan_address() -> str:
    """This computer's address on the venue's network (the interface a packet out would take; no
    packet is sent), or loopback when there is no network."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routing only, nothing is sent
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def announce(base: str, director_token: str, tr: Translator = ENGLISH) -> None:
    """Print the director's link and its QR code; the tables' links are on the director's page."""
    import io

    import segno

    link = f"{base}/director/{director_token}"
    typer.echo(tr.gettext("Director's page (keep it to yourself; `tourney revoke director` replaces it): %(link)s",
                          link=link))
    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True)
    typer.echo(out.getvalue().rstrip("\n"))
    look_up = f"{base}/find"
    typer.echo(tr.gettext("Players look themselves up at %(link)s; each table's link and QR code are on the "
                          "director's page.", link=look_up))
