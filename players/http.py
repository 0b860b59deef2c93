"""How a domain error is answered over HTTP: the one mapping every view uses.

Services refuse with a ValidationError whose *code* says what kind of refusal
it is:

- the input is wrong (code ``"invalid"``, or none): 400 Bad Request; the person
  can fix what they typed;
- the input is fine but the state of the drive refuses it now, or for good
  (``CONFLICT_CODES``: someone else got there first, the round has moved on,
  a key already used for another result, a hand with every version it may
  have): 409 Conflict; typing it again will not help.

players is the lowest app, so every app's views can import it.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError

BAD_INPUT = 400
CONFLICT = 409
CONFLICT_CODES = frozenset({"conflict", "not_current", "replayed", "version_limit"})


def error_status(error: ValidationError) -> int:
    """The HTTP status that answers a service's ValidationError."""
    return CONFLICT if getattr(error, "code", None) in CONFLICT_CODES else BAD_INPUT


def number_sent(text: str, *, digits: int) -> int | None:
    """The whole number an address, a form or a header sends as `text`, if it
    is one: ASCII digits only, at most `digits` of them; else None.
    (str.isdigit() alone also takes "²" or "³", which int() refuses.)"""
    if text.isascii() and text.isdigit() and len(text) <= digits:
        return int(text)
    return None
