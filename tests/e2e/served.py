"""The live server's requests counted, so a browser test's teardown waits for
the last one to be served instead of sleeping (tests/e2e/conftest.py)."""

from __future__ import annotations

import select
import threading
import time


class ServedRequests:
    """Counts what the live server is serving: a connection being accepted, and
    each connection's thread until it ends (a closed tab's sockets close, and
    their threads end once a request already sent has been answered).

    Installed once on the live server (its ThreadedWSGIServer, instance
    attributes shadowing socketserver's methods)."""

    def __init__(self, httpd) -> None:
        self.httpd = httpd
        self.busy = 0
        self.changed = threading.Condition()
        accept_one = httpd._handle_request_noblock
        start_thread = httpd.process_request
        serve = httpd.process_request_thread

        def _handle_request_noblock() -> None:
            self._add(1)
            try:
                accept_one()
            finally:
                self._add(-1)

        def process_request(request, client_address) -> None:
            # Counted before the thread starts (the server's thread, while
            # still counted as accepting), so there is no moment uncounted.
            self._add(1)
            try:
                start_thread(request, client_address)
            except BaseException:
                self._add(-1)
                raise

        def process_request_thread(request, client_address) -> None:
            try:
                serve(request, client_address)
            finally:
                self._add(-1)

        httpd._handle_request_noblock = _handle_request_noblock
        httpd.process_request = process_request
        httpd.process_request_thread = process_request_thread

    def _add(self, step: int) -> None:
        with self.changed:
            self.busy += step
            self.changed.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        """True once nothing is served and no connection waits to be accepted
        (the listening socket is read first: a connection accepted after
        that is counted by then); False after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            waiting, _, _ = select.select([self.httpd.socket], [], [], 0)
            with self.changed:
                if not waiting and self.busy == 0:
                    return True
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.changed.wait(min(left, 0.05))
