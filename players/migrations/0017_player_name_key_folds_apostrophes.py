"""Player.name_key again for every player: a curly apostrophe (D’Angelo, as a
phone or a spreadsheet types it) is now folded to the straight one
(players.collation.fold), so a key stored with the curly one would no longer
be found."""

from __future__ import annotations

from django.db import migrations

from players.models import normalise_name


def recompute_name_keys(apps, schema_editor) -> None:
    Player = apps.get_model("players", "Player")
    changed = []
    for player in Player.objects.only("id", "name", "name_key").iterator():
        key = normalise_name(player.name)
        if key != player.name_key:
            player.name_key = key
            changed.append(player)
    Player.objects.bulk_update(changed, ["name_key"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("players", "0016_audit_kind_result_remove")]

    operations = [
        migrations.RunPython(recompute_name_keys, migrations.RunPython.noop),
    ]
