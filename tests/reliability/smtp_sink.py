"""A mail server on loopback for live-server tests: it accepts every message and keeps it.

Plain SMTP (RFC 5321) as Django's SMTP backend speaks it: EHLO, MAIL, RCPT,
DATA, RSET, NOOP, QUIT. Python's own smtpd is gone (3.12), so this is a
small threaded socketserver.
"""

from __future__ import annotations

import socketserver
import threading
from dataclasses import dataclass, field


@dataclass
class Message:
    sender: str
    recipients: list[str]
    data: bytes


@dataclass
class _State:
    messages: list[Message] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


class _Session(socketserver.StreamRequestHandler):
    state: _State

    def reply(self, line: str) -> None:
        self.wfile.write(f"{line}\r\n".encode())

    def handle(self) -> None:
        self.reply("220 sink ESMTP")
        sender, recipients = "", []
        while True:
            line = self.rfile.readline()
            if not line:
                return
            command = line.decode("ascii", "replace").strip()
            verb = command[:4].upper()
            if verb in ("EHLO", "HELO"):
                self.reply("250-sink")
                self.reply("250 8BITMIME")
            elif verb == "MAIL":
                sender, recipients = command.split(":", 1)[1].strip(" <>"), []
                self.reply("250 OK")
            elif verb == "RCPT":
                recipients.append(command.split(":", 1)[1].strip(" <>"))
                self.reply("250 OK")
            elif verb == "DATA":
                self.reply("354 End with <CRLF>.<CRLF>")
                lines = []
                while (chunk := self.rfile.readline()) not in (b".\r\n", b".\n", b""):
                    lines.append(chunk[1:] if chunk.startswith(b"..") else chunk)
                with self.state.lock:
                    self.state.messages.append(
                        Message(sender, recipients, b"".join(lines))
                    )
                self.reply("250 OK: queued")
            elif verb == "QUIT":
                self.reply("221 Bye")
                return
            else:  # RSET, NOOP and anything else
                self.reply("250 OK")


class SmtpSink:
    """`with SmtpSink() as sink:` a mail server on 127.0.0.1:sink.port."""

    def __init__(self) -> None:
        self.state = _State()
        handler = type("Session", (_Session,), {"state": self.state})
        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]

    def __enter__(self) -> SmtpSink:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    @property
    def messages(self) -> list[Message]:
        with self.state.lock:
            return list(self.state.messages)

    def recipients(self) -> list[str]:
        return [to for message in self.messages for to in message.recipients]
