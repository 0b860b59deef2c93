"""Pages of the season: the list of seasons and the league's rules, a season's
league table, its draws and attendance; and a player's history.

Everyone in the club may look; only organisers change anything. Another
club's season or player is a 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from league import progress, selectors, services
from league.forms import LeagueSettingsForm, SeasonForm
from league.models import Season
from players.access import assistant_required, organiser_required
from players.http import error_status, number_sent
from players.models import Player
from players.views import apply_errors
from prizes import selectors as prize_selectors
from prizes import services as prize_services
from prizes.forms import DrawForm
from prizes.models import TieDraw
from prizes.views import check_organiser
from scoring import charts


def _club_season(request: HttpRequest, pk: int) -> Season:
    return get_object_or_404(Season, pk=pk, club=request.club)


def _render_seasons(
    request: HttpRequest,
    *,
    form: SeasonForm | None = None,
    settings_form: LeagueSettingsForm | None = None,
    status: int = 200,
) -> HttpResponse:
    settings = prize_selectors.club_settings(club=request.club)
    return render(
        request,
        "league/seasons.html",
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
    check_organiser(request)
    form = SeasonForm(request.POST)
    if form.is_valid():
        try:
            season = services.season_create(club=request.club, **form.cleaned_data)
        except ValidationError as error:
            apply_errors(form, error)
        else:
            messages.success(
                request, _("Season %(name)s is set up.") % {"name": season.name}
            )
            return redirect("league:season", pk=season.pk)
    return _render_seasons(request, form=form, status=400)


@organiser_required
@require_POST
def league_settings(request: HttpRequest) -> HttpResponse:
    form = LeagueSettingsForm(request.POST)
    if form.is_valid():
        try:
            services.league_settings_update(club=request.club, **form.cleaned_data)
        except ValidationError as error:
            apply_errors(form, error)
        else:
            messages.success(request, _("The league's rules are saved."))
            return redirect("league:seasons")
    return _render_seasons(request, settings_form=form, status=400)


@assistant_required
@require_GET
def season_detail(request: HttpRequest, pk: int) -> HttpResponse:
    season = _club_season(request, pk)
    return render(request, "league/league.html", _league_context(season))


def _league_context(season: Season) -> dict:
    """The league table, and its leaders' progress drawn over the season."""
    league = selectors.league(season=season)
    return {
        "season": season,
        "league": league,
        "progress": charts.figure(progress.leaders_progress(league), id="progress"),
    }


@organiser_required
@require_http_methods(["GET", "POST"])
def season_edit(request: HttpRequest, pk: int) -> HttpResponse:
    season = _club_season(request, pk)
    status = 200
    if request.method == "POST":
        form = SeasonForm(request.POST)
        if form.is_valid():
            try:
                services.season_update(season=season, **form.cleaned_data)
            except ValidationError as error:
                apply_errors(form, error)
            else:
                messages.success(request, _("Saved."))
                return redirect("league:season", pk=season.pk)
        status = 400
    else:
        form = SeasonForm(
            initial={
                "name": season.name,
                "start": season.start,
                "end": season.end,
                "game": season.game,
            }
        )
    return render(
        request,
        "league/season_form.html",
        {"season": season, "form": form},
        status=status,
    )


@organiser_required
@require_POST
def season_delete(request: HttpRequest, pk: int) -> HttpResponse:
    season = _club_season(request, pk)
    services.season_delete(season=season)
    messages.success(
        request,
        _("Season %(name)s is deleted; its drives are kept.") % {"name": season.name},
    )
    return redirect("league:seasons")


@organiser_required
@require_POST
def season_draw(request: HttpRequest, pk: int) -> HttpResponse:
    season = _club_season(request, pk)
    form = DrawForm(request.POST)
    status = 400
    if form.is_valid():
        try:
            draw = services.season_draw_record(
                season=season,
                members=form.cleaned_data["members"],
                winner=form.cleaned_data["winner"],
                by=request.user,
            )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
            status = error_status(error)
        else:
            messages.success(
                request, selectors.league(season=season).cut_won_words(draw)
            )
            return redirect("league:season", pk=season.pk)
    else:
        messages.error(request, _("Choose who won the cut."))
    return render(request, "league/league.html", _league_context(season), status=status)


@organiser_required
@require_POST
def season_draw_undo(request: HttpRequest, pk: int, draw_pk: int) -> HttpResponse:
    season = _club_season(request, pk)
    draw = get_object_or_404(TieDraw, pk=draw_pk, season=season)
    prize_services.tie_draw_delete(draw=draw)
    messages.success(request, _("The draw is undone: that tie is open again."))
    return redirect("league:season", pk=season.pk)


@assistant_required
@require_GET
def season_attendance(request: HttpRequest, pk: int) -> HttpResponse:
    season = _club_season(request, pk)
    return render(
        request,
        "league/attendance.html",
        {
            "season": season,
            "attendance": selectors.season_attendance(season=season),
        },
    )


@assistant_required
@require_GET
def season_takings(request: HttpRequest, pk: int) -> HttpResponse:
    season = _club_season(request, pk)
    return render(
        request,
        "league/takings.html",
        {"season": season, "takings": selectors.season_takings(season=season)},
    )


@assistant_required
@require_GET
def player_history(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk, club=request.club)
    season = None
    chosen = number_sent(request.GET.get("season", ""), digits=9)
    if chosen is not None:
        season = Season.objects.filter(pk=chosen, club=request.club).first()
    rows = selectors.player_history(player=player, season=season)
    drives = progress.player_drives(rows)
    return render(
        request,
        "league/player_history.html",
        {
            "player": player,
            "rows": rows,
            "season": season,
            "seasons": Season.objects.filter(club=request.club),
            "drives": drives,
            "score_chart": charts.figure(drives.scores, id="scores")
            if drives.scores
            else None,
            "place_chart": charts.figure(drives.places, id="places"),
        },
    )
