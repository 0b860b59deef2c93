"""Numbers as a form posts them, read for the captain's phone and the room: a
clear refusal (a ValidationError, so a 400 with words) for anything else."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.translation import gettext as _

from scoring import prediction_rules


def posted_int(request: HttpRequest, name: str) -> int:
    try:
        return int(request.POST.get(name, "").strip())
    except ValueError as exc:
        raise ValidationError(
            _("Something was missing from that entry; nothing was saved. Try again."),
            code="invalid",
        ) from exc


def posted_numbers(request: HttpRequest, name: str) -> tuple[int, ...]:
    """Each seat's number as a form sends it ("2,2,0,4,1"): a 400 with words
    for anything else."""
    text = request.POST.get(name, "").strip()
    try:
        numbers = prediction_rules.decode(text)
    except ValueError:
        numbers = ()
    if not numbers or any(n < 0 for n in numbers):
        raise ValidationError(
            _("Something was missing from that choice; nothing was saved. Try again."),
            code="invalid",
        )
    return numbers
