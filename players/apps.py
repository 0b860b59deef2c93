from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class PlayersConfig(AppConfig):
    name = "players"
    verbose_name = gettext_lazy("Clubs and players")
