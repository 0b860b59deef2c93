from django.db import migrations


def clear_withdrawals_after_the_last_round(apps, schema_editor):
    """Withdrawn from the round after the last now means gone home before the
    prize-giving (left early: out of the prizes by the club's rule). Those kept
    from before, withdrawn as the last round was played (since refused), missed
    no hand and were never left early: they are no longer withdrawn."""
    Entry = apps.get_model("drive", "Entry")
    for entry in Entry.objects.filter(withdrawn_from_round__isnull=False).select_related(
        "drive"
    ):
        drive = entry.drive
        if entry.withdrawn_from_round > drive.hands // drive.hands_per_round:
            entry.withdrawn_from_round = None
            entry.save(update_fields=["withdrawn_from_round"])


class Migration(migrations.Migration):
    dependencies = [
        ("drive", "0024_prize_shown"),
    ]

    operations = [
        migrations.RunPython(
            clear_withdrawals_after_the_last_round, migrations.RunPython.noop
        ),
    ]
