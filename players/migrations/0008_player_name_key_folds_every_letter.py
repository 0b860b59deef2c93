"""Player.name_key again for every player: names are now folded letter by letter
(players.collation.fold: ł as l, ø as o, ß as ss, and й kept apart from и),
so a key stored by the older rule would no longer be found."""

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
    dependencies = [("players", "0007_club_language")]

    operations = [
        migrations.RunPython(recompute_name_keys, migrations.RunPython.noop),
    ]
