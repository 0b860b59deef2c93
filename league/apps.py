from django.apps import AppConfig


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = "League"

    def ready(self) -> None:
        from league.models import Season
        from players.access import club_pages

        # A season's pages (its league, attendance, takings, workbook and
        # printed table) are its club's (players.access).
        club_pages("seasons/<int:pk>/", Season.objects.all())
