"""The per-decision text work of a subprocess bot (subprocess_bot.py), compiled with the hot path
(tourney/_build.py): a lean act's changes and its line, and the parse of the bot's answer line.

Plain functions over dicts, strings and bytes, so that the referee's own Python work per decision,
a third of its CPU time before it was compiled, runs as C; the process, the pipes and the faults
stay in interpreted code.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

import orjson

_ABSENT: Final = object()
_LINE: Final = orjson.OPT_NON_STR_KEYS | orjson.OPT_APPEND_NEWLINE


def lean_act(sent: dict[str, Any], view: dict[str, Any], ident: int) -> dict[str, Any]:
    """The lean act of `view` for a bot that has `sent`: the keys whose value changed (a list that
    only grew: its new items, under `extend`) and the keys it lost. Values compare as Python values:
    a view's schema gives each key one JSON type, so `1` never replaces `true` (equal in Python)."""
    message: dict[str, Any] = {"type": "act", "id": ident}
    changed: dict[str, Any] = {}
    extended: dict[str, Any] = {}
    for key, value in view.items():
        old = sent.get(key, _ABSENT)
        if old is _ABSENT:
            changed[key] = value
        elif old != value:
            # A longer list whose start is the old one only grew (`!=` of two lists of different
            # lengths answers at once, so the items are compared once, here).
            if type(old) is list and type(value) is list and len(old) < len(value) \
                    and value[:len(old)] == old:
                extended[key] = value[len(old):]
            else:
                changed[key] = value
    if changed:
        message["set"] = changed
    if extended:
        message["extend"] = extended
    if not sent.keys() <= view.keys():
        message["drop"] = [key for key in sent if key not in view]
    return message


def act_line(message: dict[str, Any], legal_json: str | None) -> bytes:
    """`message` as one line of compact JSON and its newline, with `legal_json` (the legal list's
    JSON, encoded once per list: `_offer` in subprocess_bot.py) as its last key when given. orjson: 1.2 µs
    where the standard library takes 5.8 µs for the 540 bytes of a typical lean act. Its text
    differs from json.dumps' only in writing non-ASCII characters as UTF-8 rather than \\u escapes:
    the same JSON (full acts, which a bot of the first protocol reads byte for byte as before, keep
    the standard library)."""
    if legal_json is None:
        return message_line(message)
    message["legal"] = orjson.Fragment(legal_json)
    try:
        return orjson.dumps(message, option=_LINE)
    except orjson.JSONEncodeError:
        message["legal"] = json.loads(legal_json)
        return message_line(message)


def message_line(message: dict[str, Any]) -> bytes:
    """`message` as one line of compact JSON and its newline, for a bot on the lean protocol (acts,
    and a session's `start` and `end`): orjson, or json for what orjson refuses."""
    try:
        return orjson.dumps(message, option=_LINE)
    except orjson.JSONEncodeError:  # such as an int over 64 bits
        return (json.dumps(message, separators=(",", ":")) + "\n").encode()


# An answer as most bots print it (Python's json.dumps, compact or not, in this key order; an id
# without leading zeros; a text of printable ASCII without escapes), read without decoding JSON: any
# other line is decoded in full. Whatever it matches, json.loads reads as the same id and text.
_PLAIN_ANSWER: Final = re.compile(rb'\{"type": ?"action", ?"id": ?(0|[1-9][0-9]{0,17}), ?"action": ?'
                                  rb'"([\x20\x21\x23-\x5b\x5d-\x7e]*)"\}')


def read_answer(line: bytes) -> tuple[object, object] | None:
    """The id and the action of an `action` answer; None when `line` is not one."""
    plain = _PLAIN_ANSWER.fullmatch(line)
    if plain is not None:
        return int(plain.group(1)), plain.group(2).decode("ascii")
    answer = decode_object(line)
    if answer is None or answer.get("type") != "action":
        return None
    return answer.get("id"), answer.get("action")


def decode_object(line: bytes) -> dict[str, Any] | None:
    """The JSON object on `line`; None when it is not JSON, nested too deep, or not an object."""
    try:
        value = json.loads(line)
    except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: `[[[[...` nested 100k deep
        return None
    return value if isinstance(value, dict) else None
