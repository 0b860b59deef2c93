from django.urls import path
from django.views.generic import RedirectView

from drive import views

app_name = "drive"

urlpatterns = [
    path("", RedirectView.as_view(pattern_name="drive:list"), name="home"),
    path("drives/", views.drive_list, name="list"),
    path("drives/new/", views.drive_create, name="create"),
    path("drives/<int:pk>/", views.drive_detail, name="detail"),
    path("drives/<int:pk>/edit/", views.drive_edit, name="edit"),
    path("drives/<int:pk>/open/", views.drive_open, name="open"),
    path("drives/<int:pk>/start/", views.drive_start, name="start"),
    path("drives/<int:pk>/entries/", views.entries, name="entries"),
    path(
        "drives/<int:pk>/entries/<int:entry_pk>/",
        views.entry_action,
        name="entry_action",
    ),
    path("drives/<int:pk>/balance/", views.balance, name="balance"),
    path("drives/<int:pk>/seating/", views.seating, name="seating"),
    path("drives/<int:pk>/movement/", views.movement, name="movement"),
]
