"""Runs every test in the test_*.py modules here; prints one line per test and exits 1 on any
failure. A module's tests run against each real server named in its SERVERS (default: both);
a module with SERVERS = () starts what it needs itself and its tests get None for the server.
Usage: run.py KAGO_BINARY [NAME_SUBSTRING...]   (of a test's or its module's name)"""
import glob
import importlib
import inspect
import os
import sys
import tempfile
import time
import traceback

import scratch
import servers

KINDS = {"radicale": servers.Radicale, "xandikos": servers.Xandikos}


def collect(wanted):
    """(module, [(name, function)]) for each test module, tests in file order."""
    here = os.path.dirname(os.path.abspath(__file__))
    found = []
    for path in sorted(glob.glob(os.path.join(here, "test_*.py"))):
        module = importlib.import_module(os.path.basename(path)[:-3])
        tests = [(n, f) for n, f in inspect.getmembers(module, inspect.isfunction)
                 if n.startswith("test_") and f.__module__ == module.__name__
                 and (not wanted or any(w in n or w in module.__name__ for w in wanted))]
        tests.sort(key=lambda t: t[1].__code__.co_firstlineno)
        if tests:
            found.append((module, tests))
    return found


def run(tests, binary, server, label):
    failed = 0
    for name, test in tests:
        start = time.time()
        try:
            test(binary, server)
            print("ok   %s %s (%.1fs)" % (label, name[5:], time.time() - start), flush=True)
        except Exception:
            failed += 1
            print("FAIL %s %s" % (label, name[5:]), flush=True)
            traceback.print_exc()
    return failed


def main():
    binary, wanted = sys.argv[1], sys.argv[2:]
    modules = collect(wanted)
    failed = total = 0
    for kind_name, kind in KINDS.items():
        tests = [t for m, ts in modules if kind_name in getattr(m, "SERVERS", KINDS) for t in ts]
        if not tests:
            continue
        server = kind()
        try:
            failed += run(tests, binary, server, server.name)
            total += len(tests)
        finally:
            server.stop()
    for module, tests in modules:
        if not getattr(module, "SERVERS", KINDS):
            failed += run(tests, binary, None, module.__name__[5:])
            total += len(tests)
    print("sync tests: %d failed of %d" % (failed, total))
    if failed:
        print("sync tests: homes and server logs kept under %s/kago-*" % tempfile.gettempdir())
    else:
        scratch.remove_all()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
