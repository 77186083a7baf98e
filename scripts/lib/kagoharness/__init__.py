"""The harnesses that drive the real kago binary: scripts/bench, scripts/soak, scripts/concurrency.

Python 3 standard library only (pyte, when installed, lets the bench read the screen). The
entry points in scripts/ parse their arguments and call in here.
"""
