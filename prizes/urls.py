from django.urls import path

from scoring import views_prizes as views

app_name = "prizes"

urlpatterns = [
    path("club/prizes/", views.club_prizes, name="club"),
    # One drive's prizes, half-time and results.
    path("drives/<int:pk>/prizes/", views.drive_prizes, name="drive"),
    path("drives/<int:pk>/prizes/edit/", views.drive_prizes_edit, name="drive_edit"),
    path("drives/<int:pk>/prizes/mystery/", views.drive_mystery, name="mystery"),
    path("drives/<int:pk>/prizes/draw/", views.drive_draw, name="draw"),
    path(
        "drives/<int:pk>/prizes/draw/<int:draw_pk>/undo/",
        views.drive_draw_undo,
        name="draw_undo",
    ),
    path("drives/<int:pk>/prizes/custom/", views.drive_custom_winner, name="custom"),
    path("drives/<int:pk>/half-time/", views.half_time, name="half_time"),
    path("drives/<int:pk>/results/", views.results, name="results"),
    path("p/<str:key>/results/", views.public_results, name="public_results"),
    # The season.
    path("seasons/", views.seasons, name="seasons"),
    path("seasons/settings/", views.league_settings, name="league_settings"),
    path("seasons/<int:pk>/", views.season_detail, name="season"),
    path("seasons/<int:pk>/edit/", views.season_edit, name="season_edit"),
    path("seasons/<int:pk>/delete/", views.season_delete, name="season_delete"),
    path("seasons/<int:pk>/draw/", views.season_draw, name="season_draw"),
    path(
        "seasons/<int:pk>/draw/<int:draw_pk>/undo/",
        views.season_draw_undo,
        name="season_draw_undo",
    ),
    path(
        "seasons/<int:pk>/attendance/",
        views.season_attendance,
        name="attendance",
    ),
    path("players/<int:pk>/history/", views.player_history, name="history"),
]
