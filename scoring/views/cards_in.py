"""The "Cards in" desk of a cards-in drive: type each card's total (and hands
won where asked) as the cards come in; the next card still out comes up, and
the page lists the cards still out and those in (scoring.cards_in)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from drive.models import Drive
from drive.views import club_drive
from players.access import assistant_required
from players.http import BAD_INPUT, CONFLICT, error_status, number_sent
from scoring.cards_in import (
    CardOutcome,
    Desk,
    Outcome,
    card_desk,
    card_dispute_resolve,
    card_total_enter,
)
from scoring.forms import CardDisputeForm, CardTotalForm

TEMPLATE = "scoring/cards_in.html"


def _fresh_form(desk: Desk, after: int | None = None) -> CardTotalForm:
    """An empty form with the next card still out ready to type."""
    following = desk.next_out(after)
    initial = {"number": following.number} if following else {}
    return CardTotalForm(initial=initial, asks_hands_won=desk.asks_hands_won)


def _render(
    request: HttpRequest,
    drive: Drive,
    desk: Desk,
    form: CardTotalForm | None,
    outcome: CardOutcome | None = None,
    *,
    status: int = 200,
) -> HttpResponse:
    partial = request.htmx and not request.htmx.boosted
    return render(
        request,
        f"{TEMPLATE}#desk" if partial else TEMPLATE,
        {"drive": drive, "desk": desk, "form": form, "outcome": outcome},
        status=status,
    )


@assistant_required
@require_http_methods(["GET", "POST"])
def cards_in(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    desk = card_desk(drive=drive)
    if not drive.desk_pages.cards_in:
        # Said plainly on the page; a card posted anyway is refused.
        status = CONFLICT if request.method == "POST" else 200
        return _render(request, drive, desk, None, status=status)
    if request.method == "GET":
        form = _fresh_form(desk)
        correcting = number_sent(request.GET.get("correct", ""), digits=6)
        card = desk.card_of(correcting) if correcting is not None else None
        if card is not None and card.is_in:
            form = CardTotalForm(
                initial={
                    "number": card.number,
                    "total": card.total,
                    "hands_won": card.hands_won,
                    "correct": True,
                },
                asks_hands_won=desk.asks_hands_won,
            )
        return _render(request, drive, desk, form)
    form = CardTotalForm(request.POST, asks_hands_won=desk.asks_hands_won)
    if not form.is_valid():
        return _render(request, drive, desk, form, status=BAD_INPUT)
    data = form.cleaned_data
    try:
        outcome = card_total_enter(
            drive=drive,
            number=data["number"],
            total=data["total"],
            hands_won=data.get("hands_won"),
            correct=data["correct"],
            by=request.user,
        )
    except ValidationError as error:
        if hasattr(error, "error_dict"):
            for field, errors in error.message_dict.items():
                form.add_error(field if field in form.fields else None, errors)
        else:
            form.add_error(None, error.messages)
        return _render(request, drive, desk, form, status=error_status(error))
    desk = card_desk(drive=drive)
    status = CONFLICT if outcome.outcome is Outcome.DISPUTED else 200
    return _render(
        request,
        drive,
        desk,
        _fresh_form(desk, after=outcome.card.number),
        outcome,
        status=status,
    )


@assistant_required
@require_POST
def card_dispute(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    desk = card_desk(drive=drive)
    if not drive.desk_pages.cards_in:
        return _render(request, drive, desk, None, status=CONFLICT)
    form = CardDisputeForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(m for e in form.errors.values() for m in e))
        return _render(request, drive, desk, _fresh_form(desk), status=BAD_INPUT)
    try:
        outcome = card_dispute_resolve(
            drive=drive,
            number=form.cleaned_data["number"],
            take_new=form.cleaned_data["take"] == "second",
            by=request.user,
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        desk = card_desk(drive=drive)
        return _render(
            request, drive, desk, _fresh_form(desk), status=error_status(error)
        )
    messages.success(request, outcome.message)
    return redirect("scoring:cards_in", pk=drive.pk)
