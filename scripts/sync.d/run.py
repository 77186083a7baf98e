"""Runs every test in test_sync.py against each server; prints one line per test and exits 1
on any failure. Usage: run.py KAGO_BINARY [NAME_SUBSTRING...]"""
import inspect
import sys
import time
import traceback

import servers
import test_sync


def main():
    binary, wanted = sys.argv[1], sys.argv[2:]
    tests = [(n, f) for n, f in inspect.getmembers(test_sync, inspect.isfunction)
             if n.startswith("test_") and (not wanted or any(w in n for w in wanted))]
    tests.sort(key=lambda t: t[1].__code__.co_firstlineno)
    failed = 0
    for kind in (servers.Radicale, servers.Xandikos):
        server = kind()
        try:
            for name, test in tests:
                start = time.time()
                try:
                    test(binary, server)
                    print("ok   %s %s (%.1fs)" % (server.name, name[5:], time.time() - start), flush=True)
                except Exception:
                    failed += 1
                    print("FAIL %s %s" % (server.name, name[5:]), flush=True)
                    traceback.print_exc()
        finally:
            server.stop()
    print("sync tests: %d failed of %d" % (failed, 2 * len(tests)))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
