"""The headers every response of `tourney serve` carries (pages, refusals, errors, redirects,
`/_token`, streams): a Content-Security-Policy, no framing by another site, no MIME sniffing, no
Referer (a link's token) sent to another site, nothing cached.

The pages' scripts are inline and carry the page's own data (the token they poll), so the policy
allows scripts from this server ('self': a static script file) and inline ones by a nonce, fresh
for each response: an HTML response's `<script>` tags (exactly that tag, as the templates write
it) get `nonce="..."` as they leave. The templates escape every value they show, so no player's
name or form field can become a `<script>` tag that would be given the nonce. An inline event
handler of a template (`onload="fitSheet(this)"`) is allowed by its hash ('unsafe-hashes').
Styles may be inline (the pages' `<style>` blocks and `style=` sizes).

The wall's read-only sheets (standings, bracket, seating) may be framed by this server's own
pages (the TV shows a format's bracket sheet in a frame); every other response, by none.
"""

from __future__ import annotations

import base64
import hashlib
import re
import secrets
from collections.abc import Collection

from starlette.types import ASGIApp, Message, Receive, Scope, Send

SCRIPT_TAG = b"<script>"
# An attribute of a tag that runs script; a shown value's quotes are escaped, so only a template's.
INLINE_HANDLER = re.compile(rb"""<[a-zA-Z][^<>]*?\son[a-z]+="([^"<>]*)\"""")

CACHE = ("cache-control", "no-store")  # unless a response says otherwise (a static script may be cached)
COMMON = {
    "referrer-policy": "same-origin",  # a link's token never leaves in a Referer to another site
    "x-content-type-options": "nosniff",
}


def policy(nonce: str, handler_hashes: Collection[str], *, frame_self: bool) -> str:
    scripts = " ".join(["'self'", f"'nonce-{nonce}'", *(["'unsafe-hashes'"] if handler_hashes else []),
                        *(f"'sha256-{digest}'" for digest in sorted(handler_hashes))])
    ancestors = "'self'" if frame_self else "'none'"
    return (f"default-src 'self'; script-src {scripts}; style-src 'self' 'unsafe-inline'; "
            f"img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
            f"form-action 'self'; frame-ancestors {ancestors}")


def handler_hashes(html: bytes) -> set[str]:
    return {base64.b64encode(hashlib.sha256(_unescaped(code)).digest()).decode()
            for code in INLINE_HANDLER.findall(html)}


def _unescaped(code: bytes) -> bytes:
    # The browser hashes the attribute's value, entities decoded.
    import html

    return html.unescape(code.decode("utf-8", "replace")).encode()


class SecurityHeaders:
    """ASGI middleware setting the headers on every response of `app`; `frameable` are the paths
    this server's own pages may frame."""

    def __init__(self, app: ASGIApp, frameable: Collection[str] = ()) -> None:
        self.app = app
        self.frameable = frozenset(frameable)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        frame_self = scope["path"] in self.frameable
        started: Message | None = None
        body = bytearray()

        async def send_secured(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                if _is_html(message) and scope["method"] != "HEAD":
                    started = message  # sent with the body, once the nonce is in it
                    return
                await send(_with_headers(message, policy(secrets.token_urlsafe(16), (), frame_self=frame_self),
                                         frame_self))
                return
            if message["type"] == "http.response.body" and started is not None:
                body.extend(message.get("body", b""))
                if message.get("more_body", False):
                    return
                nonce = secrets.token_urlsafe(16)
                html = bytes(body).replace(SCRIPT_TAG, f'<script nonce="{nonce}">'.encode())
                start = _with_headers(started, policy(nonce, handler_hashes(html), frame_self=frame_self), frame_self)
                await send(_with_length(start, len(html)))
                await send({"type": "http.response.body", "body": html})
                return
            await send(message)

        await self.app(scope, receive, send_secured)


def _is_html(start: Message) -> bool:
    return any(name.lower() == b"content-type" and value.startswith(b"text/html") for name, value in start["headers"])


def _with_headers(start: Message, csp: str, frame_self: bool) -> Message:
    ours = {**COMMON, "content-security-policy": csp, "x-frame-options": "SAMEORIGIN" if frame_self else "DENY"}
    kept = [(name, value) for name, value in start.get("headers", []) if name.decode("latin-1").lower() not in ours]
    if not any(name.lower() == CACHE[0].encode() for name, _value in kept):
        ours[CACHE[0]] = CACHE[1]
    return {**start, "headers": kept + [(name.encode(), value.encode()) for name, value in ours.items()]}


def _with_length(start: Message, length: int) -> Message:
    kept = [(name, value) for name, value in start["headers"] if name.lower() != b"content-length"]
    return {**start, "headers": [*kept, (b"content-length", str(length).encode())]}
