from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("drive", "0018_drive_bell_rung"),
    ]

    operations = [
        migrations.AddField(
            model_name="entry",
            name="stays_at_table",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="entry",
            name="stays_table",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddConstraint(
            model_name="entry",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("stays_table__isnull", True),
                    models.Q(("stays_at_table", True), ("stays_table__gte", 1)),
                    _connector="OR",
                ),
                name="entry_stays_table_only_when_staying",
            ),
        ),
    ]
