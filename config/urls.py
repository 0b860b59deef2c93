from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView


class FaviconView(RedirectView):
    """/favicon.ico: to the icon's static address, looked up at the request (the
    manifest of hashed names is read when it is there, not at import)."""

    permanent = False

    def get_redirect_url(self, *args, **kwargs) -> str:
        return static("img/favicon.svg")


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
    # Browsers ask for /favicon.ico whatever the page links: the site's own icon
    # (static/img/favicon.svg), never a 404 in the log.
    path("favicon.ico", FaviconView.as_view(), name="favicon"),
]

# The site's own pages, in the visitor's language (config/errors.py).
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
