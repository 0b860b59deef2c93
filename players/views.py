"""Pages for the first visit, logging in, and the roster."""

from __future__ import annotations

from collections import Counter

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from players import imports, roster_file, selectors, services, theme, uploads
from players.access import (
    club_choose,
    member_required,
    memberships_of,
    organiser_required,
)
from players.collation import sort_key
from players.forms import (
    ClubLanguageForm,
    MemberForm,
    PlayerForm,
    RosterUploadForm,
    SetupForm,
)
from players.group_names import club_group_labels
from players.http import number_sent
from players.language import LANGUAGE_CODES, use_browser_language, use_club
from players.models import Club, Player, normalise_name


def apply_errors(form, error: ValidationError) -> None:
    """Show a service's ValidationError on the form it came from."""
    if hasattr(error, "error_dict"):
        for field, errors in error.error_dict.items():
            target = field if field in form.fields else None
            for item in errors:
                form.add_error(
                    target, item.messages[0] if hasattr(item, "messages") else item
                )
    else:
        for message in error.messages:
            form.add_error(None, message)


class LoginView(auth_views.LoginView):
    """Django's login, answering a failed attempt with 400 rather than 200.
    On a site of one club it speaks the club's language, as its pages will;
    on a site of many (a county's) the door is everyone's, and speaks the
    browser's (or the visitor's chosen) language."""

    redirect_authenticated_user = True

    def dispatch(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        clubs = list(Club.objects.order_by("pk")[:2])
        if len(clubs) == 1:
            use_club(request, clubs[0])
        else:
            use_browser_language(request)
        return super().dispatch(request, *args, **kwargs)

    def get_success_url(self) -> str:
        # Someone who helps to run several clubs, with no page asked for,
        # first says which club they work in tonight.
        if not self.get_redirect_url() and len(memberships_of(self.request.user)) > 1:
            return reverse("players:clubs")
        return super().get_success_url()

    def form_invalid(self, form) -> HttpResponse:
        response = super().form_invalid(form)
        response.status_code = 400
        return response


@require_http_methods(["GET", "POST"])
def setup(request: HttpRequest) -> HttpResponse:
    if Club.objects.exists():
        return redirect("drive:list")
    # No club has a language yet: the page speaks the visitor's choice, else
    # the browser's, and offers it as the club's, with its time zone and currency.
    use_browser_language(request)
    offered = request.GET.get("language")
    if offered not in LANGUAGE_CODES:
        offered = translation.get_language()
    form = SetupForm(request.POST or None, initial=SetupForm.initial_for(offered))
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                membership = services.club_create_with_organiser(
                    club_name=form.cleaned_data["club_name"],
                    username=form.cleaned_data["username"],
                    password=form.cleaned_data["password"],
                    email=form.cleaned_data["email"],
                    language=form.cleaned_data["language"]
                    or translation.get_language(),
                    time_zone=form.cleaned_data["time_zone"],
                    currency=form.cleaned_data["currency"],
                )
            except ValidationError as error:
                apply_errors(form, error)
            else:
                login(
                    request,
                    membership.user,
                    backend="django.contrib.auth.backends.ModelBackend",
                )
                # The welcome is read on the club's first page: in its language.
                use_club(request, membership.club)
                messages.success(
                    request,
                    # As the organiser's guide goes: the roster, then a drive.
                    _(
                        "Welcome: “%(club)s” is set up. First put your players "
                        "on the roster (or import them from a spreadsheet), then "
                        "add your first drive."
                    )
                    % {"club": membership.club.name},
                )
                return redirect("drive:list")
        status = 400
    response = render(request, "players/setup.html", {"form": form}, status=status)
    # Its words follow the browser's: a cache must not serve one to the other.
    patch_vary_headers(response, ["Accept-Language"])
    return response


@organiser_required
@require_http_methods(["GET", "POST"])
def roster(request: HttpRequest) -> HttpResponse:
    club = request.club
    form = PlayerForm(request.POST or None, club=club)
    status = 200
    namesakes: list[Player] = []
    if request.method == "POST":
        if form.is_valid():
            name = form.cleaned_data["name"]
            try:
                player = services.player_create(
                    club=club,
                    # The page's "Add another ..." button, for the name it named.
                    namesake_ok=request.POST.get("namesake") == normalise_name(name),
                    **form.cleaned_data,
                )
            except ValidationError as error:
                apply_errors(form, error)
                if form.errors.get("name"):
                    namesakes = list(selectors.namesakes(club_id=club.pk, name=name))
            else:
                messages.success(
                    request, _("%(name)s is on the roster.") % {"name": player.name}
                )
                return redirect("players:roster")
        status = 400
    query = request.GET.get("q", "").strip()[:100]
    show = request.GET.get("show", "active")
    players = Player.objects.filter(club=club)
    if show != "all":
        players = players.filter(active=True)
    if query:
        key = normalise_name(query)
        players = players.filter(
            Q(name_key__contains=key)
            | Q(email__icontains=query)
            | Q(phone__icontains=query)
        )
    # The language's alphabetical order (players.collation), not the database's.
    players = sorted(players, key=lambda p: (sort_key(p.name), p.pk))
    # Names the list holds more than once: a phone, which has no room for
    # the e-mail and phone columns, shows them under those names.
    named = Counter(p.name_key for p in players)
    page = Paginator(players, 100).get_page(request.GET.get("page"))
    context = {
        "form": form,
        "page": page,
        "query": query,
        "show": show,
        "namesakes": namesakes,
        "namesake_keys": {key for key, count in named.items() if count > 1},
        # A usual group is kept as A or B and shown by the club's names for it.
        "group_labels": club_group_labels(club=club),
    }
    if request.htmx and not request.htmx.boosted and request.method == "GET":
        return render(request, "players/roster.html#roster-list", context)
    return render(request, "players/roster.html", context, status=status)


@organiser_required
@require_http_methods(["GET", "POST"])
def player_edit(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk, club=request.club)
    form = PlayerForm(request.POST or None, instance=player, club=request.club)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                services.player_update(player=player, **form.cleaned_data)
            except ValidationError as error:
                apply_errors(form, error)
            else:
                messages.success(request, _("Saved %(name)s.") % {"name": player.name})
                return redirect("players:roster")
        status = 400
    has_entries = player.entries.exists()
    return render(
        request,
        "players/player_form.html",
        {
            "form": form,
            "player": player,
            "has_entries": has_entries,
            "merged": selectors.merges_into(player=player),
        },
        status=status,
    )


@organiser_required
@require_POST
def player_active(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk, club=request.club)
    active = request.POST.get("active") == "1"
    services.player_set_active(player=player, active=active)
    text = _("%(name)s is active again.") if active else _("%(name)s is deactivated.")
    messages.success(request, text % {"name": player.name})
    return redirect("players:roster")


@organiser_required
@require_POST
def player_delete(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk, club=request.club)
    try:
        services.player_delete(player=player)
    except ValidationError as error:
        messages.error(request, error.messages[0])
        return render(
            request,
            "players/player_form.html",
            {
                "form": PlayerForm(instance=player, club=request.club),
                "player": player,
                "has_entries": True,
            },
            status=409,
        )
    messages.success(request, _("%(name)s is deleted.") % {"name": player.name})
    return redirect("players:roster")


# Its forms change the club worked in: one kept open while another tab changed
# club is still a choice (players.access refuses other forms of another club).
@member_required(chooses_club=True)
@require_http_methods(["GET", "POST"])
def clubs(request: HttpRequest) -> HttpResponse:
    """The clubs this person helps to run, and which one they work in now:
    on a site of many clubs, one person may be an organiser of one and an
    assistant of another (players.access). A choice may say where to go on
    (`next`: the form refused as another club's, players/form_club.html)."""
    status = 200
    if request.method == "POST":
        chosen = number_sent(request.POST.get("club", ""), digits=11)
        if chosen is not None:
            # Not one of theirs: a 404, as for any other club's page.
            membership = club_choose(request, chosen)
            messages.success(
                request,
                _("You are now working in “%(club)s”.")
                % {"club": membership.club.name},
            )
            going_on = request.POST.get("next", "")
            if going_on.startswith("/") and url_has_allowed_host_and_scheme(
                going_on, allowed_hosts={request.get_host()}
            ):
                return redirect(going_on)
            return redirect("drive:list")
        messages.error(request, _("Choose one of your clubs."))
        status = 400
    return render(
        request,
        "players/clubs.html",
        {"memberships": request.memberships},
        status=status,
    )


@organiser_required
@require_http_methods(["GET", "POST"])
def members(request: HttpRequest) -> HttpResponse:
    form = MemberForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                services.member_add(club=request.club, **form.cleaned_data)
            except ValidationError as error:
                apply_errors(form, error)
            else:
                messages.success(
                    request,
                    _("%(username)s can now log in.")
                    % {"username": form.cleaned_data["username"]},
                )
                return redirect("players:members")
        status = 400
    return _members_page(request, form=form, status=status)


def _members_page(
    request: HttpRequest,
    *,
    form: MemberForm | None = None,
    language_form: ClubLanguageForm | None = None,
    status: int = 200,
) -> HttpResponse:
    memberships = request.club.memberships.select_related("user").order_by(
        "user__username"
    )
    context = {
        "form": form or MemberForm(),
        "language_form": language_form
        or ClubLanguageForm(
            initial={
                "language": request.club.language,
                "time_zone": request.club.time_zone,
            }
        ),
        "memberships": memberships,
    }
    return render(request, "players/members.html", context, status=status)


@organiser_required
@require_POST
def club_language(request: HttpRequest) -> HttpResponse:
    form = ClubLanguageForm(request.POST)
    if form.is_valid():
        try:
            club = services.club_language_set(
                club=request.club,
                language=form.cleaned_data["language"],
                time_zone=form.cleaned_data["time_zone"],
            )
        except ValidationError as error:
            apply_errors(form, error)
        else:
            # Said in the language just saved, which the next page speaks.
            use_club(request, club)
            messages.success(request, _("The club's language is saved."))
            return redirect("players:members")
    return _members_page(request, language_form=form, status=400)


# The session holds only the token and the file's name: the uploaded file waits
# in the database (players.uploads), whichever server answers, and is read again
# to import.
IMPORT_SESSION_KEY = "roster_import"


def _import_page(
    request: HttpRequest,
    *,
    form: RosterUploadForm | None = None,
    preview: imports.Preview | None = None,
    token: str = "",
    filename: str = "",
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    return render(
        request,
        "players/import.html",
        {
            "form": form or RosterUploadForm(),
            "preview": preview,
            "token": token,
            "filename": filename,
            "error": error,
            "max_rows": roster_file.MAX_ROWS,
            "max_mb": roster_file.MAX_BYTES // (1024 * 1024),
            "keep_minutes": int(uploads.UPLOAD_KEEP.total_seconds()) // 60,
            # The page explaining the file (shown without a preview).
            "words": imports.file_words(request.club) if preview is None else {},
            # The preview's groups, by the club's names (read as A or B).
            "group_labels": club_group_labels(club=request.club) if preview else {},
        },
        status=status,
    )


@organiser_required
@require_http_methods(["GET", "POST"])
def roster_import(request: HttpRequest) -> HttpResponse:
    """Upload a CSV or XLSX roster, see a verdict per row, then import or cancel."""
    if request.method == "GET":
        return _import_page(request)
    action = request.POST.get("action", "preview")
    if action == "cancel":
        _import_forget(request)
        messages.info(request, _("Nothing was imported."))
        return redirect("players:roster")
    if action == "import":
        return _import_confirm(request)
    form = RosterUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return _import_page(request, form=form, status=400)
    upload = form.cleaned_data["file"]
    if upload.size > roster_file.MAX_BYTES:
        form.add_error("file", _("The file is too large for a roster (2 MB at most)."))
        return _import_page(request, form=form, status=400)
    data = upload.read()
    try:
        rows = roster_file.read_upload(upload.name, data)
    except roster_file.RosterFileError as error:
        form.add_error("file", str(error))
        return _import_page(request, form=form, status=400)
    _import_forget(request)
    filename = upload.name[:200]
    token = uploads.upload_keep(club=request.club, data=data)
    request.session[IMPORT_SESSION_KEY] = {"token": token, "filename": filename}
    return _import_page(
        request,
        preview=imports.preview(club=request.club, rows=rows),
        token=token,
        filename=filename,
    )


def _import_forget(request: HttpRequest) -> None:
    """Drop the upload waiting for this session, if any."""
    stored = request.session.pop(IMPORT_SESSION_KEY, None)
    if isinstance(stored, dict):
        uploads.upload_drop(club=request.club, token=stored.get("token"))


def _import_confirm(request: HttpRequest) -> HttpResponse:
    stored = request.session.get(IMPORT_SESSION_KEY)
    if not isinstance(stored, dict) or stored.get("token") != request.POST.get("token"):
        return _import_page(
            request,
            error=_("This preview is out of date: upload the file again."),
            status=400,
        )
    token, filename = stored["token"], str(stored.get("filename", ""))
    data = uploads.upload_read(club=request.club, token=token)
    try:
        rows = roster_file.read_upload(filename, data) if data else []
    except roster_file.RosterFileError:
        rows = []
    if not rows:
        _import_forget(request)
        return _import_page(
            request,
            error=_("The uploaded file was lost or has expired: upload it again."),
            status=400,
        )
    skip = request.POST.get("skip_errors") == "1"
    try:
        summary = imports.roster_import(club=request.club, rows=rows, skip_errors=skip)
    except ValidationError as error:
        return _import_page(
            request,
            preview=imports.preview(club=request.club, rows=rows),
            token=token,
            filename=filename,
            error=error.messages[0],
            status=400,
        )
    _import_forget(request)
    values = {
        "added": summary.added,
        "matched": summary.matched,
        "errors": summary.errors,
    }
    if summary.errors:
        text = _(
            "Imported: added %(added)d, already on the roster %(matched)d, "
            "skipped %(errors)d with errors."
        )
    else:
        text = _("Imported: added %(added)d, already on the roster %(matched)d.")
    messages.success(request, text % values)
    return redirect("players:roster")


@require_POST
def contrast(request: HttpRequest) -> HttpResponse:
    """The contrast switch at the foot of every page (players.theme): keeps the
    choice in a cookie and goes back to the page it was pressed on, like the
    language switch; a plain form, so it works without JavaScript."""
    choice = request.POST.get("contrast", "")
    if choice not in theme.CHOICES:
        return HttpResponseBadRequest(
            _("Choose high contrast or normal contrast."), content_type="text/plain"
        )
    back = request.POST.get("next") or request.META.get("HTTP_REFERER", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = "/"
    response = redirect(back)
    response.set_cookie(
        theme.COOKIE,
        choice,
        max_age=theme.COOKIE_AGE,
        samesite="Lax",
        secure=request.is_secure(),
        httponly=True,
    )
    return response
