from django.db import migrations, models


def unshare_repeated_keys(apps, schema_editor):
    """A key two drives share (which the site never makes, but a copied
    database could hold) stays with the newest drive; the others' boards stop
    being shared until the organiser shares them again, under a new key."""
    Drive = apps.get_model("drive", "Drive")
    seen = set()
    for pk, key in (
        Drive.objects.exclude(public_key="")
        .order_by("-id")
        .values_list("pk", "public_key")
    ):
        if key in seen:
            Drive.objects.filter(pk=pk).update(public_key="")
        seen.add(key)


class Migration(migrations.Migration):
    dependencies = [
        ("drive", "0012_seated_tables_and_receipts"),
        ("players", "0007_club_language"),
    ]

    operations = [
        migrations.RunPython(unshare_repeated_keys, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="drive",
            constraint=models.UniqueConstraint(
                condition=models.Q(("public_key", ""), _negated=True),
                fields=("public_key",),
                name="drive_public_key_unique",
            ),
        ),
    ]
