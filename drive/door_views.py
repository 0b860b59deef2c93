"""The door: the organiser's list of entries, registration, arrivals,
withdrawals and the groups' balance."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from drive import (
    entry_services,
    money_services,
    selectors,
    services,
)
from drive.door_words import arrival_done, entry_action_done
from drive.forms import RegisterForm
from drive.large_print import entry_set_large_print
from drive.models import Drive, DriveState, Entry
from drive.views import club_drive
from players.access import assistant_required, organiser_required
from players.collation import sort_key
from players.http import error_status
from players.models import Player
from players.views import apply_errors


def _asked_about(error: ValidationError) -> frozenset[str]:
    """The fields whose name the door asks about: nobody on the roster is
    called it, but some are like it (drive.services.NOT_ON_ROSTER)."""
    fields = getattr(error, "error_dict", {})
    return frozenset(
        field
        for field, errors in fields.items()
        if any(item.code == services.NOT_ON_ROSTER for item in errors)
    )


def _row_tag(number: int) -> str:
    """The tag of a message about the entry numbered `number`: the door's
    list says it again at that entry's row (the row's anchor, #entry-5, is
    where a button's answer brings the page back to)."""
    return f"entry-{number}"


def _to_row(drive: Drive, number: int, **query: object) -> HttpResponse:
    """Back to the door's list, at the row of the entry numbered `number`."""
    url = reverse("drive:entries", kwargs={"pk": drive.pk})
    if query:
        url += "?" + urlencode(query)
    return redirect(f"{url}#{_row_tag(number)}")


def _back_to_row(
    request: HttpRequest, drive: Drive, number: int, **query: object
) -> HttpResponse:
    """The answer to a row's button. Without JavaScript, back to the door's
    list at the row (_to_row). To the row's own htmx request, the door's page
    itself, in the one answer: htmx takes the row, the head count and the
    messages out of it (drive/_entry_row.html), where the redirect cost the
    volunteer's laptop a second round trip on the hall's Wi-Fi for every
    check-in, payment and withdrawal. `query`: as _to_row's, the question
    the row now asks (remove=, withdraw=)."""
    htmx = getattr(request, "htmx", None)
    if not htmx or htmx.boosted:
        return _to_row(drive, number, **query)
    drive = Drive.objects.get(pk=drive.pk)
    asking = {key: str(value) for key, value in query.items()}
    return render(
        request,
        "drive/entries.html",
        _entries_context(request, drive, RegisterForm(drive=drive), asking=asking),
    )


def _door_again(request: HttpRequest, drive: Drive) -> HttpResponse:
    """The answer to the name box's form once it has registered or checked
    someone in: the door's page again, its name box empty for the next one
    coming in. Without JavaScript a redirect (a reload must not send the form
    again). To the form htmx sends (boosted), the page itself in the one
    answer, where the redirect cost a second round trip for every arrival; the
    address shown stays the door's (HX-Replace-Url: the check-in button's
    form goes to the row's address, which takes no GET), and the browser's
    history does not gain a door for each arrival."""
    if not getattr(request, "htmx", None):
        return redirect("drive:entries", pk=drive.pk)
    drive = Drive.objects.get(pk=drive.pk)
    response = render(
        request,
        "drive/entries.html",
        _entries_context(request, drive, RegisterForm(drive=drive)),
    )
    response["HX-Replace-Url"] = reverse("drive:entries", kwargs={"pk": drive.pk})
    return response


def _said_at_rows(request: HttpRequest) -> dict[int, list]:
    """This page's messages about one entry, by its number (_row_tag). Read
    here, they are still shown at the top of the page as well."""
    said: dict[int, list] = {}
    for message in messages.get_messages(request):
        for tag in message.extra_tags.split():
            if tag.startswith("entry-") and tag[6:].isdigit():
                said.setdefault(int(tag[6:]), []).append(message)
    return said


def _door_rows(
    request: HttpRequest, entries: list[Entry], asking: Mapping[str, str]
) -> list[dict]:
    """The list's rows: each entry, what was said about it, and whether it is
    the one asked about being removed (or withdrawn: `asking`); and where an
    entry has just been removed, a row saying so, in its place."""
    said = _said_at_rows(request)
    asking_withdraw = asking.get("withdraw", "")
    asking = asking.get("remove", "")
    rows = {
        e.number: {
            "number": e.number,
            "entry": e,
            "said": said.get(e.number, []),
            "ask_remove": asking == str(e.pk),
            "ask_withdraw": asking_withdraw == str(e.pk),
        }
        for e in entries
    }
    for number, words in said.items():
        rows.setdefault(
            number,
            {
                "number": number,
                "entry": None,
                "said": words,
                "ask_remove": False,
                "ask_withdraw": False,
            },
        )
    return [rows[number] for number in sorted(rows)]


def _entries_context(
    request: HttpRequest,
    drive: Drive,
    form: RegisterForm,
    asked: frozenset[str] = frozenset(),
    already: services.AlreadyEntered | None = None,
    asking: Mapping[str, str] | None = None,
) -> dict:
    entries = list(drive.entries.select_related("player"))
    # The names the name box offers as it is typed: the roster's players not
    # entered, and those entered who have not come yet (booked in advance):
    # their name typed is their check-in (_arrival_checked_in), so the box
    # offers it too. Here already, or gone, they are not offered.
    entered = {
        e.player_id
        for e in entries
        if e.checked_in or e.withdrawn_from_round or drive.state == DriveState.FINISHED
    }
    roster = sorted(
        (
            p
            for p in Player.objects.filter(club=drive.club, active=True)
            if p.pk not in entered
        ),
        key=lambda p: (sort_key(p.name), p.pk),
    )
    # A name typed that the roster holds more than once: the door asks which.
    picked = form.cleaned_data.get("player") if form.is_bound else None
    namesakes = {
        field: selectors.namesakes(
            drive=drive,
            name=form.data[field],
            besides=picked if field == "partner_name" else None,
        )
        if form.is_bound and form.errors.get(field) and form.data.get(field)
        else []
        for field in ("name", "partner_name")
    }
    # A name nobody on the roster has, but like some of theirs: which is it?
    suggested = {
        field: selectors.door_suggestions(
            drive=drive,
            name=form.data[field],
            besides=picked if field == "partner_name" else None,
        )
        if field in asked and form.data.get(field)
        else []
        for field in ("name", "partner_name")
    }
    return {
        "drive": drive,
        "form": form,
        "entries": entries,
        "rows": _door_rows(request, entries, request.GET if asking is None else asking),
        # Someone typed who is entered already: their check-in, by the name box.
        "already": already.entry if already else None,
        "already_field": already.field if already else "",
        "roster": roster,
        "namesakes": namesakes["name"],
        "partner_namesakes": namesakes["partner_name"],
        "suggestions": suggested["name"],
        "partner_suggestions": suggested["partner_name"],
        "count": selectors.head_count(drive=drive),
    }


@assistant_required
@require_http_methods(["GET", "POST"])
def entries(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    form = RegisterForm(request.POST or None, drive=drive)
    asked: frozenset[str] = frozenset()
    already: services.AlreadyEntered | None = None
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                if form.in_pairs:
                    entry, partner = services.pair_register(
                        drive=drive,
                        first=data["player"],
                        first_name=data["name"] if not data["player"] else "",
                        second=data["partner"],
                        second_name=(
                            data["partner_name"] if not data["partner"] else ""
                        ),
                        checked_in=data["checked_in"],
                        paid=data["paid"],
                        stays=data["stays"],
                        stays_table=data["stays_table"],
                        first_new=data["new_player"],
                        second_new=data["new_partner"],
                    )
                else:
                    entry = services.entry_register(
                        drive=drive,
                        player=data["player"],
                        name=data["name"] if not data["player"] else "",
                        group=data["group"] or None,
                        checked_in=data["checked_in"],
                        paid=data["paid"],
                        stays=data["stays"],
                        stays_table=data["stays_table"],
                        large_print=data["large_print"],
                        new_player=data["new_player"],
                    )
                    partner = None
            except services.AlreadyEntered as arrived:
                if _arrival_checked_in(request, drive, form, arrived):
                    return _door_again(request, drive)
                already = arrived
            except ValidationError as error:
                apply_errors(form, error)
                asked = _asked_about(error)
            else:
                if partner is not None:
                    messages.success(
                        request,
                        # Translators: a pair's number, then each partner's
                        # name and entry number.
                        _(
                            "Pair %(pair)s: %(name)s (%(number)s) and "
                            "%(partner)s (%(partner_number)s)."
                        )
                        % {
                            "pair": entry.pair,
                            "name": entry.player.name,
                            "number": entry.number,
                            "partner": partner.player.name,
                            "partner_number": partner.number,
                        },
                    )
                    return _door_again(request, drive)
                drive.refresh_from_db()
                values = {
                    "name": entry.player.name,
                    "number": entry.number,
                    "group": drive.group_label(entry.group),
                    "round": entry.joined_round,
                }
                # A drive without groups keeps a group for each entry, unseen.
                joins = entry.joined_round and drive.state == DriveState.IN_PLAY
                if drive.has_groups:
                    # Translators: %(group)s is the name of the player's group.
                    text = _("%(name)s is number %(number)s, %(group)s.") % values
                else:
                    text = _("%(name)s is number %(number)s.") % values
                if joins:  # the round in the format's words (prediction: a game)
                    text += " " + drive.words.joins_at(entry.joined_round)
                messages.success(request, text)
                return _door_again(request, drive)
        return render(
            request,
            "drive/entries.html",
            _entries_context(request, drive, form, asked, already),
            status=400,
        )
    return render(request, "drive/entries.html", _entries_context(request, drive, form))


def _arrival_checked_in(
    request: HttpRequest,
    drive: Drive,
    form: RegisterForm,
    arrived: services.AlreadyEntered,
) -> bool:
    """Someone entered already was typed at the door. Registered in advance
    and not yet checked in, with the form saying only "here now" (and
    perhaps "paid"): they have come, so they are checked in there and then,
    as the best door lists do (find the name, and it is ticked), rather
    than sending the volunteer to find their row among forty. Else the form
    comes back saying so, with their check-in a button beside the name."""
    entry = arrived.entry
    if entry.checked_in or entry.withdrawn_from_round or not form.means_arrival():
        apply_errors(form, arrived)
        return False
    paid = form.cleaned_data["paid"]
    try:
        entry = entry_services.entry_arrive(entry=entry, paid=paid)
    except ValidationError as error:
        apply_errors(form, error)
        return False
    messages.success(
        request,
        arrival_done(drive=Drive.objects.get(pk=drive.pk), entry=entry, paid=paid),
        extra_tags=_row_tag(entry.number),
    )
    return True


def _arrived(request: HttpRequest, drive: Drive, entry: Entry) -> HttpResponse:
    """One booked in advance checked in by the button the register form
    offers by the name typed: the form's "Paid" ticked is their fee taken
    (entry_arrive), as when their whole name is typed (_arrival_checked_in),
    not dropped. Back to the top of the door, its name box ready for the
    next one coming in (as then), not down at their row among forty."""
    paid = forms.BooleanField(required=False).clean(request.POST.get("paid"))
    entry = entry_services.entry_arrive(entry=entry, paid=paid)
    messages.success(
        request,
        arrival_done(drive=Drive.objects.get(pk=drive.pk), entry=entry, paid=paid),
        extra_tags=_row_tag(entry.number),
    )
    return _door_again(request, drive)


ENTRY_ACTIONS = {
    "check_in": lambda entry: entry_services.entry_check_in(
        entry=entry, checked_in=True
    ),
    # The register form's check-in of one booked in advance (its "Paid" tick
    # too): drive/_suggestions.html, drive/_already_entered.html (_arrived).
    "arrive": lambda entry: entry_services.entry_arrive(entry=entry),
    "check_out": lambda entry: entry_services.entry_check_in(
        entry=entry, checked_in=False
    ),
    "paid": lambda entry: money_services.entry_set_paid(entry=entry, paid=True),
    "unpaid": lambda entry: money_services.entry_set_paid(entry=entry, paid=False),
    "group_a": lambda entry: entry_services.entry_set_group(entry=entry, group="A"),
    "group_b": lambda entry: entry_services.entry_set_group(entry=entry, group="B"),
    "withdraw": lambda entry: entry_services.entry_withdraw(entry=entry),
    "reinstate": lambda entry: entry_services.entry_reinstate(entry=entry),
    "remove": lambda entry: entry_services.entry_remove(entry=entry),
    "large_print": lambda entry: entry_set_large_print(entry=entry, large_print=True),
    "usual_print": lambda entry: entry_set_large_print(entry=entry, large_print=False),
}


# The field the row's "Yes, remove" sends: "Remove" alone only asks.
REMOVE_CONFIRM = ("confirm", "remove")
# And "Yes, withdraw": "Withdraw" alone only asks too.
WITHDRAW_CONFIRM = ("confirm", "withdraw")


@assistant_required
@require_POST
def entry_action(request: HttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    entry = get_object_or_404(
        Entry.objects.select_related("player"), pk=entry_pk, drive=drive
    )
    name = request.POST.get("action", "")
    action = ENTRY_ACTIONS.get(name)
    if action is None:
        messages.error(request, _("Unknown action."))
        return render(
            request,
            "drive/entries.html",
            _entries_context(request, drive, RegisterForm(drive=drive)),
            status=400,
        )
    try:
        field, value = REMOVE_CONFIRM
        if name == "remove" and request.POST.get(field) != value:
            # A slip of the thumb beside "Mark paid" must not take a player
            # off: the row asks first, with or without JavaScript.
            entry_services.check_removable(entry=entry)
            return _back_to_row(request, drive, entry.number, remove=entry.pk)
        field, value = WITHDRAW_CONFIRM
        if name == "withdraw" and request.POST.get(field) != value:
            # Nor a withdrawal: the row asks, as for Remove (entry_withdraw
            # still refuses what it cannot do, when the answer is yes).
            entry_services.check_withdrawable(entry=entry)
            return _back_to_row(request, drive, entry.number, withdraw=entry.pk)
        if name == "arrive":
            return _arrived(request, drive, entry)
        done = action(entry)
    except ValidationError as error:
        messages.error(
            request, " ".join(error.messages), extra_tags=_row_tag(entry.number)
        )
        return render(
            request,
            "drive/entries.html",
            _entries_context(
                request, Drive.objects.get(pk=drive.pk), RegisterForm(drive=drive)
            ),
            status=error_status(error),
        )
    # The entry as the action left it (a removed one: as it was).
    now = Entry.objects.select_related("player").filter(pk=entry.pk).first()
    messages.success(
        request,
        entry_action_done(
            action=name,
            drive=Drive.objects.get(pk=drive.pk),
            entry=now or (done if isinstance(done, Entry) else entry),
        ),
        extra_tags=_row_tag(entry.number),
    )
    return _back_to_row(request, drive, entry.number)


@organiser_required
@require_POST
def balance(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    try:
        movers = entry_services.groups_balance(drive=drive)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return render(
            request,
            "drive/entries.html",
            _entries_context(request, drive, RegisterForm(drive=drive)),
            status=error_status(error),
        )
    if movers:
        # Named, so the door can tell each one the seat role they now play.
        target = movers[0].group
        messages.success(
            request,
            _("Now in %(group)s: %(names)s.")
            % {
                "group": drive.group_label(target),
                "names": ", ".join(f"{e.number} {e.player.name}" for e in movers),
            },
        )
    else:
        messages.success(
            request,
            ngettext(
                "Moved %(count)d player between groups.",
                "Moved %(count)d players between groups.",
                0,
            )
            % {"count": 0},
        )
    if request.POST.get("back") == "start":
        # Pressed on the page asking to start: back there, to its Start button.
        return redirect("drive:start", pk=drive.pk)
    return redirect("drive:entries", pk=drive.pk)
