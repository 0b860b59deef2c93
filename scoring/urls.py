from django.urls import path

from scoring import views

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
    path("drives/<int:pk>/export.xlsx", views.export_workbook, name="export"),
]
