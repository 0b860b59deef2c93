"""The drive's money page: the fee, each entry's payment, refunds, and the
evening's other income and costs, with the totals. Works without JavaScript."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from drive import money_services
from drive.models import Drive, Entry, MoneyLine
from drive.money_forms import FeeForm, MoneyLineForm, PaymentForm, RefundForm
from drive.money_selectors import drive_takings
from drive.views import club_drive
from players.access import assistant_required, organiser_required
from players.http import error_status
from players.money import amount_input
from players.views import apply_errors


def _page(
    request: HttpRequest,
    drive: Drive,
    *,
    fee_form: FeeForm | None = None,
    line_form: MoneyLineForm | None = None,
    payment_form: PaymentForm | None = None,
    failed_entry: int | None = None,
    status: int = 200,
) -> HttpResponse:
    drive = Drive.objects.select_related("club").get(pk=drive.pk)
    context = {
        "drive": drive,
        "takings": drive_takings(drive=drive),
        "fee_form": fee_form
        or FeeForm(
            initial={
                "fee": amount_input(drive.entry_fee),
                "currency": drive.club.currency,
            }
        ),
        "line_form": line_form or MoneyLineForm(),
        "payment_form": payment_form,
        "failed_entry": failed_entry,
    }
    return render(request, "drive/money.html", context, status=status)


@assistant_required
@require_GET
def money(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, club_drive(request, pk))


@organiser_required
@require_POST
def money_fee(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    form = FeeForm(request.POST)
    if form.is_valid():
        try:
            money_services.fee_set(
                drive=drive,
                fee=form.cleaned_data["fee"],
                currency=form.cleaned_data["currency"],
            )
        except ValidationError as error:
            apply_errors(form, error)
            return _page(request, drive, fee_form=form, status=error_status(error))
        messages.success(request, _("The entry fee is saved."))
        return redirect("drive:money", pk=drive.pk)
    return _page(request, drive, fee_form=form, status=400)


@assistant_required
@require_POST
def money_entry(request: HttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    entry = get_object_or_404(
        Entry.objects.select_related("player"), pk=entry_pk, drive=drive
    )
    action = request.POST.get("action", "")
    form: PaymentForm | RefundForm
    if action == "pay":
        form = PaymentForm(request.POST)
    elif action in ("refund", "unpay"):
        form = RefundForm(request.POST)
    else:
        messages.error(request, _("Unknown action."))
        return _page(request, drive, status=400)
    if not form.is_valid():
        shown = form if isinstance(form, PaymentForm) else None
        for errors in form.errors.values():
            messages.error(request, " ".join(errors))
        return _page(
            request, drive, payment_form=shown, failed_entry=entry.pk, status=400
        )
    data = form.cleaned_data
    try:
        if action == "pay":
            money_services.entry_pay(
                entry=entry,
                method=data["method"],
                amount=data["amount"],
                note=data["note"],
            )
        elif action == "unpay":
            money_services.entry_unpay(entry=entry)
        else:
            money_services.entry_refund(entry=entry, note=data["note"])
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return _page(request, drive, failed_entry=entry.pk, status=error_status(error))
    return redirect("drive:money", pk=drive.pk)


@assistant_required
@require_POST
def money_line_add(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    form = MoneyLineForm(request.POST)
    if form.is_valid():
        try:
            money_services.money_line_add(drive=drive, **form.cleaned_data)
        except ValidationError as error:
            apply_errors(form, error)
            return _page(request, drive, line_form=form, status=error_status(error))
        return redirect("drive:money", pk=drive.pk)
    return _page(request, drive, line_form=form, status=400)


@assistant_required
@require_POST
def money_line_remove(request: HttpRequest, pk: int, line_pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    line = get_object_or_404(MoneyLine, pk=line_pk, drive=drive)
    try:
        money_services.money_line_remove(line=line)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return _page(request, drive, status=error_status(error))
    return redirect("drive:money", pk=drive.pk)
