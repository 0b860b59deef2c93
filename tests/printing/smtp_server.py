"""A tiny SMTP server on a random loopback port, for the results e-mail tests.

Python 3.12 has no smtpd module; this speaks just enough SMTP for smtplib
(EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT), in a thread, one thread a
connection. What it does with each message's data is its `behaviour`:

- `accept`: answer 250 after `delay` seconds (a slow server when > 0);
- `stall`: never answer (until the server is stopped);
- `drop`: close the connection without a word.

`accepted` lists the recipients of every message it answered 250 to: what a
mail server took, to compare with what the site wrote down as sent.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable


class SMTPServer:
    def __init__(
        self,
        *,
        delay: float = 0.0,
        behaviour: Callable[[int], str] | None = None,
    ) -> None:
        self.delay = delay
        # Message number (from 0, over all connections) -> what to do with it.
        self.behaviour = behaviour or (lambda _n: "accept")
        self.accepted: list[str] = []
        self.connections = 0
        self._messages = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._listener = socket.socket()
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen(16)
        self._listener.settimeout(0.2)
        self.port = self._listener.getsockname()[1]
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def __enter__(self) -> SMTPServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self._listener.close()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _address = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with self._lock:
                self.connections += 1
            threading.Thread(target=self._talk, args=(conn,), daemon=True).start()

    def _talk(self, conn: socket.socket) -> None:
        conn.settimeout(60)
        reader = conn.makefile("rb")

        def say(line: str) -> None:
            conn.sendall(line.encode() + b"\r\n")

        try:
            say("220 test.invalid ESMTP")
            recipient = ""
            while not self._stop.is_set():
                line = reader.readline()
                if not line:
                    return
                command = line.decode(errors="replace").strip()
                verb = command[:4].upper()
                if verb in ("EHLO", "HELO"):
                    say("250 test.invalid")
                elif verb == "RCPT":
                    recipient = command.split(":", 1)[1].strip(" <>")
                    say("250 OK")
                elif verb in ("MAIL", "RSET", "NOOP"):
                    say("250 OK")
                elif verb == "QUIT":
                    say("221 Bye")
                    return
                elif verb == "DATA":
                    say("354 End data with <CR><LF>.<CR><LF>")
                    while reader.readline() not in (b".\r\n", b""):
                        pass
                    with self._lock:
                        number = self._messages
                        self._messages += 1
                    action = self.behaviour(number)
                    if action == "drop":
                        return
                    if action == "stall":
                        self._stop.wait()
                        return
                    time.sleep(self.delay)
                    with self._lock:
                        self.accepted.append(recipient)
                    say("250 Queued")
                else:
                    say("502 Not implemented")
        except OSError:
            return
        finally:
            reader.close()
            conn.close()
