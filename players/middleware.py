"""The first visit to an empty site goes to the page that creates the organiser."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse

from players.models import Club


class FirstVisitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.setup_path = reverse("players:setup")

    def __call__(self, request: HttpRequest) -> HttpResponse:
        path = request.path_info
        if (
            path != self.setup_path
            and not path.startswith("/" + settings.STATIC_URL.lstrip("/"))
            and not path.startswith("/t/")
            and not Club.objects.exists()
        ):
            return redirect(self.setup_path)
        return self.get_response(request)
