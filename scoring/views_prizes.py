"""Pages for prizes, half-time, results and the season.

- *Club prizes* (/club/prizes/): the club's prize list and tie-break rules.
- *Drive prizes* (/drives/<id>/prizes/): who wins each prize, the mystery
  score, the draws that settle ties, custom winners, the drive's own list.
- *Half-time* and *results* (with each player's card), and the public results
  at /p/<key>/results/ (the shared leaderboard's key).
- *Seasons*: the list, the league table, attendance, the workbook; and a
  player's history.

Everyone in the club may look; only organisers change anything. Another
club's drive, season or player is a 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from drive.models import Drive, DriveState
from drive.views import club_drive
from players.access import assistant_required, organiser_required
from players.http import error_status
from players.models import Player, Role
from players.views import apply_errors
from scoring import exports_prizes, selectors_prizes, services_prizes
from scoring.forms_prizes import (
    TIE_BREAK_STEPS,
    ClubPrizesForm,
    CustomWinnerForm,
    DrawForm,
    LeagueSettingsForm,
    MysteryForm,
    PrizeListForm,
    SeasonForm,
)
from scoring.models import Season, TieDraw
from scoring.prizes import prize_list_text
from scoring.tiebreaks import RULE_LABELS
from scoring.views_captain import (
    PUBLIC_COOKIE,
    _count_miss,
    _remember_link,
    _secret_link_guard,
)


def _check_organiser(request: HttpRequest) -> None:
    if request.membership.role != Role.ORGANISER:
        raise PermissionDenied("Only an organiser can do that.")


def _club_season(request: HttpRequest, pk: int) -> Season:
    return get_object_or_404(Season, pk=pk, club=request.club)


# --- the club's prize list and rules ---------------------------------------------


def _club_prizes_initial(club) -> dict:
    settings = selectors_prizes.club_settings(club=club)
    labels = selectors_prizes.group_labels(club=club)
    initial = {
        "prizes": prize_list_text(
            selectors_prizes.club_prize_specs(club=club), labels=labels
        ),
        "one_prize_per_person": settings.one_prize_per_person,
    }
    order = selectors_prizes.club_tie_break_order(club_id=club.pk)
    for step in range(1, TIE_BREAK_STEPS + 1):
        initial[f"tie_break_{step}"] = (
            order[step - 1].value if step <= len(order) else ""
        )
    return initial


@assistant_required
@require_http_methods(["GET", "POST"])
def club_prizes(request: HttpRequest) -> HttpResponse:
    club = request.club
    status = 200
    if request.method == "POST":
        _check_organiser(request)
        form = ClubPrizesForm(request.POST)
        if form.is_valid():
            try:
                services_prizes.club_prizes_update(
                    club=club,
                    prizes=form.cleaned_data["prizes"],
                    tie_breaks=form.tie_breaks(),
                    one_prize_per_person=form.cleaned_data["one_prize_per_person"],
                )
            except ValidationError as error:
                apply_errors(form, error)
            else:
                messages.success(request, "The prize list and tie-breaks are saved.")
                return redirect("prizes:club")
        status = 400
    else:
        form = ClubPrizesForm(initial=_club_prizes_initial(club))
    labels = selectors_prizes.group_labels(club=club)
    return render(
        request,
        "scoring/club_prizes.html",
        {"form": form, "labels": labels, "rules": RULE_LABELS.values()},
        status=status,
    )


# --- one drive's prizes ------------------------------------------------------------


def _render_prizes(
    request: HttpRequest,
    drive: Drive,
    *,
    status: int = 200,
    mystery_form: MysteryForm | None = None,
) -> HttpResponse:
    prizes = selectors_prizes.drive_prizes(drive=drive)
    context = {
        "drive": drive,
        "prizes": prizes,
        "mystery_form": mystery_form
        or MysteryForm(
            initial={"value": prizes.mystery.value if prizes.mystery else ""}
        ),
        "entries": drive.entries.select_related("player").order_by("number"),
    }
    return render(request, "scoring/prizes.html", context, status=status)


@assistant_required
@require_GET
def drive_prizes(request: HttpRequest, pk: int) -> HttpResponse:
    return _render_prizes(request, club_drive(request, pk))


@organiser_required
@require_http_methods(["GET", "POST"])
def drive_prizes_edit(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    labels = {"A": drive.group_a_label, "B": drive.group_b_label}
    status = 200
    if request.method == "POST" and request.POST.get("reset") == "1":
        services_prizes.drive_prizes_reset(drive=drive)
        if drive.state in (DriveState.DRAFT, DriveState.OPEN):
            messages.success(request, "This drive uses the club's prize list again.")
        else:
            messages.success(
                request,
                _(
                    "This drive now has the club's prize list and tie-breaks as "
                    "they are today, and keeps them."
                ),
            )
        return redirect("prizes:drive", pk=drive.pk)
    if request.method == "POST":
        form = PrizeListForm(request.POST)
        if form.is_valid():
            try:
                services_prizes.drive_prizes_update(
                    drive=drive, prizes=form.cleaned_data["prizes"]
                )
            except ValidationError as error:
                apply_errors(form, error)
            else:
                messages.success(request, "This drive's prize list is saved.")
                return redirect("prizes:drive", pk=drive.pk)
        status = 400
    else:
        specs, _own = selectors_prizes.drive_prize_specs(drive=drive)
        form = PrizeListForm(initial={"prizes": prize_list_text(specs, labels=labels)})
    return render(
        request,
        "scoring/drive_prizes_edit.html",
        {"drive": drive, "form": form},
        status=status,
    )


@organiser_required
@require_POST
def drive_mystery(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    form = MysteryForm(request.POST)
    if request.POST.get("clear") == "1":
        services_prizes.mystery_score_clear(drive=drive)
        messages.success(request, "The mystery score is cleared.")
        return redirect("prizes:drive", pk=drive.pk)
    if form.is_valid():
        try:
            mystery = services_prizes.mystery_score_set(
                drive=drive, value=form.cleaned_data["value"], by=request.user
            )
        except ValidationError as error:
            apply_errors(form, error)
        else:
            messages.success(request, f"The mystery score is {mystery.value}.")
            return redirect("prizes:drive", pk=drive.pk)
    messages.error(
        request, " ".join(e for errors in form.errors.values() for e in errors)
    )
    return _render_prizes(request, drive, status=400, mystery_form=form)


@organiser_required
@require_POST
def drive_draw(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    form = DrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose who won the cut.")
        return _render_prizes(request, drive, status=400)
    try:
        draw = services_prizes.tie_draw_record(
            drive=drive,
            contest=form.cleaned_data["contest"],
            members=form.cleaned_data["members"],
            winner=form.cleaned_data["winner"],
            by=request.user,
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return _render_prizes(request, drive, status=error_status(error))
    entry = draw.winner_entry
    messages.success(request, f"{entry.number} {entry.player.name} won the cut.")
    return redirect("prizes:drive", pk=drive.pk)


@organiser_required
@require_POST
def drive_draw_undo(request: HttpRequest, pk: int, draw_pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    draw = get_object_or_404(TieDraw, pk=draw_pk, drive=drive)
    services_prizes.tie_draw_delete(draw=draw)
    messages.success(request, "The draw is undone: that tie is open again.")
    return redirect("prizes:drive", pk=drive.pk)


@organiser_required
@require_POST
def drive_custom_winner(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    form = CustomWinnerForm(request.POST)
    if not form.is_valid():
        messages.error(
            request, "Type the winner's number (or leave it empty to clear)."
        )
        return _render_prizes(request, drive, status=400)
    try:
        prize = services_prizes.custom_prize_award(
            drive=drive,
            position=form.cleaned_data["position"],
            entry_number=form.cleaned_data["entry"],
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return _render_prizes(request, drive, status=error_status(error))
    if prize.winner_id:
        messages.success(request, f"{prize.name}: {prize.winner.player.name}.")
    else:
        messages.success(request, f"{prize.name}: no winner yet.")
    return redirect("prizes:drive", pk=drive.pk)


# --- half-time and results ---------------------------------------------------------


@assistant_required
@require_GET
def half_time(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    half = selectors_prizes.half_time(drive=drive)
    return render(request, "scoring/half_time.html", {"drive": drive, "half": half})


def _results_context(drive: Drive) -> dict:
    if drive.state != DriveState.FINISHED:
        return {"drive": drive, "results": None}
    return {"drive": drive, "results": selectors_prizes.drive_results(drive=drive)}


@assistant_required
@require_GET
def results(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    context = _results_context(drive)
    if drive.public_key:
        context["public_url"] = request.build_absolute_uri(
            reverse("prizes:public_results", args=[drive.public_key])
        )
    return render(request, "scoring/results.html", context)


@require_GET
def public_results(request: HttpRequest, key: str) -> HttpResponse:
    known, refused = _secret_link_guard(request, key, PUBLIC_COOKIE)
    if refused is not None:
        return refused
    drive = Drive.objects.filter(public_key=key).exclude(public_key="").first()
    if drive is None:
        _count_miss(request)
        raise Http404("No such results page.")
    context = _results_context(drive)
    context["leaderboard_url"] = reverse("scoring:public", args=[key])
    response = render(request, "scoring/public_results.html", context)
    if not known:
        _remember_link(request, response, key, PUBLIC_COOKIE, "/p/")
    return response


# --- seasons ---------------------------------------------------------------------


def _render_seasons(
    request: HttpRequest,
    *,
    form: SeasonForm | None = None,
    settings_form: LeagueSettingsForm | None = None,
    status: int = 200,
) -> HttpResponse:
    settings = selectors_prizes.club_settings(club=request.club)
    return render(
        request,
        "scoring/seasons.html",
        {
            "seasons": Season.objects.filter(club=request.club),
            "form": form or SeasonForm(),
            "settings_form": settings_form
            or LeagueSettingsForm(
                initial={
                    "best_of": settings.best_of,
                    "min_attendance": settings.min_attendance,
                }
            ),
        },
        status=status,
    )


@assistant_required
@require_http_methods(["GET", "POST"])
def seasons(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        return _render_seasons(request)
    _check_organiser(request)
    form = SeasonForm(request.POST)
    if form.is_valid():
        try:
            season = services_prizes.season_create(
                club=request.club, **form.cleaned_data
            )
        except ValidationError as error:
            apply_errors(form, error)
        else:
            messages.success(request, f"Season {season.name} is set up.")
            return redirect("prizes:season", pk=season.pk)
    return _render_seasons(request, form=form, status=400)


@organiser_required
@require_POST
def league_settings(request: HttpRequest) -> HttpResponse:
    form = LeagueSettingsForm(request.POST)
    if form.is_valid():
        try:
            services_prizes.league_settings_update(
                club=request.club, **form.cleaned_data
            )
        except ValidationError as error:
            apply_errors(form, error)
        else:
            messages.success(request, "The league's rules are saved.")
            return redirect("prizes:seasons")
    return _render_seasons(request, settings_form=form, status=400)


@assistant_required
@require_GET
def season_detail(request: HttpRequest, pk: int) -> HttpResponse:
    season = _club_season(request, pk)
    return render(
        request,
        "scoring/league.html",
        {"season": season, "league": selectors_prizes.league(season=season)},
    )


@organiser_required
@require_http_methods(["GET", "POST"])
def season_edit(request: HttpRequest, pk: int) -> HttpResponse:
    season = _club_season(request, pk)
    status = 200
    if request.method == "POST":
        form = SeasonForm(request.POST)
        if form.is_valid():
            try:
                services_prizes.season_update(season=season, **form.cleaned_data)
            except ValidationError as error:
                apply_errors(form, error)
            else:
                messages.success(request, "Saved.")
                return redirect("prizes:season", pk=season.pk)
        status = 400
    else:
        form = SeasonForm(
            initial={"name": season.name, "start": season.start, "end": season.end}
        )
    return render(
        request,
        "scoring/season_form.html",
        {"season": season, "form": form},
        status=status,
    )


@organiser_required
@require_POST
def season_delete(request: HttpRequest, pk: int) -> HttpResponse:
    season = _club_season(request, pk)
    services_prizes.season_delete(season=season)
    messages.success(request, f"Season {season.name} is deleted; its drives are kept.")
    return redirect("prizes:seasons")


@organiser_required
@require_POST
def season_draw(request: HttpRequest, pk: int) -> HttpResponse:
    season = _club_season(request, pk)
    form = DrawForm(request.POST)
    status = 400
    if form.is_valid():
        try:
            draw = services_prizes.season_draw_record(
                season=season,
                members=form.cleaned_data["members"],
                winner=form.cleaned_data["winner"],
                by=request.user,
            )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
            status = error_status(error)
        else:
            messages.success(request, f"{draw.winner_player.name} won the cut.")
            return redirect("prizes:season", pk=season.pk)
    else:
        messages.error(request, "Choose who won the cut.")
    return render(
        request,
        "scoring/league.html",
        {"season": season, "league": selectors_prizes.league(season=season)},
        status=status,
    )


@organiser_required
@require_POST
def season_draw_undo(request: HttpRequest, pk: int, draw_pk: int) -> HttpResponse:
    season = _club_season(request, pk)
    draw = get_object_or_404(TieDraw, pk=draw_pk, season=season)
    services_prizes.tie_draw_delete(draw=draw)
    messages.success(request, "The draw is undone: that tie is open again.")
    return redirect("prizes:season", pk=season.pk)


@assistant_required
@require_GET
def season_attendance(request: HttpRequest, pk: int) -> HttpResponse:
    season = _club_season(request, pk)
    return render(
        request,
        "scoring/attendance.html",
        {
            "season": season,
            "attendance": selectors_prizes.season_attendance(season=season),
        },
    )


@assistant_required
@require_GET
def season_export(request: HttpRequest, pk: int) -> HttpResponse:
    season = _club_season(request, pk)
    response = HttpResponse(
        content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    response["Content-Disposition"] = (
        f'attachment; filename="{exports_prizes.season_workbook_filename(season)}"'
    )
    exports_prizes.write_season_workbook(season=season, output=response)
    return response


@assistant_required
@require_GET
def player_history(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk, club=request.club)
    season = None
    raw = request.GET.get("season", "")
    if raw.isdigit() and len(raw) < 10:
        season = Season.objects.filter(pk=int(raw), club=request.club).first()
    rows = selectors_prizes.player_history(player=player, season=season)
    return render(
        request,
        "scoring/player_history.html",
        {
            "player": player,
            "rows": rows,
            "season": season,
            "seasons": Season.objects.filter(club=request.club),
        },
    )
