from django.db import migrations
from django.db.models import Count


def count_receipts(apps, schema_editor):
    """Each table's receipts, counted once for the rows already there (from now
    on scoring.captain counts each as it writes it)."""
    Table = apps.get_model("drive", "Table")
    PhoneReceipt = apps.get_model("scoring", "PhoneReceipt")
    counts = PhoneReceipt.objects.values("table_id").annotate(n=Count("id"))
    for row in counts:
        Table.objects.filter(pk=row["table_id"]).update(receipts=row["n"])


class Migration(migrations.Migration):
    dependencies = [
        ("drive", "0012_seated_tables_and_receipts"),
        ("scoring", "0011_prediction_whist"),
    ]

    operations = [
        migrations.RunPython(count_receipts, migrations.RunPython.noop),
    ]
