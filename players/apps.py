from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class PlayersConfig(AppConfig):
    name = "players"
    verbose_name = gettext_lazy("Clubs and players")

    def ready(self) -> None:
        from players.access import club_pages
        from players.models import Player

        # A player's pages are their club's (players.access).
        club_pages("players/<int:pk>/", Player.objects.all())
