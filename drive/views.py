"""Organiser pages for a drive: set-up, starting, seating (the door is
drive.door_views)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from drive import (
    format_notes,
    rubber_rules,
    selectors,
    services,
    setup,
)
from drive.forms import DriveForm, WifiForm
from drive.game_pages import GAME_PAGES
from drive.group_words import default_group_labels
from drive.models import Drive, DriveState, MovementFormat
from drive.money_selectors import drive_takings
from players.access import assistant_required, organiser_required
from players.http import error_status
from players.views import apply_errors


def club_drive(request: HttpRequest, pk: int) -> Drive:
    """A drive of the user's club; any other is a 404."""
    return get_object_or_404(Drive, pk=pk, club=request.club)


@assistant_required
@require_GET
def drive_list(request: HttpRequest) -> HttpResponse:
    drives = Drive.objects.filter(club=request.club)
    return render(request, "drive/list.html", {"drives": drives})


def locked(form: DriveForm, disabled: bool) -> None:
    """Once play has started, the settings that may no longer change are shown, not offered."""
    if disabled:
        for name in form.fields:
            if name not in setup.IN_PLAY_FIELDS:
                form.fields[name].disabled = True


def settings_shown(
    request: HttpRequest,
    *,
    drive: Drive | None = None,
    disabled: bool = False,
    **kwargs,
) -> HttpResponse | None:
    """The drive's form again, nothing saved, with the settings of the movement
    chosen (DriveForm.for_chosen_format): the whole page, or with htmx its
    settings alone, or only the honours and revokes line (what the settings
    typed so far choose). None when the form is to be saved."""
    if request.method != "POST":
        return None
    if request.htmx and "honours_summary" in request.POST:
        # The folded honours and revokes section's line, as ticked so far.
        form = DriveForm(
            request.POST, format=request.POST.get("shown_format"), **kwargs
        )
        locked(form, disabled)
        return render(
            request,
            "drive/form.html#honours_summary",
            {
                "form": form,
                "summary": form.honours_summary(),
                "followed": preset_followed(form),
            },
        )
    form = DriveForm.for_chosen_format(request.POST, **kwargs)
    if form is None:
        return None
    locked(form, disabled)
    # The settings alone answer the movement's own htmx request; the button
    # (or Create) pressed with htmx on is a boosted submit, which swaps the
    # whole page and so needs the whole page.
    alone = request.htmx and not request.htmx.boosted
    template = "drive/form.html#settings" if alone else "drive/form.html"
    return render(request, template, {"form": form, "drive": drive})


def preset_followed(form: DriveForm) -> list[str]:
    """With the line, the rubber preset "Count honours" follows now, and the
    box itself when it changed to follow the preset chosen
    (DriveForm.follow_preset): put in their places on the page by htmx
    (hx-swap-oob). None for a page that did not send the preset followed."""
    if form.honours_follows is None or form.FOLLOWS not in form.data:
        return []
    followed = [
        format_html(
            '<input type="hidden" name="{}" value="{}" id="id_{}" hx-swap-oob="true">',
            form.FOLLOWS,
            form.honours_follows,
            form.FOLLOWS,
        )
    ]
    if form.honours_moved:
        followed.append(form["count_honours"].as_widget(attrs={"hx-swap-oob": "true"}))
    return followed


@organiser_required
@require_http_methods(["GET", "POST"])
def drive_create(request: HttpRequest) -> HttpResponse:
    initial = {
        "name": _("Whist drive"),
        "date": timezone.localdate(),
        **{
            f"group_{group.lower()}_label": label
            for group, label in default_group_labels(request.club.language).items()
        },
    }
    # A Russian club plays rubbers by its own book (drive.rubber_rules).
    initial["rubber_preset"] = rubber_rules.usual_preset(request.club.language)
    # A link may choose the movement (?format=rubber): the form shows its settings.
    if request.GET.get("format") in MovementFormat.values:
        initial["format"] = request.GET["format"]
    form = DriveForm(request.POST or None, initial=initial)
    shown = settings_shown(request, initial=initial)
    if shown:
        return shown
    if request.method == "POST":
        if form.is_valid():
            try:
                drive = services.drive_create(club=request.club, **form.cleaned_data)
            except ValidationError as error:
                apply_errors(form, error)
            else:
                messages.success(
                    request, _("%(name)s is set up.") % {"name": drive.name}
                )
                return redirect("drive:detail", pk=drive.pk)
        return render(request, "drive/form.html", {"form": form}, status=400)
    return render(request, "drive/form.html", {"form": form})


@organiser_required
@require_http_methods(["GET", "POST"])
def drive_edit(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    form = DriveForm(request.POST or None, instance=Drive.objects.get(pk=drive.pk))
    disabled = not drive.is_setup_editable
    locked(form, disabled)
    shown = settings_shown(
        request, instance=form.instance, drive=drive, disabled=disabled
    )
    if shown:
        return shown
    if request.method == "POST":
        if form.is_valid():
            try:
                services.drive_update(drive=drive, **form.cleaned_data)
            except ValidationError as error:
                apply_errors(form, error)
            else:
                messages.success(request, _("Saved."))
                return redirect("drive:detail", pk=drive.pk)
        return render(
            request, "drive/form.html", {"form": form, "drive": drive}, status=400
        )
    return render(request, "drive/form.html", {"form": form, "drive": drive})


def _detail_context(drive: Drive) -> dict:
    count = selectors.head_count(drive=drive)
    return {
        "drive": drive,
        # What the page shows of the drive's game (drive.game_pages).
        "game": GAME_PAGES[drive.game],
        "count": count,
        "entries": drive.entries.count(),
        # The format's rules in words, from the app that knows them (prediction whist).
        "format_lines": format_notes.format_lines(drive=drive, players=count.players),
        # Expected, received, outstanding and the night's net (drive.money_selectors).
        "takings": drive_takings(drive=drive),
        # The hall's Wi-Fi for the table cards, in the print section (drive.hall_views).
        "wifi_form": WifiForm(
            initial={"wifi_name": drive.wifi_name, "wifi_password": drive.wifi_password}
        ),
        # The players whose score cards print in large print (printing.documents).
        "large_print": drive.entries.filter(large_print=True).count(),
    }


@assistant_required
@require_GET
def drive_detail(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    return render(request, "drive/detail.html", _detail_context(drive))


def _state_change(
    request: HttpRequest, pk: int, action, success: str, target: str
) -> HttpResponse:
    drive = club_drive(request, pk)
    try:
        action(drive=drive)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return render(
            request,
            "drive/detail.html",
            _detail_context(Drive.objects.get(pk=drive.pk)),
            status=error_status(error),
        )
    messages.success(request, success)
    return redirect(target, pk=drive.pk)


@organiser_required
@require_POST
def drive_open(request: HttpRequest, pk: int) -> HttpResponse:
    return _state_change(
        request,
        pk,
        services.drive_open_registration,
        _("Registration is open."),
        "drive:entries",
    )


# The field the confirmation's "Start the drive" button sends: a POST
# without it (one tap on a button beside the door's form) only asks.
START_CONFIRM = ("confirm", "start")


@organiser_required
@require_http_methods(["GET", "POST"])
def drive_start(request: HttpRequest, pk: int) -> HttpResponse:
    """Starting is two steps: the start button leads here, to a page saying
    what will happen, whose own button starts the drive. A drive that cannot
    start (in play, or too few checked in) is refused by the service, in words."""
    drive = club_drive(request, pk)
    field, value = START_CONFIRM
    confirmed = request.method == "POST" and request.POST.get(field) == value
    if drive.is_setup_editable and not confirmed:
        return _start_confirm(request, drive)
    if request.method == "GET":
        return redirect("drive:detail", pk=drive.pk)
    try:
        services.drive_start(drive=drive)
    except ValidationError as error:
        now = Drive.objects.get(pk=drive.pk)
        if confirmed and now.state == DriveState.IN_PLAY:
            # Two laptops at the door pressed Start: the second finds it done.
            return _started_already(request, now)
        if now.is_setup_editable:
            # Refused (groups unbalanced, too few here): the page asking to
            # start says why, at its own address, with its Balance button.
            return _start_confirm(
                request, now, status=error_status(error), refusal=error.messages
            )
        messages.error(request, " ".join(error.messages))
        return render(
            request,
            "drive/detail.html",
            _detail_context(now),
            status=error_status(error),
        )
    messages.success(request, drive.words.drive_started)
    return redirect("drive:seating", pk=drive.pk)


def _start_confirm(
    request: HttpRequest,
    drive: Drive,
    status: int = 200,
    refusal: list[str] | None = None,
) -> HttpResponse:
    """The page asking to start: what starting does, and the head count; a
    start that would be refused says why instead of offering its button."""
    count = selectors.head_count(drive=drive)
    if refusal is None and not count.players_still_needed:
        refusal = services.start_refusal(drive=drive)
    elif refusal and count.players_still_needed:
        # The page says only how many more to check in: the refusal's words too.
        messages.error(request, " ".join(refusal))
    return render(
        request,
        "drive/start_confirm.html",
        {
            "drive": drive,
            "count": count,
            "refusal": refusal or [],
            "not_here": selectors.not_checked_in(drive=drive),
            "confirm": START_CONFIRM,
        },
        status=status,
    )


def _started_already(request: HttpRequest, drive: Drive) -> HttpResponse:
    """What Start says when the drive was started meanwhile (by the other
    laptop at the door): what the press was for is done, so the round's
    seating, not a refusal."""
    messages.info(request, drive.words.started_elsewhere(drive.current_round))
    return redirect("drive:seating", pk=drive.pk)


@assistant_required
@require_GET
def seating(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    try:
        round_number = int(request.GET.get("round", drive.current_round))
    except ValueError:
        round_number = drive.current_round
    round_number = max(1, min(round_number, max(drive.current_round, 1)))
    context = {
        "drive": drive,
        "game": GAME_PAGES[drive.game],
        "seating": selectors.round_seating(drive=drive, round_number=round_number),
        "by_entry": selectors.seating_by_entry(drive=drive, round_number=round_number),
        "round_number": round_number,
        "rounds": range(1, drive.current_round + 1),
    }
    return render(request, "drive/seating.html", context)


@assistant_required
@require_GET
def movement(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    overview = selectors.movement_overview(drive=drive)
    return render(
        request,
        "drive/movement.html",
        {"drive": drive, "game": GAME_PAGES[drive.game], "m": overview},
    )
