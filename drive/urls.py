from django.urls import path
from django.views.generic import RedirectView

from drive import door_views, hall_views, money_views, stay_views, views

app_name = "drive"

urlpatterns = [
    path("", RedirectView.as_view(pattern_name="drive:list"), name="home"),
    path("drives/", views.drive_list, name="list"),
    path("drives/new/", views.drive_create, name="create"),
    path("drives/<int:pk>/", views.drive_detail, name="detail"),
    path("drives/<int:pk>/edit/", views.drive_edit, name="edit"),
    path("drives/<int:pk>/open/", views.drive_open, name="open"),
    path("drives/<int:pk>/start/", views.drive_start, name="start"),
    path("drives/<int:pk>/entries/", door_views.entries, name="entries"),
    path(
        "drives/<int:pk>/entries/<int:entry_pk>/",
        door_views.entry_action,
        name="entry_action",
    ),
    path(
        "drives/<int:pk>/entries/<int:entry_pk>/stays/",
        stay_views.entry_stays,
        name="entry_stays",
    ),
    path("drives/<int:pk>/balance/", door_views.balance, name="balance"),
    path("drives/<int:pk>/seating/", views.seating, name="seating"),
    path("drives/<int:pk>/movement/", views.movement, name="movement"),
    path("drives/<int:pk>/wifi/", hall_views.wifi, name="wifi"),
    path("drives/<int:pk>/money/", money_views.money, name="money"),
    path("drives/<int:pk>/money/fee/", money_views.money_fee, name="money_fee"),
    path(
        "drives/<int:pk>/money/entries/<int:entry_pk>/",
        money_views.money_entry,
        name="money_entry",
    ),
    path("drives/<int:pk>/money/lines/", money_views.money_line_add, name="money_line"),
    path(
        "drives/<int:pk>/money/lines/<int:line_pk>/remove/",
        money_views.money_line_remove,
        name="money_line_remove",
    ),
]
