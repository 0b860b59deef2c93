"""Downloads of a drive: every printed sheet (PDF), the workbook and the results as CSV.

Organisers and assistants of the drive's club only; another club's drive is a
404. A bad option (paper=b5, per_page=3) is a 400 with a message saying what
to use; a sheet the drive cannot have yet (filled-in cards before the start)
is a 409 with a message.
"""

from __future__ import annotations

import io
from urllib.parse import urlencode

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from drive.hall import phone_base_url
from drive.models import DriveState
from drive.views import club_drive
from league.models import Season
from players import htmx_refusal
from players.access import assistant_required, memberships_of, organiser_required
from printing import (
    documents,
    editions,
    exports,
    filenames,
    league_exports,
    league_pdf,
    league_sheet,
    result_mail,
)
from printing.models import MailStatus

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _message(text: str, status: int) -> HttpResponse:
    return HttpResponse(text, status=status, content_type="text/plain; charset=utf-8")


def _refused(request: HttpRequest, text: str, status: int) -> HttpResponse:
    """`text` with `status`: to htmx's request for a part of a page (the
    results e-mail's panel), in the page's notice area, the part left as it
    was (players.htmx_refusal); else as plain text."""
    if htmx_refusal.asks_for_a_part(request):
        return htmx_refusal.refusal(request, text, status)
    return _message(text, status)


def _download(
    request: HttpRequest, filename: str, content_type: str, data: bytes = b""
) -> HttpResponse:
    """A file the browser saves under filename (the writers may add to it),
    led by the club's name for someone who runs several clubs."""
    if len(memberships_of(request.user)) > 1:
        filename = filenames.of_club(filename, request.club.name)
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = filenames.content_disposition(filename)
    return response


@assistant_required
@require_GET
def print_pdf(request: HttpRequest, pk: int, kind: str | None = None) -> HttpResponse:
    """/drives/<pk>/print/<kind>.pdf, or /drives/<pk>/print/?kind=... from the form."""
    drive = club_drive(request, pk)
    try:
        options = documents.parse_options(
            kind=kind or request.GET.get("kind", ""),
            paper=request.GET.get("paper"),
            per_page=request.GET.get("per_page"),
            count=request.GET.get("count"),
            edition=request.GET.get("edition"),
        )
    except documents.PrintError as error:
        return _message(str(error), 400)
    try:
        printed = documents.render(
            drive=drive, options=options, base_url=phone_base_url(request)
        )
    except documents.PrintError as error:
        return _message(str(error), 409)
    if note := documents.fewer_per_page_note(printed, options.kind):
        # Said before printing: the sheet that fits, a link away.
        query = request.GET.copy()
        query["kind"] = options.kind
        query["per_page"] = str(printed.per_page)
        return render(
            request,
            "printing/fewer_per_page.html",
            {
                "drive": drive,
                "note": note,
                "fits": printed.per_page,
                "address": f"{reverse('printing:print', args=[drive.pk])}?"
                + query.urlencode(),
            },
        )
    return _download(
        request,
        documents.pdf_filename(drive, options.kind, options.edition),
        "application/pdf",
        printed.data,
    )


@assistant_required
@require_GET
def results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    text = io.StringIO()
    exports.write_results_csv(drive=drive, output=text)
    # The byte-order mark tells Excel the file is UTF-8, so accents survive.
    return _download(
        request,
        exports.results_csv_filename(drive),
        "text/csv; charset=utf-8",
        text.getvalue().encode("utf-8-sig"),
    )


@assistant_required
@require_GET
def workbook(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    response = _download(request, exports.workbook_filename(drive), XLSX)
    exports.write_workbook(drive=drive, output=response)
    return response


@assistant_required
@require_GET
def season_workbook(request: HttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk, club=request.club)
    response = _download(request, league_exports.season_workbook_filename(season), XLSX)
    league_exports.write_season_workbook(season=season, output=response)
    return response


@assistant_required
@require_GET
def season_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """The season's league table to print (printing.league_sheet): whoever
    may see the league page; ?paper=letter, ?edition=large."""
    season = get_object_or_404(Season, pk=pk, club=request.club)
    try:
        paper = documents.parse_paper(request.GET.get("paper"))
        edition = documents.parse_edition(request.GET.get("edition"))
    except documents.PrintError as error:
        return _message(str(error), 400)
    printed = league_pdf.draw_league(
        league_sheet.load_league_sheet(season=season),
        paper=paper,
        edition=editions.EDITIONS[edition],
    )
    return _download(
        request,
        league_sheet.league_pdf_filename(season, edition),
        "application/pdf",
        printed.data,
    )


# --- results by e-mail ------------------------------------------------------------


class MailBatchForm(forms.Form):
    """One batch of the page's progress bar: where the run stands (the counts
    only feed the words shown; what is sent is read from the database)."""

    only_failed = forms.BooleanField(required=False)
    after = forms.IntegerField(min_value=0, max_value=10**6, required=False)
    total = forms.IntegerField(min_value=0, max_value=10**6, required=False)
    sent = forms.IntegerField(min_value=0, max_value=10**6, required=False)
    skipped = forms.IntegerField(min_value=0, max_value=10**6, required=False)
    failed = forms.IntegerField(min_value=0, max_value=10**6, required=False)
    # Only in the page's address after a press without JavaScript.
    remaining = forms.IntegerField(min_value=0, max_value=10**6, required=False)


def _mail_context(drive, base_url: str, *, preview: bool = True) -> dict:
    finished = drive.state == DriveState.FINISHED
    latest = result_mail.latest_mails(drive) if finished else {}
    rows = [(entry, latest.get(entry.pk)) for entry in result_mail.entries_of(drive)]
    return {
        "drive": drive,
        "finished": finished,
        "preview": result_mail.preview(drive=drive, base_url=base_url)
        if finished and preview
        else None,
        "rows": rows,
        # Failed, or interrupted (its sending stopped): both are sent again.
        "failed": sum(
            1
            for _e, m in rows
            if m is not None and (m.status == MailStatus.FAILED or m.interrupted)
        ),
        "interrupted_reason": result_mail.interrupted_reason(),
    }


def _progress(summary: result_mail.SendSummary, data: dict) -> result_mail.Progress:
    return result_mail.Progress.after_batch(
        summary,
        total=data["total"],
        sent=data["sent"] or 0,
        skipped=data["skipped"] or 0,
        failed=data["failed"] or 0,
    )


def _progress_query(progress: result_mail.Progress, only_failed: bool) -> str:
    fields = {
        "after": progress.after,
        "total": progress.total,
        "sent": progress.sent,
        "skipped": progress.skipped,
        "failed": progress.failed,
        "remaining": progress.remaining,
    }
    if only_failed:
        fields["only_failed"] = 1
    return urlencode(fields)


@organiser_required
@require_http_methods(["GET", "POST"])
def results_mail(request: HttpRequest, pk: int) -> HttpResponse:
    """Send each player of a finished drive their results (printing.result_mail):
    a preview of one message, the button, and who was sent what. A POST with
    `only_failed` sends again to the failures alone.

    Each POST sends for at most RESULTS_MAIL_SECONDS (well under the web
    worker's timeout). From htmx it sends one batch (RESULTS_MAIL_BATCH) and
    answers with the progress bar, which posts the next batch itself until
    none remain. Without JavaScript it sends what fits in the time, then goes
    back to the page: when players remain, the page (its address carrying how
    far the run got) says so and has a Continue button."""
    drive = club_drive(request, pk)
    base_url = request.build_absolute_uri("/")
    if request.method == "GET":
        context = _mail_context(drive, base_url)
        if "after" in request.GET:  # a run without JavaScript, part-way
            form = MailBatchForm(request.GET)
            if not form.is_valid():
                return _refused(request, _form_errors(form), 400)
            data = form.cleaned_data
            context.update(
                progress=result_mail.Progress.part_way(
                    total=data["total"] or 0,
                    remaining=data["remaining"] or 0,
                    sent=data["sent"] or 0,
                    skipped=data["skipped"] or 0,
                    failed=data["failed"] or 0,
                    after=data["after"] or 0,
                ),
                only_failed=data["only_failed"],
            )
        return render(request, "printing/results_mail.html", context)
    form = MailBatchForm(request.POST)
    if not form.is_valid():
        return _refused(request, _form_errors(form), 400)
    data = form.cleaned_data
    batch = request.htmx and not request.htmx.boosted
    try:
        summary = result_mail.results_send(
            drive=drive,
            by=request.user,
            only_failed=data["only_failed"],
            base_url=base_url,
            limit=settings.RESULTS_MAIL_BATCH if batch else None,
            after=data["after"] or 0,
            budget=settings.RESULTS_MAIL_SECONDS,
        )
    except ValidationError as error:
        return _refused(request, " ".join(error.messages), 409)
    progress = _progress(summary, data)
    if not batch:
        url = reverse("printing:results_mail", args=[drive.pk])
        if progress.remaining:  # the page's address says how far it got
            return redirect(f"{url}?{_progress_query(progress, data['only_failed'])}")
        messages.success(request, progress.words())
        return redirect(url)
    context = _mail_context(drive, base_url, preview=False)
    context.update(progress=progress, only_failed=data["only_failed"])
    return render(request, "printing/results_mail.html#mail-batch", context)


def _form_errors(form: forms.Form) -> str:
    return " ".join(f"{k}: {' '.join(v)}" for k, v in form.errors.items())
