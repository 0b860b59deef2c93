"""Benchmarks (`make bench`) and the live-server harness the reliability tests share."""
