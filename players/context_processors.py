from __future__ import annotations

from django.http import HttpRequest

from players.models import Role


def club(request: HttpRequest) -> dict[str, object]:
    membership = getattr(request, "membership", None)
    return {
        "membership": membership,
        "is_organiser": membership is not None and membership.role == Role.ORGANISER,
    }
