from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Scoring"

    def ready(self) -> None:
        # drive never imports scoring: its page says prediction whist's rules
        # (scoring.prediction_rules) through the lines scoring gives it.
        from drive import format_notes
        from scoring.prediction_words import rule_lines

        format_notes.register(rule_lines)

        # A change of players is refused while a slip's results typed ahead
        # wait in the rounds it would seat anew (scoring.typed_ahead).
        from drive.signals import seating_to_change
        from scoring.typed_ahead import refuse_seating_change

        seating_to_change.connect(
            refuse_seating_change, dispatch_uid="scoring.refuse_seating_change"
        )
