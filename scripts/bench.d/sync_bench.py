"""Sync figures (SPEC §9), beside vdirsyncer on the same local Radicale and Xandikos: the
initial upload of N items, a sync with nothing to do (the median of three after a first one,
which fills the server's caches), one changed item (requests). Run by `scripts/bench --sync`.

Usage: sync_bench.py KAGO_BINARY [--items 1000] [--runs 3]"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "sync.d"))
import servers  # noqa: E402
from harness import Kago  # noqa: E402


def timed(command, env):
    start = time.monotonic()
    p = subprocess.run(command, env=env, capture_output=True, timeout=1800)
    elapsed = time.monotonic() - start
    if p.returncode != 0:
        sys.exit("bench: %s failed: %s %s" % (" ".join(command), p.stdout.decode(), p.stderr.decode()))
    return elapsed, p


def kago_round(binary, server, items):
    k = Kago(binary, server)
    rows = [{"name": "item %d" % i, "quantity": str(i % 5 + 1) if i % 3 == 0 else None,
             "category": "cat %d" % (i % 12), "note": "note %d" % i if i % 7 == 0 else None} for i in range(items)]
    path = os.path.join(k.home, "items.json")
    with open(path, "w") as f:
        json.dump(rows, f)
    k.run("import", path)
    k.run("lists", "link", "Shopping", "bench " + uuid.uuid4().hex[:8])
    initial, _ = timed([binary, "sync"], k.env)
    # The first answer after an upload is the server filling its caches: idle syncs after it.
    timed([binary, "sync"], k.env)
    idles = [timed([binary, "sync"], k.env) for _ in range(3)]
    idle, p = sorted(idles, key=lambda x: x[0])[1]
    idle_requests = int(p.stderr.decode().split("requests: ")[1].split()[0])
    k.run("check", "item 1")
    one, p = timed([binary, "sync"], k.env)
    one_requests = int(p.stderr.decode().split("requests: ")[1].split()[0])
    return initial, idle, idle_requests, one, one_requests


def vdirsyncer_round(server, items):
    home = tempfile.mkdtemp(prefix="kago-bench-vdir-")
    local = os.path.join(home, "local", "bench")
    os.makedirs(local)
    for i in range(items):
        uid = "vdir-%d-%s" % (i, uuid.uuid4().hex[:6])
        with open(os.path.join(local, uid + ".ics"), "w") as f:
            f.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VTODO\r\nUID:%s\r\n"
                    "DTSTAMP:20261201T000000Z\r\nSUMMARY:item %d\r\nCATEGORIES:cat %d\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
                    % (uid, i, i % 12))
    collection = "vdir-" + uuid.uuid4().hex[:8]
    config = os.path.join(home, "config")
    with open(config, "w") as f:
        f.write('[general]\nstatus_path = "%s/status/"\n\n[pair bench]\na = "local"\nb = "remote"\n'
                'collections = [["bench", "bench", "%s"]]\n\n[storage local]\ntype = "filesystem"\npath = "%s/local/"\n'
                'fileext = ".ics"\n\n[storage remote]\ntype = "caldav"\nurl = "%s"\n'
                % (home, collection, home, server.url))
        if server.username:
            f.write('username = "%s"\npassword = "%s"\n' % (server.username, server.password))
    env = dict(os.environ, HOME=home, VDIRSYNCER_CONFIG=config)
    vdir = os.path.join(os.path.dirname(sys.executable), "vdirsyncer")
    subprocess.run([vdir, "discover"], env=env, input=b"y\ny\n", capture_output=True, timeout=120)
    initial, _ = timed([vdir, "sync"], env)
    timed([vdir, "sync"], env)
    idle = median([timed([vdir, "sync"], env)[0] for _ in range(3)])
    shutil.rmtree(home, ignore_errors=True)
    return initial, idle


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--items", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    has_vdirsyncer = os.path.exists(os.path.join(os.path.dirname(sys.executable), "vdirsyncer"))
    print("sync, %d items, median of %d runs, servers on 127.0.0.1" % (a.items, a.runs))
    for kind in (servers.Radicale, servers.Xandikos):
        server = kind()
        try:
            kago = [kago_round(a.binary, server, a.items) for _ in range(a.runs)]
            vdir = [vdirsyncer_round(server, a.items) for _ in range(a.runs)] if has_vdirsyncer else []
        finally:
            server.stop()
        k_initial, k_idle = median([r[0] for r in kago]), median([r[1] for r in kago])
        print("%s%s" % (server.name, " (htpasswd)" if server.username else ""))
        print("  %-28s %10s %12s" % ("", "kago", "vdirsyncer"))
        if vdir:
            v_initial, v_idle = median([r[0] for r in vdir]), median([r[1] for r in vdir])
            print("  %-28s %9.2fs %11.2fs   ratio %.2f (target <= 1.0)" % ("initial upload", k_initial, v_initial, k_initial / v_initial))
            print("  %-28s %9.3fs %11.3fs   ratio %.3f (target <= 0.1)" % ("sync with nothing to do", k_idle, v_idle, k_idle / v_idle))
        else:
            print("  %-28s %9.2fs %12s" % ("initial upload", k_initial, "(no vdirsyncer)"))
            print("  %-28s %9.3fs" % ("sync with nothing to do", k_idle))
        print("  %-28s %10d   (target 1)" % ("requests, nothing to do", max(r[2] for r in kago)))
        print("  %-28s %9.3fs   %d requests (target <= 3)" % ("one changed item", median([r[3] for r in kago]), max(r[4] for r in kago)))


if __name__ == "__main__":
    main()
