"""Seasons, the league table, attendance and a player's history (namespace "league")."""

from django.urls import path

from league import merge_views, views

app_name = "league"

urlpatterns = [
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
    path("seasons/<int:pk>/takings/", views.season_takings, name="takings"),
    path("players/<int:pk>/history/", views.player_history, name="history"),
    # Two rows of the roster that are one person (league.merge_selectors).
    path("players/<int:pk>/merge/", merge_views.player_merge, name="merge"),
]
