from django.urls import include, path

urlpatterns = [
    path("", include("players.urls")),
    path("", include("drive.urls")),
    path("", include("scoring.urls")),
    path("", include("prizes.urls")),
    path("", include("league.urls")),
    path("", include("printing.urls")),
]
