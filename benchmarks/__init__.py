"""Benchmarks: `make bench` runs every module of this package that has a ``main()``."""
