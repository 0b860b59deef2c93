from django.urls import include, path

urlpatterns = [
    path("", include("players.urls")),
    path("", include("drive.urls")),
    path("", include("scoring.urls")),
    path("", include("printing.urls")),
    path("", include("scoring.urls_prizes")),
    path("", include("scoring.urls_audit")),
]
