from django.urls import include, path

urlpatterns = [
    # Scoring first: its captain and public links are most of the requests.
    path("", include("scoring.urls")),
    path("", include("players.urls")),
    path("", include("drive.urls")),
    path("", include("prizes.urls")),
    path("", include("league.urls")),
    path("", include("printing.urls")),
    # The language switch at the foot of every page (Django's set_language). The
    # language lives in a cookie, never in the URL: printed QR codes keep working.
    path("i18n/", include(("django.conf.urls.i18n", "i18n"))),
]

# The site's own pages, in the visitor's language (config/errors.py).
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
