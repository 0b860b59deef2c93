"""A club's prize list, a drive's prizes, half-time and results (namespace "prizes")."""

from django.urls import path

from drive.secret_links import BOARD
from prizes import views

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
    path(
        "drives/<int:pk>/prizes/consolation/",
        views.drive_consolation,
        name="consolation",
    ),
    path("drives/<int:pk>/half-time/", views.half_time, name="half_time"),
    path("drives/<int:pk>/results/", views.results, name="results"),
    path("drives/<int:pk>/prize-giving/", views.prize_giving, name="giving"),
    path(
        "drives/<int:pk>/prize-giving/step/",
        views.prize_giving_step,
        name="giving_step",
    ),
    path(
        "drives/<int:pk>/prize-giving/not-here/",
        views.prize_giving_absent,
        name="giving_absent",
    ),
    path(
        "drives/<int:pk>/prize-giving/watch/",
        views.prize_giving_watch,
        name="giving_watch",
    ),
    path("drives/<int:pk>/reveal/", views.reveal, name="reveal"),
    path(BOARD.route("results/"), views.public_results, name="public_results"),
]
