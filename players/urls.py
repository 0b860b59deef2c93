from django.contrib.auth import views as auth_views
from django.urls import path

from players import views

app_name = "players"

urlpatterns = [
    path("setup/", views.setup, name="setup"),
    path(
        "login/",
        views.LoginView.as_view(template_name="players/login.html"),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("players/", views.roster, name="roster"),
    path("players/import/", views.roster_import, name="import"),
    path("players/<int:pk>/", views.player_edit, name="edit"),
    path("players/<int:pk>/active/", views.player_active, name="active"),
    path("players/<int:pk>/delete/", views.player_delete, name="delete"),
    path("club/", views.clubs, name="clubs"),
    path("club/people/", views.members, name="members"),
    path("club/language/", views.club_language, name="language"),
    # The contrast switch at the foot of every page (players.theme).
    path("contrast/", views.contrast, name="contrast"),
]
