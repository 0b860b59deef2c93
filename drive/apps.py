from django.apps import AppConfig


class DriveConfig(AppConfig):
    name = "drive"
    verbose_name = "Drives"

    def ready(self) -> None:
        from drive.models import Drive
        from players.access import club_pages

        # Every page of a drive is its club's (a link into another club of
        # the organiser's takes them there: players.access).
        club_pages("drives/<int:pk>/", Drive.objects.all())
