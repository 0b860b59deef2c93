from django.urls import include, path

urlpatterns = [
    # Scoring first: its captain and public links are most of the requests.
    path("", include("scoring.urls")),
    path("", include("players.urls")),
    path("", include("drive.urls")),
    path("", include("prizes.urls")),
    path("", include("league.urls")),
    path("", include("printing.urls")),
]
