"""Paper slips: the desk types a table's travel slip (scoring.paper_slips),
keyboard only: the table, the tricks, Enter; the next missing table is then
offered. Works as a plain form; htmx swaps the answer in place."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from drive.models import Drive, DriveState
from drive.trumps import trumps_for_hand
from drive.views import club_drive
from players.access import assistant_required
from players.http import BAD_INPUT, CONFLICT, error_status
from players.views import apply_errors
from scoring import paper_slips, services
from scoring.forms import PaperSlipForm
from scoring.paper_slips import SlipHand, SlipKind, SlipOutcome

TEMPLATE = "scoring/slips.html"


def _form(
    drive: Drive,
    data=None,
    *,
    table: int | None = None,
    round_number: int | None = None,
) -> PaperSlipForm:
    """The slip of the round in play (or of `round_number`, the round a posted
    slip says it was typed for, so that it is read as typed)."""
    round_number = round_number or drive.current_round
    trumps = drive.trumps
    hands = []
    for hand in drive.hands_of_round(round_number):
        played = trumps_for_hand(trumps, hand)
        hands.append((hand, played, services.honours_asked(drive, played)))
    return PaperSlipForm(
        data, hands=hands, initial={"table": table, "round": round_number}
    )


def _render(
    request: HttpRequest,
    drive: Drive,
    form: PaperSlipForm | None,
    *,
    said: list[tuple[str, str]] = (),
    refusal: str = "",
    status: int = 200,
) -> HttpResponse:
    open_ = form is not None
    missing = (
        paper_slips.missing_tables(drive=drive, round_number=drive.current_round)
        if open_
        else []
    )
    context = {
        "drive": drive,
        "form": form,
        "missing": missing,
        "said": said,
        "refusal": refusal,
    }
    partial = request.htmx and not request.htmx.boosted
    return render(
        request, f"{TEMPLATE}#desk" if partial else TEMPLATE, context, status=status
    )


def _closed_reason(drive: Drive) -> str:
    try:
        paper_slips.check_desk_open(drive)
    except ValidationError as error:
        return " ".join(error.messages)
    return ""


def _posted_round(request: HttpRequest, drive: Drive) -> int | None:
    """The round a posted slip was typed for, if it is one of the drive's."""
    try:
        number = int(request.POST.get("round", ""))
    except ValueError:
        return None
    return number if 1 <= number <= drive.rounds else None


def _after(request: HttpRequest) -> int | None:
    try:
        return int(request.GET.get("after", ""))
    except ValueError:
        return None


def _next_form(drive: Drive, after: int | None) -> PaperSlipForm:
    missing = paper_slips.missing_tables(drive=drive, round_number=drive.current_round)
    return _form(drive, table=paper_slips.next_missing_table(missing, after))


def _said(drive: Drive, outcome: SlipOutcome) -> list[tuple[str, str]]:
    """What the desk is told: each hand of the slip, then the round's news."""
    said = [(line.kind, line.message) for line in outcome.lines]
    if outcome.round_completed:
        if drive.state == DriveState.FINISHED:
            said.append((SlipKind.SAVED, _("The last hand is in: the drive is over.")))
        else:
            said.append(
                (
                    SlipKind.SAVED,
                    _("Round %(done)s is complete; round %(next)s has started.")
                    % {"done": drive.current_round - 1, "next": drive.current_round},
                )
            )
    return said


@assistant_required
@require_http_methods(["GET", "POST"])
def paper_slips_page(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    closed = _closed_reason(drive)
    if closed:
        # Said plainly on the page; a slip posted anyway is refused.
        status = CONFLICT if request.method == "POST" else 200
        return _render(request, drive, None, refusal=closed, status=status)
    if request.method == "GET":
        return _render(request, drive, _next_form(drive, _after(request)))
    form = _form(drive, request.POST, round_number=_posted_round(request, drive))
    if not form.is_valid():
        return _render(request, drive, form, status=BAD_INPUT)
    table = form.cleaned_data["table"]
    try:
        outcome = paper_slips.paper_slip_submit(
            drive=drive,
            table=table,
            round_number=form.cleaned_data["round"],
            hands=[SlipHand(*row) for row in form.slip_rows()],
            by=request.user,
        )
    except ValidationError as error:
        drive.refresh_from_db()
        if _closed_reason(drive):
            return _render(
                request, drive, None, refusal=_closed_reason(drive), status=CONFLICT
            )
        if form.cleaned_data["round"] != drive.current_round:
            # The form was for a round gone by: a fresh one for this round.
            fresh = _next_form(drive, None)
            return _render(
                request,
                drive,
                fresh,
                refusal=" ".join(error.messages),
                status=error_status(error),
            )
        apply_errors(form, error)
        return _render(request, drive, form, status=error_status(error))
    drive.refresh_from_db()
    said = _said(drive, outcome)
    # A new round starts again from its lowest table.
    after = None if outcome.round_completed else table
    if request.htmx:
        # In place: what was saved, and the next missing table ready to type.
        closed = _closed_reason(drive)
        if closed:
            return _render(request, drive, None, said=said, refusal=closed)
        return _render(request, drive, _next_form(drive, after), said=said)
    for kind, words in said:
        (messages.warning if kind == SlipKind.CONFLICT else messages.success)(
            request, words
        )
    if drive.state == DriveState.FINISHED:
        return redirect("scoring:leaderboard", pk=drive.pk)
    slips = reverse("scoring:slips", args=[drive.pk])
    return redirect(slips if after is None else f"{slips}?after={after}")
