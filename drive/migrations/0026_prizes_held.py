from django.db import migrations, models


def held_while_on(apps, schema_editor):
    """A prize-giving on during the upgrade holds the prizes it has not shown,
    as it did before (the public pages said "to be announced")."""
    Drive = apps.get_model("drive", "Drive")
    Drive.objects.filter(prize_step__isnull=False).update(prizes_held=True)


class Migration(migrations.Migration):
    dependencies = [
        ("drive", "0025_withdrawn_after_last_round"),
    ]

    operations = [
        migrations.AddField(
            model_name="drive",
            name="prizes_held",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(held_while_on, migrations.RunPython.noop),
    ]
