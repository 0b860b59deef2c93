"""Pages for prizes, half-time and results.

- *Club prizes* (/club/prizes/): the club's prize list and tie-break rules.
- *Drive prizes* (/drives/<id>/prizes/): who wins each prize, the mystery
  score, the draws that settle ties, custom winners, the drive's own list.
- *Half-time* and *results* (with each player's card), and the public results
  at /p/<key>/results/ (the shared leaderboard's key).
Everyone in the club may look; only organisers change anything. Another
club's drive is a 404.
"""

from __future__ import annotations

from dataclasses import replace

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from drive import silence
from drive.group_words import prize_group_labels
from drive.hall import phone_url
from drive.models import Drive, DriveState
from drive.secret_links import drive_by_public_key
from drive.views import club_drive
from players.access import assistant_required, organiser_required
from players.http import error_status
from players.language import use_club
from players.models import Role
from players.views import apply_errors
from prizes import giving, giving_services, result_cards, selectors, services
from prizes.forms import (
    TIE_BREAK_STEPS,
    ClubPrizesForm,
    ConsolationForm,
    CustomWinnerForm,
    DrawForm,
    MysteryForm,
    PrizeListForm,
    PrizeRows,
)
from prizes.games import PRIZE_GAMES
from prizes.models import TieDraw
from scoring import player_view, race
from scoring.tiebreaks import RULE_LABELS
from scoring.views.secret_links import (
    PUBLIC_COOKIE,
    count_miss,
    remember_link,
    secret_link_guard,
)


def check_organiser(request: HttpRequest) -> None:
    if request.membership.role != Role.ORGANISER:
        raise PermissionDenied(_("Only an organiser can do that."))


# --- the club's prize list and rules ---------------------------------------------


def _bound_prize_form(
    form_class,
    request: HttpRequest,
    *,
    labels,
    has_groups=True,
    has_tricks=True,
    hands_won=None,
):
    """The posted list as a form: from the rows of selects when the page sent
    them (written as the typed list's lines), else from a typed `prizes`.
    Returns (form, the rows or None, the rows' own problems)."""
    if not PrizeRows.posted(request.POST):
        return form_class(request.POST), None, []
    rows = PrizeRows.of_post(
        request.POST,
        labels=labels,
        has_groups=has_groups,
        has_tricks=has_tricks,
        hands_won=hands_won,
    )
    text, problems = rows.text()
    data = request.POST.copy()
    data["prizes"] = text
    form = form_class(data)
    if problems:
        form.is_valid()
        for problem in problems:
            form.add_error("prizes", problem)
    return form, rows, problems


def _club_prizes_initial(club) -> dict:
    """The club's prize rules as its page shows them (the list itself is
    the rows of selects, PrizeRows.of_specs)."""
    settings = selectors.club_settings(club=club)
    initial = {
        "one_prize_per_person": settings.one_prize_per_person,
        "left_early_out_of_prizes": settings.left_early_out_of_prizes,
    }
    order = selectors.club_tie_break_order(club_id=club.pk)
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
    labels = selectors.group_labels(club=club)
    rows = None
    if request.method == "POST":
        check_organiser(request)
        form, rows, problems = _bound_prize_form(ClubPrizesForm, request, labels=labels)
        if not problems and form.is_valid():
            try:
                services.club_prizes_update(
                    club=club,
                    prizes=form.cleaned_data["prizes"],
                    tie_breaks=form.tie_breaks(),
                    one_prize_per_person=form.cleaned_data["one_prize_per_person"],
                    left_early_out_of_prizes=form.cleaned_data[
                        "left_early_out_of_prizes"
                    ],
                )
            except ValidationError as error:
                apply_errors(form, error)
            else:
                messages.success(request, _("The prize list and tie-breaks are saved."))
                return redirect("prizes:club")
        status = 400
    else:
        form = ClubPrizesForm(initial=_club_prizes_initial(club))
    specs = selectors.club_prize_specs(club=club)
    return render(
        request,
        "prizes/club_prizes.html",
        {
            "form": form,
            "labels": labels,
            "rules": RULE_LABELS.values(),
            "rows": rows or PrizeRows.of_specs(specs, labels=labels),
            "prize_titles": [spec.title(labels) for spec in specs],
        },
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
    prizes = selectors.drive_prizes(drive=drive)
    context = {
        "drive": drive,
        "prizes": prizes,
        "mystery_form": mystery_form
        or MysteryForm(
            initial={"value": prizes.mystery.value if prizes.mystery else ""}
        ),
        "entries": drive.entries.select_related("player").order_by("number"),
    }
    return render(request, "prizes/prizes.html", context, status=status)


@assistant_required
@require_GET
def drive_prizes(request: HttpRequest, pk: int) -> HttpResponse:
    return _render_prizes(request, club_drive(request, pk))


@organiser_required
@require_http_methods(["GET", "POST"])
def drive_prizes_edit(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    labels = prize_group_labels(drive)
    # What the drive's game can give (prizes.games): its rows offer no more.
    offers = {
        "has_groups": drive.has_groups,
        "has_tricks": PRIZE_GAMES[drive.game].has_tricks,
        "hands_won": drive.words.most_hands_won_choice,
    }
    status = 200
    if request.method == "POST" and request.POST.get("reset") == "1":
        services.drive_prizes_reset(drive=drive)
        if drive.state in (DriveState.DRAFT, DriveState.OPEN):
            messages.success(request, _("This drive uses the club's prize list again."))
        else:
            messages.success(
                request,
                _(
                    "This drive now has the club's prize list and tie-breaks as "
                    "they are today, and keeps them."
                ),
            )
        return redirect("prizes:drive", pk=drive.pk)
    rows = None
    if request.method == "POST":
        form, rows, problems = _bound_prize_form(
            PrizeListForm, request, labels=labels, **offers
        )
        if not problems and form.is_valid():
            try:
                services.drive_prizes_update(
                    drive=drive, prizes=form.cleaned_data["prizes"]
                )
            except ValidationError as error:
                apply_errors(form, error)
            else:
                messages.success(request, _("This drive's prize list is saved."))
                return redirect("prizes:drive", pk=drive.pk)
        status = 400
    else:
        form = PrizeListForm()
    if rows is None:
        specs, _own = selectors.drive_prize_specs(drive=drive)
        rows = PrizeRows.of_specs(specs, labels=labels, **offers)
    return render(
        request,
        "prizes/drive_prizes_edit.html",
        {"drive": drive, "form": form, "rows": rows},
        status=status,
    )


@organiser_required
@require_POST
def drive_mystery(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    form = MysteryForm(request.POST)
    if request.POST.get("clear") == "1":
        services.mystery_score_clear(drive=drive)
        messages.success(request, _("The mystery score is cleared."))
        return redirect("prizes:drive", pk=drive.pk)
    if form.is_valid():
        try:
            mystery = services.mystery_score_set(
                drive=drive, value=form.cleaned_data["value"], by=request.user
            )
        except ValidationError as error:
            apply_errors(form, error)
        else:
            messages.success(
                request,
                _("The mystery score is %(value)d.") % {"value": mystery.value},
            )
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
        messages.error(request, _("Choose who won the cut."))
        return _render_prizes(request, drive, status=400)
    try:
        draw = services.tie_draw_record(
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
    messages.success(
        request,
        _("%(number)d %(name)s won the cut.")
        % {"number": entry.number, "name": entry.player.name},
    )
    return redirect("prizes:drive", pk=drive.pk)


@organiser_required
@require_POST
def drive_draw_undo(request: HttpRequest, pk: int, draw_pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    draw = get_object_or_404(TieDraw, pk=draw_pk, drive=drive)
    services.tie_draw_delete(draw=draw)
    messages.success(request, _("The draw is undone: that tie is open again."))
    return redirect("prizes:drive", pk=drive.pk)


@organiser_required
@require_POST
def drive_custom_winner(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    form = CustomWinnerForm(request.POST)
    if not form.is_valid():
        messages.error(
            request, _("Type the winner's number (or leave it empty to clear).")
        )
        return _render_prizes(request, drive, status=400)
    try:
        prize = services.custom_prize_award(
            drive=drive,
            position=form.cleaned_data["position"],
            entry_number=form.cleaned_data["entry"],
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return _render_prizes(request, drive, status=error_status(error))
    if prize.winner_id:
        messages.success(
            request,
            _("%(prize)s: %(winner)s.")
            % {"prize": prize.name, "winner": prize.winner.player.name},
        )
    else:
        messages.success(
            request, _("%(prize)s: no winner yet.") % {"prize": prize.name}
        )
    return redirect("prizes:drive", pk=drive.pk)


@organiser_required
@require_POST
def drive_consolation(request: HttpRequest, pk: int) -> HttpResponse:
    """The site draws a consolation prize's winner (again only when asked)."""
    drive = club_drive(request, pk)
    form = ConsolationForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("That consolation draw is not on this page."))
        return _render_prizes(request, drive, status=400)
    try:
        draw = services.consolation_draw(
            drive=drive,
            position=form.cleaned_data["position"],
            redraw=form.cleaned_data["redraw"],
            by=request.user,
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return _render_prizes(request, drive, status=error_status(error))
    entry = draw.winner_entry
    messages.success(
        request,
        _("The draw picked %(number)d %(name)s (seed %(seed)d).")
        % {"number": entry.number, "name": entry.player.name, "seed": draw.seed},
    )
    return redirect("prizes:drive", pk=drive.pk)


# --- half-time and results ---------------------------------------------------------


@assistant_required
@require_GET
def half_time(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    half = selectors.half_time(drive=drive)
    return render(request, "prizes/half_time.html", {"drive": drive, "half": half})


def _results_context(drive: Drive, request: HttpRequest) -> dict:
    """The results, and the race with the line of the player whose number
    the address names (?entry=12), when it names one."""
    if drive.state != DriveState.FINISHED:
        return {"drive": drive, "results": None}
    results = result_cards.drive_results(drive=drive)
    own, refusal = race.own_number(request.GET.get("entry", ""), results.scores)
    return {
        "drive": drive,
        "results": results,
        "race": race.race_figure(results.scores, id="race", own_number=own),
        "race_refusal": refusal,
        "own_number": own,
    }


def _player_context(context: dict, path: str) -> dict:
    """The public results page's "find me" (scoring.player_view): the places,
    prizes and open score card of the player the address names (?entry=12,
    as the results e-mail's link does)."""
    results, own = context["results"], context["own_number"]
    player = (
        None
        if own is None
        else player_view.player_view(
            drive=context["drive"], boards=results.boards, number=own
        )
    )
    return {
        "player": player,
        "player_finds": True,
        "find_url": path,
        "player_prizes": (
            None
            if player is None
            else [award.in_sentence for award in results.prizes.won_by(player.entry)]
        ),
        "player_card_url": "" if player is None else f"#card-{player.number}",
    }


def _results_page(request: HttpRequest, template: str, context: dict) -> HttpResponse:
    status = 400 if context.get("race_refusal") else 200
    return render(request, template, context, status=status)


@assistant_required
@require_GET
def results(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    context = _results_context(drive, request)
    if drive.public_key:
        context["public_url"] = phone_url(
            request, reverse("prizes:public_results", args=[drive.public_key])
        )
    return _results_page(request, "prizes/results.html", context)


@require_GET
def public_results(request: HttpRequest, key: str) -> HttpResponse:
    known, refused = secret_link_guard(request, key, PUBLIC_COOKIE)
    if refused is not None:
        return refused
    drive = drive_by_public_key(key)
    if drive is None:
        count_miss(request)
        raise Http404(_("No such results page."))
    use_club(request, drive.club)
    # The last rounds kept silent: the results wait for the prize-giving.
    silent = silence.in_force(drive)
    context = (
        {"drive": drive, "results": None}
        if silent
        else _results_context(drive, request)
    )
    context["silent"] = silent
    if context["results"] is not None:
        # During the prize-giving, only the prizes the projector has shown;
        # nor "No prize this time" to a player whose prize is still to come.
        every = context["results"].prizes
        shown = giving.announced(every)
        context["results"] = replace(context["results"], prizes=shown)
        context |= _player_context(context, request.path)
        if shown is not every and not context["player_prizes"]:
            context["player_prizes"] = None
    context["leaderboard_url"] = reverse("scoring:public", args=[key])
    response = _results_page(request, "prizes/public_results.html", context)
    if not known:
        remember_link(request, response, key, PUBLIC_COOKIE)
    return response


# --- the prize-giving on the projector ---------------------------------------------


def _giving_page(request: HttpRequest, drive: Drive, status: int = 200) -> HttpResponse:
    context = {
        "drive": drive,
        "giving": giving.prize_giving(drive=drive),
        "silent": silence.in_force(drive),
        "finished": drive.state == DriveState.FINISHED,
    }
    return render(request, "prizes/giving.html", context, status=status)


@organiser_required
@require_GET
def prize_giving(request: HttpRequest, pk: int) -> HttpResponse:
    """Where the prize-giving is, with Next prize, Back and Stop; Reveal."""
    return _giving_page(request, club_drive(request, pk))


def _posted_number(
    request: HttpRequest, name: str, *, digits: int, required: bool = False
) -> int | None:
    """A whole number the page's form sends (None: not sent, if not
    `required`); anything else a 400 with words."""
    text = request.POST.get(name, "").strip()
    if not text and not required:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > digits:
        raise ValidationError(
            _("Something was missing from that choice; nothing was saved. Try again."),
            code="invalid",
        )
    return int(text)


def _seen(request: HttpRequest) -> int | None:
    """The step the page showed when it was made (None: not sent)."""
    return _posted_number(request, "seen", digits=4)


@organiser_required
@require_POST
def prize_giving_step(request: HttpRequest, pk: int) -> HttpResponse:
    """Start (or go on), Next prize, Back, Stop or End: a plain form from any
    phone or laptop."""
    drive = club_drive(request, pk)
    action = request.POST.get("action", "")
    try:
        if action == "start":
            giving_services.prize_giving_start(drive=drive, by=request.user)
        elif action == "stop":
            giving_services.prize_giving_stop(drive=drive, by=request.user)
        elif action == "end":
            giving_services.prize_giving_end(drive=drive, by=request.user)
        else:
            giving_services.prize_giving_step(
                drive=drive, action=action, seen=_seen(request), by=request.user
            )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return _giving_page(
            request, Drive.objects.get(pk=drive.pk), status=error_status(error)
        )
    return redirect("prizes:giving", pk=drive.pk)


def _entry_pk(request: HttpRequest) -> int:
    return _posted_number(request, "entry", digits=12, required=True)


@organiser_required
@require_POST
def prize_giving_absent(request: HttpRequest, pk: int) -> HttpResponse:
    """Not here (a winner called who went home) or its Undo: a plain form."""
    drive = club_drive(request, pk)
    try:
        if request.POST.get("action") == "back":
            marked = giving_services.prize_giving_back_here(
                drive=drive, entry_pk=_entry_pk(request), by=request.user
            )
            done = ngettext(
                "%(name)s is back in the prizes.",
                "%(name)s are back in the prizes.",
                marked.people,
            )
        else:
            marked = giving_services.prize_giving_not_here(
                drive=drive,
                entry_pk=_entry_pk(request),
                prize=request.POST.get("prize", ""),
                by=request.user,
            )
            done = ngettext(
                "%(name)s is marked as not here.",
                "%(name)s are marked as not here.",
                marked.people,
            )
            if marked.not_given:
                messages.warning(
                    request,
                    _("%(prize)s is not given: nobody eligible is left.")
                    % {"prize": marked.not_given},
                )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return _giving_page(
            request, Drive.objects.get(pk=drive.pk), status=error_status(error)
        )
    messages.success(request, done % {"name": marked.name})
    return redirect("prizes:giving", pk=drive.pk)


@assistant_required
@require_GET
def prize_giving_watch(request: HttpRequest, pk: int) -> HttpResponse:
    """The projector on the boards of a finished drive asks every few seconds
    (prizes/_giving_watch.html): nothing to do, or, once the prize-giving is
    on, reload to show it."""
    drive = club_drive(request, pk)
    response = HttpResponse(status=204)
    if drive.prize_step is not None:
        response["HX-Refresh"] = "true"
    return response


@organiser_required
@require_POST
def reveal(request: HttpRequest, pk: int) -> HttpResponse:
    """Lift the silence of the last rounds: the boards players see show everything."""
    drive = club_drive(request, pk)
    try:
        giving_services.silence_lift(drive=drive, by=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return _giving_page(
            request, Drive.objects.get(pk=drive.pk), status=error_status(error)
        )
    messages.success(
        request,
        _("Revealed: the projector and the shared leaderboard show every round."),
    )
    return redirect("prizes:giving", pk=drive.pk)
