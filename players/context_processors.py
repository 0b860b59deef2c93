from __future__ import annotations

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme

from players.models import Role


def club(request: HttpRequest) -> dict[str, object]:
    membership = getattr(request, "membership", None)
    return {
        "membership": membership,
        "is_organiser": membership is not None and membership.role == Role.ORGANISER,
    }


def language_next(request: HttpRequest) -> dict[str, object]:
    """Where the language switch (templates/_language.html) returns to: this
    page; or, on a page answering a form (a POST, which a GET could not
    repeat), the page the form was on."""
    if request.method == "GET":
        return {"language_next": request.get_full_path()}
    referer = request.META.get("HTTP_REFERER", "")
    if url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return {"language_next": referer}
    return {"language_next": "/"}
