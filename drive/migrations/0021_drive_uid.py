"""Every drive gets a uid of its own, existing drives too, one each."""

import uuid

from django.db import migrations, models


def give_each_drive_a_uid(apps, schema_editor):
    Drive = apps.get_model("drive", "Drive")
    for drive in Drive.objects.filter(uid__isnull=True).only("pk"):
        drive.uid = uuid.uuid4()
        drive.save(update_fields=["uid"])


class Migration(migrations.Migration):
    dependencies = [
        ("drive", "0020_drive_score_entry"),
    ]

    operations = [
        migrations.AddField(
            model_name="drive",
            name="uid",
            field=models.UUIDField(null=True, editable=False),
        ),
        migrations.RunPython(give_each_drive_a_uid, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="drive",
            name="uid",
            field=models.UUIDField(default=uuid.uuid4, unique=True, editable=False),
        ),
    ]
