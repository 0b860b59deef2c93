"""Make a seeded drive (bench.seed) ready for results by e-mail: played to the
end, every player with an address who agreed. Run in its own process against
the live server's database:

    DATABASE_URL=... python -m tests.reliability.mail_drive <drive id>
"""

from __future__ import annotations

import os
import sys


def main(drive_id: int) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from drive.models import Drive
    from tests.factories import play_drive

    drive = play_drive(Drive.objects.get(pk=drive_id))
    for entry in drive.entries.select_related("player"):
        entry.player.email = f"p{entry.number}@example.org"
        entry.player.email_consent = True
        entry.player.save()


if __name__ == "__main__":
    main(int(sys.argv[1]))
