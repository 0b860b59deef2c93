"""The site's settings plus one trivial view, the floor the live benchmarks measure against."""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
