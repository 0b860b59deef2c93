from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Scoring"

    def ready(self) -> None:
        # drive sits below scoring and never imports it: it announces a start,
        # and a started drive keeps the prize list and rules it had then.
        from drive.signals import drive_started
        from scoring.services_prizes import freeze_when_started

        drive_started.connect(
            freeze_when_started, dispatch_uid="scoring.freeze_prizes_on_start"
        )
