"""How soon every waiting phone shows the next round's seating, against the poll interval.

    python -m bench.move_latency [--db sqlite|postgres] [--tables 100] [--rounds 6]

The site runs under gunicorn (3 workers) on loopback against a fresh database
holding a progressive drive of 100 tables, one hand a round. Each table has one
captain's phone, a thread that does what a phone running the captain's page
does, request for request (static/js/captain.js, as the page sets it up):

- *Entering*: the page asks `/t/<key>/news/?seen=<fingerprint>&hand=<n>`
  every `data-poll-seconds` (captain.js's setInterval, whose phase is the
  moment the page was loaded; no jitter), skipping a tick while a question or
  a result is on its way. A 204 is nothing new.
- *Sending*: the result is POSTed as JSON (Accept: application/json, the
  page's CSRF header); on a 2xx the script reloads the page
  (`location.replace`), a full GET.
- *Waiting*: the reloaded page says "waiting for ..." and its state element
  carries `hx-get` with `hx-trigger="every <n>s"`: captain.js GETs the page's state
  partial (HX-Request) n seconds after the page loaded; each answer replaces
  the element (outerHTML), and the next ask is n seconds after the answer
  is in place. So a waiting phone asks every n seconds plus its answer's time, on a phase of its own: the moment its
  captain's result was answered.

The rounds: every phone opens its page at a random moment within one interval
(so the phones start on phases of their own); once every phone shows round r,
each captain sends round r's result at a random moment within one interval
(the "play" window: as in a hall, the results of a round come in spread out,
so the phones wait on phases spread over a whole interval; and as in a hall,
where a hand takes minutes, no result comes in while the phones are still
learning the last round's seating). The last result
seats the next round inside its own transaction; t0 is the moment its
answer arrives (the last answer of the round's results). A phone's latency is
from t0 until the answer arrives to the request whose body shows the next
round: the page's state for the next hand, with the seats the database holds
for that table in that round (checked for every phone and round after the run,
not taken on trust from a fingerprint).

value: the 95th percentile of the latencies of the phones that were waiting
(polling) when the round moved on, over every round; floor: the poll interval
the page gives; goal: within one interval plus 0.3 s. A phone whose reload
after its own result already shows the next round (the one whose result ended
the round, and any whose reload was answered after it) is counted apart
(by_reload); so are p50, max, how long the winning request itself took
(fetch_p50, fetch_p95), each kind of request's times, the load average, and
how many phones showed every next round. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import resource
import sys
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.live import (  # noqa: E402
    Captain,
    LiveServer,
    Reply,
    ScratchDatabases,
    query,
    run_seed,
    submission_key,
)
from bench.measure import percentile, result  # noqa: E402

# After an answer is in place, captain.js waits the poll's seconds again at once
# (htmx 2, which polls a prediction whist table's page, waits its 20 ms settle
# delay first).
SETTLE_SECONDS = 0.0
# captain.js: `parseInt(root.dataset.pollSeconds, 10) || 5`.
DEFAULT_ASK_SECONDS = 5
# The goal: every waiting phone within one interval plus this, at 95%.
GOAL_MARGIN_SECONDS = 0.3
LOG_PROBLEMS = ("database is locked", "Traceback", "Internal Server Error")

_STATE = re.compile(r'<div id="captain-state"(?P<attrs>[^>]*)>')
_ATTR = re.compile(r'([\w-]+)="([^"]*)"')
_ROOT = re.compile(r'<div id="captain"(?P<attrs>[^>]*)>')
_TOKEN = re.compile(r'hx-headers=\'\{"X-CSRFToken": "([^"]+)"\}\'')
_SEATS = re.compile(r'<dl class="captain-seats">(.*?)</dl>', re.S)
_NUMBER = re.compile(r'<span class="no">(\d+)</span>')
_EVERY = re.compile(r"^every ([\d.]+)(ms|s)$")


@dataclass
class State:
    """What a captain's page (or its state partial) shows, as the phone's script reads it."""

    mode: str
    hand: int | None
    fingerprint: str
    poll_seconds: float | None  # the markup's "every Ns", only while the page waits
    seats: tuple[int, ...]


def read_state(body: str) -> State:
    found = _STATE.search(body)
    if found is None:
        raise ValueError(f"no captain state in {body[:300]!r}")
    attrs = dict(_ATTR.findall(found["attrs"]))
    every = _EVERY.match(attrs.get("hx-trigger", ""))
    poll = None
    if every:
        poll = float(every[1]) / (1000 if every[2] == "ms" else 1)
    seats = _SEATS.search(body[found.end() :])
    hand = attrs.get("data-current-hand", "")
    return State(
        mode=attrs.get("data-mode", ""),
        hand=int(hand) if hand.isdigit() else None,
        fingerprint=attrs.get("data-fingerprint", ""),
        poll_seconds=poll,
        seats=tuple(int(n) for n in _NUMBER.findall(seats[1])) if seats else (),
    )


def script_interval(root_attrs: dict[str, str]) -> int:
    """captain.js: `parseInt(root.dataset.pollSeconds, 10) || 5`."""
    digits = re.match(r"\d+", root_attrs.get("data-poll-seconds", ""))
    return (int(digits[0]) if digits else 0) or DEFAULT_ASK_SECONDS


def shows_hand(state: State, hand: int) -> bool:
    return state.mode == "enter" and state.hand == hand and len(state.seats) == 4


class Hall:
    """What the benchmark knows and no phone does: when every phone shows a round."""

    def __init__(self, phones: int, rounds: int) -> None:
        self.phones = phones
        self.lock = threading.Lock()
        self.showing: dict[int, set[int]] = defaultdict(set)
        self.sent: dict[int, int] = defaultdict(int)
        self.go = {r: threading.Event() for r in range(1, rounds + 2)}
        self.go_at: dict[int, float] = {}
        self.all_sent_at: dict[int, float] = {}
        self.stop = threading.Event()

    def shows(self, table: int, round_number: int) -> None:
        with self.lock:
            self.showing[round_number].add(table)
            if len(self.showing[round_number]) == self.phones:
                self.go_at[round_number] = time.perf_counter()
                self.go[round_number].set()

    def sent_one(self, round_number: int) -> None:
        with self.lock:
            self.sent[round_number] += 1
            if self.sent[round_number] == self.phones:
                self.all_sent_at[round_number] = time.perf_counter()

    def sleep_until(self, moment: float) -> bool:
        """Sleep until `moment` (perf_counter); False if the run was stopped meanwhile."""
        return not self.stop.wait(max(0.0, moment - time.perf_counter()))


@dataclass
class Got:
    """How one phone came to show one round's seating."""

    how: str  # "poll" (captain.js's, while waiting) or "reload" (after its own result)
    asked: float  # when the winning request left
    arrived: float  # when its answer arrived
    seats: tuple[int, ...]


@dataclass
class CaptainsPhone:
    """One table's phone, doing what captain.js does on the captain's page."""

    captain: Captain
    table: int
    hall: Hall
    rounds: int
    play_seconds: float | None  # None: one ask interval
    wait_limit: float
    rng: random.Random
    sent_at: dict[int, float] = field(default_factory=dict)
    got: dict[int, Got] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    requests: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    loaded_at: float = 0.0
    ask_seconds: float = DEFAULT_ASK_SECONDS
    token: str = ""
    news_url: str = ""
    page_url: str = ""
    state: State | None = None

    # --- the requests -------------------------------------------------------------

    def _timed(self, what: str, send) -> tuple[Reply, float, float]:
        asked = time.perf_counter()
        reply = send()
        arrived = time.perf_counter()
        self.requests[what].append(arrived - asked)
        return reply, asked, arrived

    def load(self) -> tuple[float, float]:
        """The full page (first visit, or captain.js's location.replace)."""
        path = self.page_url or f"/t/{self.captain.key}/"
        reply, asked, arrived = self._timed(
            "page", lambda: self.captain.get(path, headers={"Accept": "text/html"})
        )
        if reply.status != 200:
            raise RuntimeError(f"table {self.table}: page answered {reply.status}")
        attrs = dict(_ATTR.findall(_ROOT.search(reply.body)["attrs"]))
        self.news_url, self.page_url = attrs["data-news"], attrs["data-page"]
        self.ask_seconds = script_interval(attrs)
        self.token = _TOKEN.search(reply.body)[1]
        self.state = read_state(reply.body)
        self.loaded_at = arrived  # captain.js's interval and its first wait start here
        return asked, arrived

    def ask_news(self) -> None:
        """captain.js's askForNews: only while the page asks for an entry."""
        state = self.state
        if (
            state is None
            or not state.fingerprint
            or state.mode not in ("enter", "confirm")
        ):
            return
        path = f"{self.news_url}?seen={state.fingerprint}&hand={state.hand or ''}"
        reply, _, _ = self._timed(
            "news",
            lambda: self.captain.get(path, headers={"Accept": "application/json"}),
        )
        if reply.status == 204:
            return
        if reply.status != 200 or not reply.json().get("fingerprint"):
            if reply.status >= 500:
                self.problems.append(
                    f"table {self.table}: news answered {reply.status}"
                )
            return  # a failed ask: the next one may do
        self.load()  # another phone (or the organiser) recorded it: the page moves on

    def poll(self) -> tuple[float, float]:
        """The waiting state's `every Ns` (captain.js): GET the page's state partial."""
        url = f"{self.captain.base}{self.page_url}"
        headers = {
            "HX-Request": "true",
            "HX-Trigger": "captain-state",
            "HX-Target": "captain-state",
            "HX-Current-URL": url,
            "X-CSRFToken": self.token,
            "Accept": "text/html, */*",
        }
        reply, asked, arrived = self._timed(
            "poll", lambda: self.captain.get(self.page_url, headers=headers)
        )
        if reply.status != 200:
            raise RuntimeError(f"table {self.table}: poll answered {reply.status}")
        self.state = read_state(reply.body)
        return asked, arrived

    def send(self, round_number: int) -> None:
        hand = round_number  # one hand a round
        reply, _, arrived = self._timed(
            "result",
            lambda: self.captain.post(
                f"/t/{self.captain.key}/result/",
                {
                    "table": self.table,
                    "hand": hand,
                    "ns_tricks": (self.table * 7 + hand * 3) % 14,
                    "idempotency_key": submission_key(),
                },
                headers={"Accept": "application/json", "X-CSRFToken": self.token},
            ),
        )
        if reply.status != 200:
            raise RuntimeError(
                f"table {self.table} hand {hand}: {reply.status} {reply.body[:200]}"
            )
        self.sent_at[round_number] = arrived
        self.hall.sent_one(round_number)

    # --- the phone's life -----------------------------------------------------------

    def _maybe_got(
        self, round_number: int, how: str, asked: float, arrived: float
    ) -> bool:
        if self.state is None or not shows_hand(self.state, round_number):
            return False
        self.got[round_number] = Got(how, asked, arrived, self.state.seats)
        self.hall.shows(self.table, round_number)
        return True

    def entering(self, round_number: int) -> bool:
        """Ask for news on captain.js's ticks until the captain sends; False if stopped."""
        hall, send_at = self.hall, None
        play = self.ask_seconds if self.play_seconds is None else self.play_seconds
        while True:
            now = time.perf_counter()
            if send_at is None and hall.go[round_number].is_set():
                send_at = hall.go_at[round_number] + self.rng.uniform(0, play)
            ticks = math.floor((now - self.loaded_at) / self.ask_seconds) + 1
            tick = self.loaded_at + ticks * self.ask_seconds
            if send_at is not None and send_at <= tick:
                return hall.sleep_until(send_at)
            if send_at is None:
                hall.go[round_number].wait(max(0.0, tick - now))
                if hall.stop.is_set():
                    return False
                if time.perf_counter() < tick:
                    continue  # the round has begun: work out when to send
            elif not hall.sleep_until(tick):
                return False
            self.ask_news()

    def waiting(self, round_number: int) -> None:
        """captain.js polls the waiting page until it shows `round_number`'s seating."""
        if round_number in self.got:
            return
        hall = self.hall
        if self.state is None or self.state.poll_seconds is None:
            raise RuntimeError(
                f"table {self.table}: after its result the page is {self.state}"
            )
        next_poll = self.loaded_at + self.state.poll_seconds
        while True:
            if not hall.sleep_until(next_poll):
                return
            last_sent = hall.all_sent_at.get(round_number - 1)
            if (
                last_sent is not None
                and time.perf_counter() > last_sent + self.wait_limit
            ):
                self.problems.append(
                    f"table {self.table}: no round {round_number} "
                    f"{self.wait_limit:.0f} s after the last result"
                )
                hall.stop.set()
                return
            asked, arrived = self.poll()
            if self._maybe_got(round_number, "poll", asked, arrived):
                return
            if self.state.poll_seconds is None:
                raise RuntimeError(
                    f"table {self.table}: stopped polling at {self.state}"
                )
            next_poll = arrived + SETTLE_SECONDS + self.state.poll_seconds

    def run(self, start_within: float) -> None:
        try:
            if not self.hall.sleep_until(
                time.perf_counter() + self.rng.uniform(0, start_within)
            ):
                return
            asked, arrived = self.load()
            if not self._maybe_got(1, "reload", asked, arrived):
                raise RuntimeError(f"table {self.table}: first page is {self.state}")
            for round_number in range(1, self.rounds + 1):
                if not self.entering(round_number):
                    return
                self.send(round_number)
                asked, arrived = self.load()
                self._maybe_got(round_number + 1, "reload", asked, arrived)
                self.waiting(round_number + 1)
                if self.hall.stop.is_set():
                    return
        except Exception as exc:  # one phone's trouble ends the run, reported
            self.problems.append(f"table {self.table}: {exc!r}")
            self.hall.stop.set()


def page_interval(base: str, key: str) -> int:
    """The poll interval a captain's page gives its script, read as captain.js reads it."""
    body = Captain(base, key).open().body
    return script_interval(dict(_ATTR.findall(_ROOT.search(body)["attrs"])))


def seats_held(
    database_url: str, drive: int, rounds: range
) -> dict[tuple[int, int], tuple[int, ...]]:
    """(round, table) -> the entry numbers the database seats there, sorted."""
    rows = query(
        database_url,
        "SELECT r.number, t.number, e.number FROM drive_seatassignment s "
        "JOIN drive_round r ON r.id = s.round_id "
        "JOIN drive_table t ON t.id = s.table_id "
        "JOIN drive_entry e ON e.id = s.entry_id "
        "WHERE r.drive_id = %s AND r.number >= %s AND r.number <= %s",
        (drive, rounds.start, rounds.stop - 1),
    )
    held: dict[tuple[int, int], list[int]] = defaultdict(list)
    for round_number, table, entry in rows:
        held[(round_number, table)].append(entry)
    return {key: tuple(sorted(value)) for key, value in held.items()}


def measure(
    *,
    base: str,
    database_url: str,
    seeded: dict,
    rounds: int,
    play_seconds: float | None = None,
    wait_limit: float = 60,
) -> dict[str, object]:
    """Run the phones against a server at `base` whose drive is `seeded` (hands >= rounds + 1)."""
    keys = {int(number): key for number, key in seeded["keys"].items()}
    hall = Hall(len(keys), rounds)
    phones = [
        CaptainsPhone(
            captain=Captain(base, key),
            table=number,
            hall=hall,
            rounds=rounds,
            play_seconds=play_seconds,
            wait_limit=wait_limit,
            rng=random.Random(number),
        )
        for number, key in sorted(keys.items())
    ]
    interval = page_interval(base, keys[min(keys)])
    started = time.perf_counter()
    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    load_before = os.getloadavg()[0]
    threads = [
        threading.Thread(target=phone.run, args=(interval,), daemon=True)
        for phone in phones
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    # The phones' own share of the two cores (they run beside the server).
    client_cpu = (cpu_after.ru_utime + cpu_after.ru_stime) - (
        cpu_before.ru_utime + cpu_before.ru_stime
    )

    problems = [p for phone in phones for p in phone.problems]
    held = seats_held(database_url, seeded["drive"], range(2, rounds + 2))
    latencies, fetches, by_how = [], [], Counter()
    got = 0
    for round_number in range(1, rounds + 1):
        sent = [phone.sent_at.get(round_number) for phone in phones]
        if None in sent:
            continue
        t0 = max(sent)
        for phone in phones:
            seen = phone.got.get(round_number + 1)
            if seen is None:
                problems.append(
                    f"table {phone.table}: never showed round {round_number + 1}"
                )
                continue
            expected = held.get((round_number + 1, phone.table))
            if tuple(sorted(seen.seats)) != expected:
                problems.append(
                    f"table {phone.table} round {round_number + 1}: the page seats "
                    f"{seen.seats}, the database {expected}"
                )
                continue
            got += 1
            by_how[seen.how] += 1
            if seen.how == "poll":
                latencies.append(seen.arrived - t0)
                fetches.append(seen.arrived - seen.asked)
    requests: dict[str, list[float]] = defaultdict(list)
    for phone in phones:
        for what, times in phone.requests.items():
            requests[what] += times
    if not latencies:
        return {
            "value": float("inf"),
            "floor": interval,
            "ratio": float("inf"),
            "unit": "s",
            "got": got,
            "expected": rounds * len(phones),
            "problems": problems[:5] or ["no phone waited for a round"],
        }
    return result(
        percentile(latencies, 95),
        float(interval),
        "s",
        goal=(interval + GOAL_MARGIN_SECONDS) / interval,
        p50=percentile(latencies, 50),
        max=max(latencies),
        min=min(latencies),
        fetch_p50=percentile(fetches, 50),
        fetch_p95=percentile(fetches, 95),
        got=got,
        expected=rounds * len(phones),
        by_poll=by_how["poll"],
        by_reload=by_how["reload"],
        rounds=rounds,
        tables=len(phones),
        requests={
            what: {
                "count": len(times),
                "p50": round(percentile(times, 50), 3),
                "p95": round(percentile(times, 95), 3),
            }
            for what, times in sorted(requests.items())
        },
        requests_per_second=round(sum(map(len, requests.values())) / elapsed, 1),
        seconds=round(elapsed, 1),
        phones_cpu_seconds=round(client_cpu, 1),
        # The floor is a constant, not a same-run measurement: a busy machine
        # shows in the value alone, so the load is reported with it.
        load_average=[round(load_before, 1), round(os.getloadavg()[0], 1)],
        problems=problems[:5],
    )


def run(
    *,
    db: str,
    tables: int,
    rounds: int,
    workers: int,
    play_seconds: float | None = None,
    interval: int | None = None,
) -> dict[str, object]:
    scratch = ScratchDatabases(db)
    server = None
    try:
        url = scratch.fresh()
        seeded = run_seed(url, "--tables", str(tables), "--hands", str(rounds + 1))
        server = LiveServer(
            url,
            workers=workers,
            settings="bench.settings",
            env={"BENCH_POLL_SECONDS": str(interval)} if interval else None,
        )
        server.start()
        out = measure(
            base=server.url,
            database_url=url,
            seeded=seeded,
            rounds=rounds,
            play_seconds=play_seconds,
        )
    finally:
        log = server.log_text() if server else ""
        if server is not None:
            server.stop()
        scratch.close()
    in_log = sorted({p for p in LOG_PROBLEMS if p in log})
    if in_log:
        out["problems"] = [f"server log shows {in_log}", *out["problems"]]
    return {"move_latency" if db == "sqlite" else "move_latency_pg": out}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument(
        "--play",
        type=float,
        default=None,
        help="seconds over which a round's results come in (default: one interval)",
    )
    parser.add_argument(
        "--interval",
        type=int,
        default=None,
        help="poll interval the pages give, in whole seconds (default: the site's)",
    )
    args = parser.parse_args(argv)
    out = run(
        db=args.db,
        tables=args.tables,
        rounds=args.rounds,
        workers=args.workers,
        play_seconds=args.play,
        interval=args.interval,
    )
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
