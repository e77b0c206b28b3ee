"""The one gate: every route of the web app that accepts anything but GET and HEAD is a
`GatedRoute` (rate, origin, form, token, CSRF), and a route made that way is guarded by that
alone. A bare POST route, a route that takes any method and a mount are each caught."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from floor_support import dump, hidden, request, seated_event, sqlite_url
from serve_support import serving_app
from starlette.applications import Starlette
from starlette.endpoints import HTTPEndpoint
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import BaseRoute, Mount, Route

from tourney.app.floor.floor_read import open_floor, read_floor
from tourney.app.store.database import open_db
from tourney.web.app import build_app
from tourney.web.gate import Gate, GatedRoute, Posted, Scope
from tourney.web.site import Site

READ_ONLY = {"GET", "HEAD"}
FLOOR_CHANGES = {"/table/{table}/{token}": Scope.TABLE, "/director/{token}/reports/{report}": Scope.DIRECTOR,
                 "/director/{token}/advance": Scope.DIRECTOR, "/director/{token}/undo/{event}": Scope.DIRECTOR,
                 "/director/{token}/pin": Scope.DIRECTOR, "/director/{token}/mode": Scope.DIRECTOR,
                 "/table/{table}/{token}/withdraw/{report}": Scope.TABLE,
                 "/director/{token}/log/undo/{event}": Scope.DIRECTOR,
                 "/director/{token}/results/entry": Scope.DIRECTOR,
                 "/director/{token}/log/correct/{event}": Scope.DIRECTOR,
                 **{f"/director/{{token}}/players/{change}": Scope.DIRECTOR
                    for change in ("add", "rename", "drop", "upload", "import", "bye", "rejoin", "avoid")},
                 **{f"/director/{{token}}/stage/{change}": Scope.DIRECTOR for change in ("draw", "advance")},
                 "/console/{token}/new": Scope.CONSOLE, "/console/{token}/choose/{event}": Scope.CONSOLE}


def ungated(routes: list[BaseRoute]) -> list[str]:
    """The routes that could change something without passing the gate: a route of any method but
    GET and HEAD (or of every method: an `HTTPEndpoint` class) that is not a `GatedRoute`, and any
    route the check cannot look into (a mount, a host, a web socket)."""
    found = []
    for route in routes:
        if isinstance(route, GatedRoute) and route.methods == {"POST"}:
            continue
        if type(route) is Route and route.methods is not None and route.methods <= READ_ONLY:
            continue
        methods = sorted(getattr(route, "methods", None) or ["any method"])
        found.append(f"{getattr(route, 'path', type(route).__name__)} {', '.join(methods)}")
    return found


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = sqlite_url(tmp_path_factory.mktemp("gate"))
    seated_event(url)
    open_floor(db=url)
    return url


@pytest.fixture
def floor_app(url: str) -> Iterator[Starlette]:
    with open_db(url, read_only=True) as reader:
        yield build_app(reader, None, floor=True, db=url)


def test_every_change_of_the_app_passes_the_gate(url: str, floor_app: Starlette) -> None:
    assert ungated(floor_app.routes) == []
    gated = {r.path: r.token_scope for r in floor_app.routes if isinstance(r, GatedRoute)}
    assert gated == FLOOR_CHANGES
    with open_db(url, read_only=True) as reader:
        wall_only = build_app(reader, None).routes
    assert ungated(wall_only) == [] and not any(isinstance(r, GatedRoute) for r in wall_only)


async def _changes_anything(_request: Request) -> Response:
    return PlainTextResponse("changed")


class _AnyMethod(HTTPEndpoint):
    async def post(self, _request: Request) -> Response:
        return PlainTextResponse("changed")


def test_a_route_that_changes_state_without_the_gate_is_caught(floor_app: Starlette) -> None:
    floor_app.router.routes.append(Route("/director/{token}/drop", _changes_anything, methods=["POST"]))
    assert ungated(floor_app.routes) == ["/director/{token}/drop POST"]
    floor_app.router.routes[-1] = Route("/table/{table}/{token}/chips", _changes_anything, methods=["GET", "PUT"])
    assert ungated(floor_app.routes) == ["/table/{table}/{token}/chips GET, HEAD, PUT"]
    floor_app.router.routes[-1] = Route("/anything", _AnyMethod)
    assert ungated(floor_app.routes) == ["/anything any method"]
    floor_app.router.routes[-1] = Mount("/console", routes=[])
    assert ungated(floor_app.routes) == ["/console any method"]


def test_a_new_gated_route_is_guarded_by_being_one(tmp_path: Path) -> None:
    """A sixth change, added as a `GatedRoute`, gets every check without writing one."""
    url = sqlite_url(tmp_path)
    seated_event(url)
    director = open_floor(db=url).director_link()
    calls: list[tuple[str, str]] = []

    def probe(posted: Posted) -> Response:
        calls.append((posted.token, posted.field("note")))
        return PlainTextResponse("done")

    with open_db(url, read_only=True) as reader:
        app = build_app(reader, None, floor=True, db=url)
        app.router.routes.insert(0, Gate(Site(reader, None, db=url).floor).route(
            "/director/{token}/probe", Scope.DIRECTOR, probe))
        assert ungated(app.routes) == []
        with serving_app(app) as base:
            csrf = hidden(request(f"{base}/director/{director}")[1], "csrf")
            path = f"{base}/director/{director}/probe"
            table1 = f"{base}/director/{read_floor(url, None).table_link(1)}/probe"
            before = dump(url)
            refused = [
                request(table1, data={"csrf": csrf, "note": "a table's token"}),
                request(path, data={"note": "no csrf"}),
                request(path, data={"csrf": "0" * len(csrf), "note": "a forged csrf"}),
                request(path, data={"csrf": csrf, "note": "elsewhere"}, headers={"Origin": "http://evil.example"}),
                request(path, data=b'{"note": "json"}', headers={"Content-Type": "application/json"}),
                request(path, data=b"note=" + b"x" * 20_000),
            ]
            assert [status for status, _page in refused] == [403, 403, 403, 403, 415, 413]
            assert calls == [] and dump(url) == before
            assert request(path, data={"csrf": csrf, "note": "ok"}) == (200, "done")
            assert calls == [(director, "ok")]
            assert request(path, method="GET")[0] == 405
