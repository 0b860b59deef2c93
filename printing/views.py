"""Downloads of a drive: every printed sheet (PDF) and the results as CSV.

Organisers and assistants of the drive's club only; another club's drive is a
404. A bad option (paper=b5, per_page=3) is a 400 with a message saying what
to use; a sheet the drive cannot have yet (filled-in cards before the start)
is a 409 with a message.
"""

from __future__ import annotations

import io

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from drive.views import club_drive
from players.access import assistant_required
from scoring import exports, printing


def _message(text: str, status: int) -> HttpResponse:
    return HttpResponse(text, status=status, content_type="text/plain; charset=utf-8")


@assistant_required
@require_GET
def print_pdf(request: HttpRequest, pk: int, kind: str | None = None) -> HttpResponse:
    """/drives/<pk>/print/<kind>.pdf, or /drives/<pk>/print/?kind=... from the form."""
    drive = club_drive(request, pk)
    try:
        options = printing.parse_options(
            kind=kind or request.GET.get("kind", ""),
            paper=request.GET.get("paper"),
            per_page=request.GET.get("per_page"),
            count=request.GET.get("count"),
        )
    except printing.PrintError as error:
        return _message(str(error), 400)
    try:
        printed = printing.render(
            drive=drive, options=options, base_url=request.build_absolute_uri("/")
        )
    except printing.PrintError as error:
        return _message(str(error), 409)
    response = HttpResponse(printed.data, content_type="application/pdf")
    response["Content-Disposition"] = (
        f'attachment; filename="{printing.pdf_filename(drive, options.kind)}"'
    )
    return response


@assistant_required
@require_GET
def results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    text = io.StringIO()
    exports.write_results_csv(drive=drive, output=text)
    # The byte-order mark tells Excel the file is UTF-8, so accents survive.
    response = HttpResponse(
        text.getvalue().encode("utf-8-sig"), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = (
        f'attachment; filename="{exports.results_csv_filename(drive)}"'
    )
    return response
