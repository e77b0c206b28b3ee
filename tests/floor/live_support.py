"""Shared by the live pages' tests: a reader of the change feed `/_live` (server-sent events, read
line by line over plain HTTP) and a browser that waits for what a page shows."""

from __future__ import annotations

import http.client
import urllib.parse


class EventStream:
    """One open `GET /_live` of the server at `base`: its status, headers and events, one at a time."""

    def __init__(self, base: str, *, timeout: float = 10) -> None:
        parts = urllib.parse.urlsplit(base)
        self._connection = http.client.HTTPConnection(parts.hostname or "localhost", parts.port, timeout=timeout)
        self._connection.request("GET", "/_live", headers={"Accept": "text/event-stream"})
        self.response = self._connection.getresponse()

    @property
    def status(self) -> int:
        return self.response.status

    def next_event(self) -> tuple[str, str]:
        """The next event as ("data", its data) or ("comment", its text); ("end", "") once the
        server ended the stream. A socket timeout (nothing sent in time) raises."""
        data: list[str] = []
        comment = None
        while True:
            line = self.response.readline().decode()
            if not line:
                return ("end", "")
            line = line.rstrip("\n")
            if line.startswith(":"):
                comment = line[1:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].strip())
            elif not line:
                if data:
                    return ("data", "\n".join(data))
                if comment is not None:
                    return ("comment", comment)

    def next_data(self) -> str:
        """The data of the next event that has any (skipping heartbeats)."""
        while True:
            kind, text = self.next_event()
            if kind == "end":
                raise AssertionError("the stream ended")
            if kind == "data":
                return text

    def close(self) -> None:
        self._connection.close()
