"""The site's settings with a planner that waits for the test's word.

For tests/reliability/test_start_while_planning.py: a live server (gunicorn,
its own process) whose fixed-movement planner, when called, leaves a file `planning`
in SLOW_PLAN_FOLDER and waits until the test leaves a file `go` there (a
minute at most), then plans as usual. So the test can do things while a
start is planning, however quick the planner really is.
"""

import os
import time
from pathlib import Path

from config.settings import *  # noqa: F403
from drive.movement import plan as _plan

_FOLDER = Path(os.environ["SLOW_PLAN_FOLDER"])
_plan_now = _plan.plan_fixed


def _plan_when_told(**kwargs):
    (_FOLDER / "planning").touch()
    deadline = time.monotonic() + 60
    while not (_FOLDER / "go").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    return _plan_now(**kwargs)


_plan.plan_fixed = _plan_when_told
