from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme

from players.models import Role
from players.theme import chosen_contrast


def club(request: HttpRequest) -> dict[str, object]:
    membership = getattr(request, "membership", None)
    return {
        "membership": membership,
        "is_organiser": membership is not None and membership.role == Role.ORGANISER,
        # Someone who helps to run several clubs may change club (players.access).
        "several_clubs": len(getattr(request, "memberships", ())) > 1,
    }


def language_switch(request: HttpRequest) -> dict[str, object]:
    """For the language switch (templates/_language.html): each language in its
    own words (settings.LANGUAGES, never translated: a Pole looks for "Polski"),
    and where it returns to: this page; or, on a page answering a form (a POST,
    which a GET could not repeat), the page the form was on."""
    found = {"language_names": settings.LANGUAGES, "language_next": "/"}
    referer = request.META.get("HTTP_REFERER", "")
    if request.method == "GET":
        found["language_next"] = request.get_full_path()
    elif url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        found["language_next"] = referer
    return found


def contrast(request: HttpRequest) -> dict[str, object]:
    """The person's contrast (players.theme): "more", "normal" or "" (not
    chosen), for the class on <html> and the switch at the foot of the page."""
    return {"contrast": chosen_contrast(request)}
