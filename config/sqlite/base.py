"""Django's SQLite backend, with one idle connection kept open in each process.

The site opens a connection for each request and closes it after
(`CONN_MAX_AGE=0`). When the connection that closes is the last one open on
the file, SQLite copies the write-ahead log back into the database, syncs both
to disk and deletes the log, and the next write starts a new one. Under
gunicorn's workers, where one request at a time runs in each, that is every
request that wrote anything, at a cost larger than that of the captain's
result itself (bench/entry.py measures it).

So each process keeps one more connection open, idle, to the same file: the
request's connection is then never the last, and the log is copied back as
SQLite does it while the site runs, by the write that fills it (every 1,000
pages), without a sync of its own. The kept connection holds no transaction
and no lock another connection waits for (in WAL mode every connection holds
the same shared lock while it is open), so readers and writers go on as
before.

Nothing here changes what a query sees: it is an optimisation, and when the
file cannot be opened for it the site runs as plain Django's backend does.
"""

from __future__ import annotations

import os
import sqlite3
import threading

from django.db.backends.sqlite3 import base

# (process id, file) -> (the file's inode, the connection kept open on it).
# A process made by fork() finds its parent's connections here: it leaves them
# alone (closing a file descriptor would drop the child's own locks on that file)
# and opens its own.
_kept: dict[tuple[int, str], tuple[int, sqlite3.Connection]] = {}
_lock = threading.Lock()


def keep_open(path: str) -> None:
    """Make sure this process has an idle connection open on the database file `path`."""
    try:
        inode = os.stat(path).st_ino
    except OSError:
        return
    key = (os.getpid(), path)
    with _lock:
        held = _kept.get(key)
        if held is not None and held[0] == inode:
            return
        if held is not None:  # the file was replaced (a test database made again)
            held[1].close()
            del _kept[key]
        try:
            kept = sqlite3.connect(path, check_same_thread=False, timeout=5)
            # A first read enters WAL mode, which takes the shared lock it keeps.
            kept.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        except sqlite3.Error:
            return
        _kept[key] = (inode, kept)


class DatabaseWrapper(base.DatabaseWrapper):
    def get_new_connection(self, conn_params):
        connection = super().get_new_connection(conn_params)
        if not self.is_in_memory_db():
            keep_open(str(conn_params["database"]))
        return connection
