"""The site's URLs plus /bench/trivial/: the cheapest page the same server can answer.

It goes through the same middleware as every page (sessions, CSRF, the
first-visit check with its one query), so a ratio to it measures what a view
itself costs.

BENCH_POLL_SECONDS (whole seconds), when set, is the interval the live pages
give their scripts in place of scoring.views.captain.POLL_SECONDS: for a quick
run of bench.move_latency (its test).
"""

from __future__ import annotations

import os

from django.http import HttpRequest, HttpResponse
from django.urls import path

from config.urls import urlpatterns as site_urlpatterns
from scoring.views import captain as _captain_views

if os.environ.get("BENCH_POLL_SECONDS"):
    _captain_views.POLL_SECONDS = int(os.environ["BENCH_POLL_SECONDS"])


def trivial(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain; charset=utf-8")


urlpatterns = [path("bench/trivial/", trivial, name="bench_trivial"), *site_urlpatterns]
