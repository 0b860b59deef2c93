"""Start the site for a hall from the organiser's laptop (`make hall`).

Finds the laptop's address on the hall's network (drive.hall), prints it, and
runs the site for the phones there: DEBUG off whatever the environment says,
listening on every network of the laptop, with HALL_ADDRESS set so that the
site allows that address and makes every link and QR code for phones from it.
`--address` names the address when the laptop is on two networks.
"""

from __future__ import annotations

import ipaddress
import os
import re
import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from drive.hall import detect_hall_address

# A host name a phone could be given instead of an address (whist.local).
HOST_NAME = re.compile(
    r"^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$"
)


def checked_address(address: str) -> str:
    """An IPv4 address or a host name, as given; CommandError for anything else."""
    try:
        return str(ipaddress.IPv4Address(address))
    except ValueError:
        pass
    if HOST_NAME.match(address) and not address.replace(".", "").isdigit():
        return address
    raise CommandError(
        _(
            "%(address)s is not an address of this computer's network: "
            "give one like 192.168.1.20."
        )
        % {"address": address}
    )


def listen_on(address: str) -> str:
    """Where the server listens: everywhere (phones at the hall address, the
    organiser's browser at 127.0.0.1), or only this computer when the hall
    address itself is a loopback one (no network at all)."""
    try:
        if ipaddress.IPv4Address(address).is_loopback:
            return "127.0.0.1"
    except ValueError:
        pass
    return "0.0.0.0"


class Command(BaseCommand):
    help = (
        "Start the site for the phones in the hall: find this computer's address "
        "on the hall's network, print it, and serve the site there."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", type=int, default=8000, help="Default 8000.")
        parser.add_argument(
            "--address",
            default="",
            help="This computer's address on the hall's network, when it has two "
            "(default: found by itself).",
        )

    def handle(self, *args: object, **options: object) -> None:
        port = int(options["port"])  # type: ignore[call-overload]
        if not 1 <= port <= 65535:
            raise CommandError(_("The port must be a number from 1 to 65535."))
        given = str(options["address"] or "").strip()
        address = checked_address(given) if given else detect_hall_address()
        if address is None:
            raise CommandError(
                _(
                    "This computer is on no network: join the hall's Wi-Fi (or a "
                    "phone's hotspot) and start again, or give the address with "
                    "ADDRESS=..."
                )
            )
        hall = f"{address}:{port}"
        self.stdout.write("")
        self.stdout.write(
            "  " + _("Phones in the hall open: %(url)s") % {"url": f"http://{hall}/"}
        )
        self.stdout.write(
            "  " + _("On this computer: %(url)s") % {"url": f"http://127.0.0.1:{port}/"}
        )
        self.stdout.write(
            "  "
            + _(
                "The Captain links page and the table cards use the address for "
                "phones. Stop the site with Ctrl+C."
            )
        )
        self.stdout.write("")
        self.stdout.flush()
        environment = {**os.environ, "HALL_ADDRESS": hall, "DEBUG": "0"}
        self.serve(
            [
                sys.executable,
                str(settings.BASE_DIR / "manage.py"),
                "runserver",
                "--noreload",
                f"{listen_on(address)}:{port}",
            ],
            environment,
        )

    def serve(self, argv: list[str], environment: dict[str, str]) -> None:
        """Become the web server: a fresh process, so the settings are read
        again with HALL_ADDRESS and DEBUG set."""
        sys.stderr.flush()
        os.execve(argv[0], argv, environment)
