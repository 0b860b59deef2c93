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
