"""The first visit to an empty site goes to the page that creates the organiser.

Only a request that could be that first visit asks the database: not one from a
signed-in browser (someone set the site up), not a captain's or a public link
(each belongs to a drive of a club), not a static file. So the live boards and
the phones' polls pay nothing for it.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse

from players.models import Club


class FirstVisitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.setup_path = reverse("players:setup")
        # The language switch at the foot of the set-up page must reach Django's
        # set_language, or it would come back in the language it left.
        self.open_paths = (self.setup_path, reverse("i18n:set_language"))

    def __call__(self, request: HttpRequest) -> HttpResponse:
        path = request.path_info
        if (
            path not in self.open_paths
            and not path.startswith("/" + settings.STATIC_URL.lstrip("/"))
            and not path.startswith(("/t/", "/p/"))
            and SESSION_KEY not in request.session
            and not Club.objects.exists()
        ):
            return redirect(self.setup_path)
        return self.get_response(request)
