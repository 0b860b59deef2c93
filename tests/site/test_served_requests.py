"""The browser tests' teardown waits for the live server's last request
(tests/e2e/served.py) instead of sleeping: it must not report the server idle
while a request is still being served, nor while a connection is still open."""

from __future__ import annotations

import http.client
import threading

from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler

from tests.e2e.served import ServedRequests


class QuietHandler(WSGIRequestHandler):
    def log_message(self, *args) -> None:
        pass


def test_idle_only_once_the_request_is_served_and_its_connection_closed():
    entered, release = threading.Event(), threading.Event()

    def app(environ, start_response):
        entered.set()
        release.wait(30)
        start_response("200 OK", [("Content-Length", "2")])
        return [b"ok"]

    httpd = ThreadedWSGIServer(("127.0.0.1", 0), QuietHandler)
    httpd.set_app(app)
    served = ServedRequests(httpd)
    server = threading.Thread(target=httpd.serve_forever, daemon=True)
    server.start()
    client = http.client.HTTPConnection("127.0.0.1", httpd.server_address[1])
    answers: list[bytes] = []

    def ask() -> None:
        client.request("GET", "/")
        answers.append(client.getresponse().read())

    asking = threading.Thread(target=ask)
    try:
        assert served.wait_idle(timeout=5)
        asking.start()
        assert entered.wait(30)
        # The request is in the view: not idle.
        assert not served.wait_idle(timeout=0.2)
        release.set()
        asking.join(30)
        assert answers == [b"ok"]
        # Answered, but the client keeps its connection (HTTP/1.1): the
        # connection's thread may still read another request.
        assert not served.wait_idle(timeout=0.2)
        client.close()
        assert served.wait_idle(timeout=30)
    finally:
        release.set()
        client.close()
        httpd.shutdown()
        httpd.server_close()
