"""Downloads of a drive: every printed sheet (PDF), the workbook and the results as CSV.

Organisers and assistants of the drive's club only; another club's drive is a
404. A bad option (paper=b5, per_page=3) is a 400 with a message saying what
to use; a sheet the drive cannot have yet (filled-in cards before the start)
is a 409 with a message.
"""

from __future__ import annotations

import io

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from drive.views import club_drive
from league.models import Season
from players.access import assistant_required
from printing import documents, exports, league_exports


def _message(text: str, status: int) -> HttpResponse:
    return HttpResponse(text, status=status, content_type="text/plain; charset=utf-8")


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
        )
    except documents.PrintError as error:
        return _message(str(error), 400)
    try:
        printed = documents.render(
            drive=drive, options=options, base_url=request.build_absolute_uri("/")
        )
    except documents.PrintError as error:
        return _message(str(error), 409)
    response = HttpResponse(printed.data, content_type="application/pdf")
    response["Content-Disposition"] = (
        f'attachment; filename="{documents.pdf_filename(drive, options.kind)}"'
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


@assistant_required
@require_GET
def workbook(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    response = HttpResponse(
        content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    response["Content-Disposition"] = (
        f'attachment; filename="{exports.workbook_filename(drive)}"'
    )
    exports.write_workbook(drive=drive, output=response)
    return response


@assistant_required
@require_GET
def season_workbook(request: HttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk, club=request.club)
    response = HttpResponse(
        content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    response["Content-Disposition"] = (
        f'attachment; filename="{league_exports.season_workbook_filename(season)}"'
    )
    league_exports.write_season_workbook(season=season, output=response)
    return response
