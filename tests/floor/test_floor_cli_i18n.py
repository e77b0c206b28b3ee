"""The floor's commands at the desk in Polish and Russian (issue 29): `tourney pending`, `accept`,
`reject` and `revoke` say the reports, their phones, disputes and notes in the command's language;
`--json` stays as it is."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest
from floor_support import seated_event, sqlite_url
from i18n_support import english_in
from typer.testing import CliRunner

from tourney.app.floor import reports
from tourney.app.floor.floor_read import open_floor, read_floor
from tourney.app.floor.reports import TableReport, progress_mark
from tourney.cli import app

runner = CliRunner()
NO_LOCALE = {"TOURNEY_LANG": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": "C.UTF-8"}


def tourney(*args: str, env: Mapping[str, str | None]) -> str:
    result = runner.invoke(app, list(args), env=dict(env))
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture
def disputed(tmp_path: Path) -> str:
    """Two phones disagree about table 1's first round."""
    url = sqlite_url(tmp_path)
    seated_event(url)
    floor = open_floor(db=url)
    table = floor.state.tables[0]
    for key, loser in (("a", table.seats[0]), ("b", table.seats[1])):
        reports.submit(TableReport(1, floor.table_link(1), "result", [loser], progress_mark(table), key, "phone"),
                       db=url)
    return url


@pytest.mark.parametrize(("lang", "words"), [
    ("pl", ("czekają na zatwierdzenie przez sędziego", "2 czekają (accept N / reject N):", "PODWAŻA zgłoszenie 2",
            "telefon 1 przy stole 1", "Wpisano zgłoszenie 2 jako zdarzenie", "Odrzucono zgłoszenie 1 (",
            "Link stołu 1 został wymieniony")),
    ("ru", ("ждут одобрения судьи", "2 ждут (accept N / reject N):", "ОСПАРИВАЕТ сообщение 2",
            "телефон 1 за столом 1", "Сообщение 2 внесено как событие", "Отклонено сообщение 1 (",
            "Ссылка стола 1 заменена")),
])
def test_the_reports_are_settled_in_the_commands_language(disputed: str, lang: str, words: tuple[str, ...]) -> None:
    env = {**NO_LOCALE, "TOURNEY_LANG": lang}
    outputs = [tourney("pending", "--db", disputed, env=env), tourney("accept", "2", "--db", disputed, env=env),
               tourney("pending", "--db", disputed, env=env), tourney("revoke", "1", "--db", disputed, env=env),
               tourney("revoke", "director", "--db", disputed, env=env)]
    text = "\n".join(outputs)
    for word in words:
        assert word in text, (word, text)
    names = read_floor(disputed, None).state.players
    plain = text
    for player in names:
        plain = plain.replace(player.name, " ")
    assert not english_in(plain.replace("`tourney serve --lan --keep-token`", " "), lang), text


def test_english_and_json_stay_as_they_were(disputed: str) -> None:
    env = {**NO_LOCALE, "TOURNEY_LANG": "en"}
    listed = tourney("pending", "--db", disputed, env=env)
    assert "Reports from the tables are kept for the director's approval." in listed
    assert "2 waiting (accept N / reject N):" in listed and "(phone 1 at table 1)  DISPUTES report 2" in listed
    data = {lang: tourney("pending", "--json", "--db", disputed, env={**NO_LOCALE, "TOURNEY_LANG": lang})
            for lang in ("en", "pl", "ru")}
    assert len(set(data.values())) == 1 and json.loads(data["en"])["pending"][0]["device_label"] == "phone 1 at table 1"
