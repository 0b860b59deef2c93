"""The card check: the organiser types a player's paper card (the entry
number, the total written on it, and perhaps its running totals) and is told at
once whether it agrees with the scores, and where not, on which hand the card
went wrong (scoring.card_check). It writes nothing."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from drive.models import Drive
from drive.views import club_drive
from players.access import assistant_required
from players.http import BAD_INPUT, CONFLICT
from scoring.card_check import (
    Verdict,
    below_zero,
    check_card,
    scoring_rows,
)
from scoring.cards import score_card
from scoring.drive_plan import load_plan
from scoring.forms import CardCheckForm
from scoring.rules import Scoring

TEMPLATE = "scoring/card_check.html"


def _render(
    request: HttpRequest,
    drive: Drive,
    form: CardCheckForm | None,
    verdict: Verdict | None = None,
    *,
    status: int = 200,
) -> HttpResponse:
    partial = request.htmx and not request.htmx.boosted
    return render(
        request,
        f"{TEMPLATE}#check" if partial else TEMPLATE,
        {"drive": drive, "form": form, "verdict": verdict},
        status=status,
    )


@assistant_required
@require_http_methods(["GET", "POST"])
def card_check(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    if not drive.desk_pages.card_check:
        # Said plainly on the page (an evening of cards in has no hands to
        # check a card against; a format may not have the check); a card
        # posted anyway is refused for good.
        status = CONFLICT if request.method == "POST" else 200
        return _render(request, drive, None, status=status)
    plan = load_plan(drive=drive, with_totals=True)
    rows = scoring_rows(plan)
    negative = below_zero(Scoring.of(drive))
    if request.method == "GET":
        return _render(request, drive, CardCheckForm(rows=rows, below_zero=negative))
    form = CardCheckForm(request.POST, rows=rows, below_zero=negative)
    if form.is_valid():
        number = form.cleaned_data["entry"]
        entry = next((e for e in plan.entries if e.number == number), None)
        if entry is None:
            form.add_error(
                "entry", _("No entry %(number)d in this drive.") % {"number": number}
            )
        else:
            verdict = check_card(
                score_card(plan, entry, filled=True),
                card_total=form.cleaned_data["total"],
                card_running=form.cleaned_data["running"],
            )
            # A fresh form: the entry number is ready for the next card.
            fresh = CardCheckForm(rows=rows, below_zero=negative)
            return _render(request, drive, fresh, verdict)
    return _render(request, drive, form, status=BAD_INPUT)
