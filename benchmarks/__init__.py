"""rolkit benchmarks: `make bench` runs `python -m benchmarks` and prints medians."""
