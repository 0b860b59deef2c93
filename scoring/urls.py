from django.urls import path

from scoring import views, views_captain

app_name = "scoring"

urlpatterns = [
    path("drives/<int:pk>/scores/", views.scores, name="scores"),
    path("drives/<int:pk>/hands/", views.hands, name="hands"),
    path(
        "drives/<int:pk>/hands/<int:hand>/table/<int:table>/",
        views.hand_result,
        name="hand",
    ),
    path("drives/<int:pk>/leaderboard/", views.leaderboard, name="leaderboard"),
    path("drives/<int:pk>/adjustments/", views.adjustments, name="adjustments"),
    path(
        "drives/<int:pk>/adjustments/<int:adjustment_pk>/delete/",
        views.adjustment_delete,
        name="adjustment_delete",
    ),
    # The evening's live pages.
    path("drives/<int:pk>/room/", views_captain.room, name="room"),
    path(
        "drives/<int:pk>/room/next/",
        views_captain.room_start_next,
        name="room_start_next",
    ),
    path(
        "drives/<int:pk>/room/resolve/", views_captain.room_resolve, name="room_resolve"
    ),
    path("drives/<int:pk>/links/", views_captain.links, name="links"),
    path(
        "drives/<int:pk>/links/table/<int:table>/qr.svg",
        views_captain.table_qr,
        name="table_qr",
    ),
    path(
        "drives/<int:pk>/links/table/<int:table>/reissue/",
        views_captain.table_reissue,
        name="table_reissue",
    ),
    path(
        "drives/<int:pk>/links/public/", views_captain.public_link, name="public_link"
    ),
    path(
        "drives/<int:pk>/links/public/qr.svg",
        views_captain.public_qr,
        name="public_qr",
    ),
    path("drives/<int:pk>/projector/", views_captain.projector, name="projector"),
    # Secret links: a table's captain, and the shared leaderboard.
    path("t/<str:key>/", views_captain.captain, name="captain"),
    path("t/<str:key>/result/", views_captain.captain_result, name="captain_result"),
    path("t/<str:key>/confirm/", views_captain.captain_confirm, name="captain_confirm"),
    path("t/<str:key>/news/", views_captain.captain_news, name="captain_news"),
    path("p/<str:key>/", views_captain.public, name="public"),
]
