"""A stand-in for the club's website the hall laptop publishes to (`Website`,
answering each POST as told), the address it gives back (`PUBLIC`), and an
address nothing listens at (`closed_port`)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PUBLIC = "https://club.example.org/p/the-public-key/"


class Website:
    """Answers each POST with `status` and `answer`; keeps what it was sent."""

    def __init__(self) -> None:
        self.status = 200
        self.answer: dict = {"public_url": PUBLIC}
        self.received: list[tuple[dict, bytes]] = []
        website = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                length = int(self.headers["Content-Length"])
                website.received.append((dict(self.headers), self.rfile.read(length)))
                body = json.dumps(website.answer).encode()
                self.send_response(website.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def closed_port() -> str:
    site = Website()
    site.close()
    return site.url
