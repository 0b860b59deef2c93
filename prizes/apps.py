from django.apps import AppConfig


class PrizesConfig(AppConfig):
    name = "prizes"
    verbose_name = "Prizes"

    def ready(self) -> None:
        # The apps below never import prizes: drive announces a start, and a
        # started drive keeps the prize list and rules it had then; scoring
        # ranks a finished drive by the tie-break rules and draws kept here, and its
        # projector shows the half-time leaders in the interval, and the prizes.
        from drive.signals import drive_started
        from prizes.giving import prize_giving_notice
        from prizes.prize_rules import final_ties, final_ties_of
        from prizes.selectors import half_time_notice, hands_won_prize
        from prizes.services import freeze_when_started
        from scoring import board_notices, tie_settings

        drive_started.connect(
            freeze_when_started, dispatch_uid="prizes.freeze_prizes_on_start"
        )
        tie_settings.set_reader(final_ties, final_ties_of)
        tie_settings.set_hands_won_prize(hands_won_prize)
        board_notices.register(half_time_notice)
        # The prize-giving takes the projector's whole screen, a prize at a time.
        board_notices.register(prize_giving_notice)
