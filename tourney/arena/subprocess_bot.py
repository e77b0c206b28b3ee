"""Subprocess bots, any language: JSON lines on the bot's stdin and stdout (README "For bot authors").

    tourney -> bot  {"type": "hello", "protocol": 1, "game": G, "seat": i, "players": [...], "options": {...},
                     "seed": n}
    bot -> tourney  {"type": "ready", "name": "...", "accept": ["delta", "session"]}   accept: optional
    tourney -> bot  {"type": "act", "id": N, "view": {...}, "legal": ["CALL", ...]}
    bot -> tourney  {"type": "action", "id": N, "action": "<one of legal>"}
    tourney -> bot  {"type": "event", ...}   public events, no reply
    tourney -> bot  {"type": "bye"}          the match is over; wait for the next hello, or exit

The lean protocol (issue 20 item 6), for a process that accepted its features in its first `ready`
(a bot that accepts nothing is sent exactly the messages above):

    delta    an act carries the view's changes since the last act of the match instead of `view`:
             {"type": "act", "id": N, "set": {key: value}, "extend": {key: [items]}, "drop": [key],
              "legal": [...]}, each of set/extend/drop only when not empty, `legal` left out when
             it is the list of the last act (the match's first act has every key in `set`)
    session  the process's later matches start with {"type": "start", "game", "seat", "players",
             "options", "seed"} (hello's fields), answered by nothing, and end with the `end` event,
             no `bye`; lines that need no answer travel with the next act, in one write

Every read and write has a deadline (pipes are non-blocking and polled), so no bot can hang a run;
the process (bot_process.py) is reused for the next match after a clean `bye` and restarted after a
forfeit. A late answer to an earlier `act` (after its timeout) is skipped by its id, not counted twice.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Any, Final

from tourney.arena.act_wire import act_line, decode_object, lean_act, message_line, read_answer
from tourney.arena.bot_process import (
    MAX_LINE,
    BotExited,
    BotLineTooLong,
    BotProcess,
    BotTimeout,
    Limits,
    ProcessPool,
    encode_json,
    split_command,
)
from tourney.arena.faults import CRASH, ILLEGAL, MALFORMED, PROTOCOL, TIMEOUT, FaultCounter, Forfeit
from tourney.errors import InvalidInputError
from tourney.rules.games import GameDescriptor, GameView, find_game

PROTOCOL_VERSION: Final = 1
DELTA: Final = "delta"
SESSION: Final = "session"
FEATURES: Final = frozenset({DELTA, SESSION})


class SubprocessBot:
    """A seat played by a program over the JSON-lines protocol, refereed: faults become strikes
    (with a uniformly random legal fallback action) or a `Forfeit`."""

    name = "cmd"

    def __init__(self, command: str, rng: random.Random, *, limits: Limits | None = None,
                 pool: ProcessPool | None = None, forfeit_if_unstartable: bool = False,
                 label: str | None = None) -> None:
        split_command(command)  # refuse an empty or unparsable command before any game starts
        self.command = command
        self.label = label  # the entrant's (names its --bot-logs files)
        # A live table (`tourney run`) plays on without a program that cannot start (its seat
        # forfeits); elsewhere such a program is an error before anything is played.
        self.forfeit_if_unstartable = forfeit_if_unstartable
        self.limits = limits or Limits()
        self.faults = FaultCounter()
        self._fallback = rng.random
        self._seed = int(rng.random() * 2**31)
        self._pool = pool
        self._own_pool = pool is None
        self._process: BotProcess | None = None
        self._game: GameDescriptor | None = None
        self._hello: dict[str, Any] = {}
        self._reused = False
        self._awaiting_ready = False
        self._sent_view: dict[str, Any] = {}  # the view as the bot has it (delta)
        self._sent_legal: str | None = None  # the legal list's JSON the bot has (delta)
        self._hello_deadline = 0.0
        self._hello_failure: tuple[str, str] | None = None
        self._next_id = 0
        self._strikes = 0
        self._late: dict[int, float] = {}  # acts whose answer timed out: their deadlines

    # -- the match --

    def begin(self, game: GameDescriptor, seat: int, players: Sequence[str], options: Mapping[str, object]) -> None:
        """Start (or reuse) the process and greet it; `Forfeit` when it does not answer `ready`."""
        self.send_hello(game, seat, players, options)
        self.await_ready()

    def send_hello(self, game: GameDescriptor, seat: int, players: Sequence[str],
                   options: Mapping[str, object]) -> None:
        """The first half of `begin`: start (or reuse) the process and send hello. A referee sends
        every seat's hello before it waits for any `ready`, so the bots start up side by side."""
        if self._pool is None:
            self._pool = ProcessPool(self.limits)
        self._game = game
        self._strikes = 0
        self._late.clear()
        self._sent_view, self._sent_legal = {}, None
        self._hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "game": game.name, "seat": seat,
                       "players": list(players), "options": dict(options), "seed": self._seed}
        try:
            process, self._reused = self._pool.acquire(self.command, self.label)
        except InvalidInputError as error:
            if not self.forfeit_if_unstartable:
                raise
            self._process, self._hello_failure = None, (CRASH, str(error))
            return
        self._process = process
        self._hello_failure = None
        self._awaiting_ready = not (self._reused and SESSION in process.accepted)
        if not self._awaiting_ready:
            process.hold(message_line({"type": "start", "game": game.name, "seat": seat,
                                       "players": self._hello["players"], "options": self._hello["options"],
                                       "seed": self._seed}))
            return
        self._hello_deadline = time.monotonic() + self.limits.hello_timeout
        try:
            process.send(self._hello, self._hello_deadline)
            self._hello_failure = None
        except BotTimeout:
            self._hello_failure = (TIMEOUT, "does not read its hello")
        except BotExited:
            self._hello_failure = (CRASH, f"exited before ready ({process.exit_reason()})")

    def await_ready(self) -> None:
        """The second half of `begin`: the bot's `ready`; `Forfeit` when it does not come."""
        process = self._process
        if process is None:  # the program could not be started (`forfeit_if_unstartable`)
            assert self._hello_failure is not None
            raise self._forfeit(*self._hello_failure)
        if not self._awaiting_ready:  # a session's later match: nothing to wait for
            return
        failure = self._hello_failure or self._ready(process, self._hello_deadline)
        if failure is not None and self._reused:
            # A reused process may have exited after its last `bye` (allowed): start it afresh.
            process.close()
            assert self._pool is not None
            process = self._pool.start(self.command, self.label)
            failure = self._greet(process, self._hello)
        if failure is not None:
            self._process = process
            raise self._forfeit(*failure)

    def _greet(self, process: BotProcess, hello: dict[str, Any]) -> tuple[str, str] | None:
        """None when `process` answered `ready`, else the fault (kind, detail)."""
        self._process = process
        deadline = time.monotonic() + self.limits.hello_timeout
        try:
            process.send(hello, deadline)
        except BotTimeout:
            return TIMEOUT, f"no ready within the hello timeout ({self.limits.hello_timeout:g} s)"
        except BotExited:
            return CRASH, f"exited before ready ({process.exit_reason()})"
        return self._ready(process, deadline)

    def _ready(self, process: BotProcess, deadline: float) -> tuple[str, str] | None:
        try:
            line = process.receive(deadline)
        except BotTimeout:
            return TIMEOUT, f"no ready within the hello timeout ({self.limits.hello_timeout:g} s)"
        except BotExited:
            return CRASH, f"exited before ready ({process.exit_reason()})"
        except BotLineTooLong:
            return PROTOCOL, f"a line over {MAX_LINE} bytes"
        answer = decode_object(line)
        if answer is None or answer.get("type") != "ready":
            return PROTOCOL, f"expected a ready line, got {cut(line)}"
        accept = answer.get("accept")
        process.accepted = FEATURES.intersection(feature for feature in accept if isinstance(feature, str)) \
            if isinstance(accept, list) else frozenset()
        return None

    def act(self, view: GameView) -> int:
        if self._process is None:
            self._begin_from_view(view)
        process = self._process
        assert process is not None and self._game is not None
        legal = view.legal_actions()
        offered = _offer(self._game, legal)
        self._next_id += 1
        ident = self._next_id
        deadline = time.monotonic() + self.limits.move_timeout
        if DELTA in process.accepted:
            line = self._delta_line(ident, view.to_json(), offered.json)
        else:
            full = f'{{"type":"act","id":{ident},"view":{encode_json(view.to_json())},"legal":{offered.json}}}\n'
            line = full.encode()
        try:
            process.send_bytes(line, deadline)
        except BotTimeout:
            raise self._forfeit(PROTOCOL, f"does not read its input (act {ident})") from None
        except BotExited:
            raise self._forfeit(CRASH, f"exited mid-match ({process.exit_reason()})") from None
        while True:
            try:
                answer_line = process.receive(deadline)
            except BotTimeout:
                self._late[ident] = deadline
                return self._strike(TIMEOUT, legal, f"no answer to act {ident} within "
                                                    f"{self.limits.move_timeout:g} s")
            except BotExited:
                raise self._forfeit(CRASH, f"exited mid-match ({process.exit_reason()})") from None
            except BotLineTooLong:
                raise self._forfeit(PROTOCOL, f"an answer line over {MAX_LINE} bytes") from None
            answer = read_answer(answer_line)
            if answer is None:
                return self._strike(MALFORMED, legal,
                                    f"answer to act {ident} is not an action line: {cut(answer_line)}")
            answer_id, chosen = answer
            if isinstance(answer_id, int) and not isinstance(answer_id, bool) and answer_id < ident:
                missed = self._late.pop(answer_id, None)
                if missed is not None:  # how late the answer whose timeout was counted came
                    self.faults.note(f"the answer to act {answer_id} came {time.monotonic() - missed:.3f} s "
                                     f"after its {self.limits.move_timeout:g} s deadline")
                continue  # a late answer to a decision that already timed out
            if answer_id != ident:
                return self._strike(MALFORMED, legal, f"answer to act {ident} has id {answer_id!r}")
            position = offered.position.get(chosen) if isinstance(chosen, str) else None
            if position is not None:
                return legal[position]
            canonical = self._canonical(chosen)
            if canonical is not None and canonical in legal:
                return canonical  # the right cards in another order or case (issue 31 item 6)
            said = f" (read as {self._game.action_text(canonical)!r})" \
                if canonical is not None and self._game.action_text is not None else ""
            return self._strike(ILLEGAL, legal, f"{cut(str(chosen).encode())}{said} is not legal at act {ident}")

    def _canonical(self, chosen: object) -> int | None:
        """The action an answer outside the offered texts names in the game's own reading (any case,
        cards in any order), or None."""
        parse = self._game.parse_action if self._game is not None else None
        if not isinstance(chosen, str) or parse is None or len(chosen) > 200:
            return None
        try:
            return parse(chosen)
        except (ValueError, KeyError, IndexError):
            return None

    def _delta_line(self, ident: int, view: dict[str, Any], legal_json: str) -> bytes:
        """The lean act (with its newline): the changes of `view` since the last act of the match,
        and the legal list when it is not the one the bot has (act_wire.py, compiled)."""
        message = lean_act(self._sent_view, view, ident)
        self._sent_view = view
        if legal_json is self._sent_legal:
            return act_line(message, None)
        self._sent_legal = legal_json
        return act_line(message, legal_json)

    def end(self, event: Mapping[str, Any] | None) -> None:
        """Tell the bot how the match ended and say bye (a session: the end travels with the next
        act, and the next `start` says bye); keep its process for the next match."""
        process, self._process = self._process, None
        if process is None:
            return
        if SESSION in process.accepted:  # no bye: the next start says it; the end travels with the next act
            if event is not None:
                process.hold(message_line({"type": "event", **event}))
        else:
            deadline = time.monotonic() + self.limits.move_timeout
            try:
                if event is not None:
                    process.send({"type": "event", **event}, deadline)
                process.send({"type": "bye"}, deadline)
            except (BotTimeout, BotExited):
                process.close()
                return
        assert self._pool is not None
        self._pool.release(self.command, process, self.label)
        if self._own_pool:
            self._pool.close()

    def abandon(self) -> None:
        """After a forfeit: the process is ended and the next match starts a new one."""
        process, self._process = self._process, None
        if process is not None:
            process.close()

    def close(self) -> None:
        self.abandon()
        if self._pool is not None:
            self._pool.close()

    # -- faults --

    def _strike(self, kind: str, legal: list[int], reason: str) -> int:
        self.faults.add(kind, reason=reason)
        self._strikes += 1
        if self._strikes > self.limits.max_strikes:
            raise self._forfeit(kind, f"more than {self.limits.max_strikes} strikes", counted=True)
        return legal[int(self._fallback() * len(legal))]

    def _forfeit(self, kind: str, detail: str, *, counted: bool = False) -> Forfeit:
        if not counted:  # a strike that tips over the limit was counted as that strike
            self.faults.add(kind, reason=detail)
        self.abandon()
        return Forfeit(kind, f"{self.command}: {detail}")

    def _begin_from_view(self, view: GameView) -> None:
        """Outside the arena (`tourney play --bots cmd:...`) the first decision greets the bot."""
        data = view.to_json()
        game = find_game(str(data.get("game", "")))
        players = data.get("players") or []
        self.begin(game, view.seat, [str(p) for p in players], {})


def cut(line: bytes, limit: int = 60) -> str:
    """A bot's line as a reason quotes it: its start, marked when cut short."""
    text = line[:limit].decode(errors="replace")
    return repr(text) + ("..." if len(line) > limit else "")


class _Offer:
    """One legal list as the bot is sent it: its JSON, and each text's position in the list."""

    __slots__ = ("json", "position")

    def __init__(self, texts: list[str]) -> None:
        self.json: str = encode_json(texts)
        self.position: dict[str, int] = {}
        for position, text in enumerate(texts):
            self.position.setdefault(text, position)


_OFFER_CACHE_SIZE: Final = 4096
_TEXT_CACHE_SIZE: Final = 1 << 16
_offers: dict[str, dict[tuple[int, ...], _Offer]] = {}
_texts: dict[str, dict[int, str]] = {}


def _offer(game: GameDescriptor, legal: list[int]) -> _Offer:
    """The offer of `legal` in `game`, kept per game for every match of the process: a game that
    offers the same long list every round (a declaration game's dozens of claims) converts and encodes it
    once, where converting each action for every decision cost a fifth of a decision."""
    offers = _offers.get(game.name)
    if offers is None or len(offers) >= _OFFER_CACHE_SIZE:  # lists that rarely repeat: keep it small
        offers = _offers[game.name] = {}
    key = tuple(legal)
    offer = offers.get(key)
    if offer is None:
        assert game.action_text is not None
        text_of = _texts.get(game.name)
        if text_of is None or len(text_of) >= _TEXT_CACHE_SIZE:  # Lou's 148,931 action ids: bounded
            text_of = _texts[game.name] = {}
        texts: list[str] = []
        for action in legal:
            text = text_of.get(action)
            if text is None:
                text = text_of[action] = game.action_text(action)
            texts.append(text)
        offer = offers[key] = _Offer(texts)
    return offer
