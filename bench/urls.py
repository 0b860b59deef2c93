"""The site's URLs plus /bench/trivial/: the cheapest page the same server can answer.

It goes through the same middleware as every page (sessions, CSRF, the
first-visit check with its one query), so a ratio to it measures what a view
itself costs.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import path

from config.urls import urlpatterns as site_urlpatterns


def trivial(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain; charset=utf-8")


urlpatterns = [path("bench/trivial/", trivial, name="bench_trivial"), *site_urlpatterns]
