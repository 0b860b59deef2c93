"""Who may do what: every organiser page belongs to one club.

An organiser may do everything in their club; an assistant may check players
in and enter or correct scores. Nobody sees another club's pages: a drive or
player of another club is a 404, as if it did not exist.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from players.language import use_club
from players.models import Membership, Role


def membership_of(user: Any) -> Membership | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return (
        Membership.objects.select_related("club")
        .filter(user=user)
        .order_by("id")
        .first()
    )


def member_required(
    role: str | None = None,
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Log in first; then require a club membership, and the organiser role if asked."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @functools.wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            membership = membership_of(request.user)
            if membership is None:
                raise PermissionDenied(_("This account is not a member of any club."))
            if role == Role.ORGANISER and membership.role != Role.ORGANISER:
                raise PermissionDenied(_("Only an organiser can do that."))
            request.membership = membership  # type: ignore[attr-defined]
            request.club = membership.club  # type: ignore[attr-defined]
            use_club(request, membership.club)
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


organiser_required = member_required(Role.ORGANISER)
assistant_required = member_required()
