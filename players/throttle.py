"""The answer to a login that django-axes has locked out (settings.AXES_*).

After too many wrong passwords for one user name from one address, that pair
waits a few minutes: a guesser gets a handful of tries an hour, and an
organiser who mistyped waits briefly instead of being locked out for good.
"""

from __future__ import annotations

import math

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def login_locked_out(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict | None = None,
) -> HttpResponse:
    seconds = int(settings.AXES_COOLOFF_TIME.total_seconds())
    response = render(
        request,
        "players/locked_out.html",
        {
            "minutes": max(1, math.ceil(seconds / 60)),
            "failure_limit": settings.AXES_FAILURE_LIMIT,
        },
        status=429,
    )
    response["Retry-After"] = str(seconds)
    return response
