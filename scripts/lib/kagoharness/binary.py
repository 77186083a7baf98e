"""Which kago binary the bench runs, what it was built from, and where its start-up goes (callgrind)."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from .common import REPO, log
from .driver import Kago
from .pty import ROWS, Pty

def git_describe(binary, built_here=False):
    """The commit a binary was built from, when it was built from this checkout."""
    if not (built_here or binary.startswith(os.path.join(REPO, ""))):
        return "binary from outside the repo"
    try:
        head = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no", "--", "Sources", "Package.swift"],
                               capture_output=True, text=True).stdout.strip()
        return "HEAD " + head + (" + uncommitted changes in Sources" if dirty else "")
    except OSError:
        return "no git"


def find_binary(args):
    path = args.bin or os.environ.get("KAGO_BIN")
    if path:
        path = os.path.abspath(path)
        if not os.access(path, os.X_OK):
            sys.exit("bench: %s is not an executable" % path)
        return path
    build = ["swift", "build", "-c", "release", "--product", "kago"]
    if args.static:  # as scripts/install builds it
        build.append("--static-swift-stdlib")
    # A scratch path of its own keeps the bench's build from racing one in .build.
    scratch = args.scratch_path or os.environ.get("KAGO_SCRATCH_PATH")
    if scratch:
        build += ["--scratch-path", os.path.abspath(scratch)]
    path = os.path.join(os.path.abspath(scratch) if scratch else os.path.join(REPO, ".build"), "release", "kago")
    if args.build or not os.access(path, os.X_OK):
        log("bench: " + " ".join(build))
        r = subprocess.run(build, cwd=REPO, stdout=sys.stderr)
        if r.returncode != 0:
            sys.exit("bench: the release build failed")
    return path


def loadavg():
    try:
        return "load %s" % " ".join(open("/proc/loadavg").read().split()[:3])
    except OSError:
        return ""


def demangle(text):
    swift = shutil.which("swift")
    if not swift:
        return text
    r = subprocess.run([swift, "demangle", "--simplified"], input=text, capture_output=True, text=True)
    return r.stdout if r.returncode == 0 else text


def callgrind(k, args):
    """Start-up (and, with --callgrind-keys, key presses) under callgrind, one dump per phase."""
    if not shutil.which("valgrind"):
        sys.exit("bench: valgrind is not installed (apt-get install valgrind)")
    size = args.callgrind_size
    home, _ = k.database(size, rebuild=args.rebuild_db)
    work = tempfile.mkdtemp(prefix="kago-bench-callgrind-")
    out_dir = os.path.abspath(args.callgrind_out or os.path.join(tempfile.gettempdir(), "kago-bench-callgrind-last"))
    os.makedirs(out_dir, exist_ok=True)
    out = os.path.join(out_dir, "callgrind.out.kago-%d" % size)
    for old in [f for f in os.listdir(out_dir) if f.startswith(os.path.basename(out))]:
        os.remove(os.path.join(out_dir, old))
    phases = []  # (title, profile file, divisor)
    try:
        run_home = Kago.copy_home(home, os.path.join(work, "home"))
        # Warm once outside valgrind so a schema migration is not profiled.
        p = k.launch(run_home)
        k.first_frame(p)
        k.quit(p)
        p.close()
        argv = [shutil.which("valgrind"), "--tool=callgrind", "--callgrind-out-file=" + out, k.binary]
        log("bench: %s (start-up with %d items, this takes a while)" % (" ".join(argv[:3]), size))
        p = Pty(argv, k.env(run_home), cwd=run_home)
        dumps = [0]

        def dump(label):
            # callgrind looks at requests when kago runs, which it does at least every 300 ms.
            if subprocess.run(["callgrind_control", "--dump=" + label, str(p.pid)],
                              capture_output=True, text=True).returncode != 0:
                return None
            dumps[0] += 1
            path = "%s.%d" % (out, dumps[0])
            deadline = time.monotonic() + 60
            while not os.path.exists(path) and time.monotonic() < deadline:
                p.drain(0.2)
            return path if os.path.exists(path) else None

        try:
            k.gap = 0.5
            k.first_frame(p, timeout=600)
            wall = time.monotonic() - p.t0
            path = dump("first-frame")
            phases.append(("start-up to the first complete frame (%.1f s under valgrind)" % wall, path, 1))
            n = args.callgrind_keys
            if n and path:
                for _ in range(n // 2):
                    for key in (b"j", b"k"):
                        p.key(key, 0.3, first_timeout=20)
                phases.append(("%d in-page selection moves (j, k), per key" % (2 * (n // 2)), dump("moves"), 2 * (n // 2)))
                for _ in range(ROWS + 2):  # walk to the last visible row
                    p.key(b"j", 0.3, first_timeout=20)
                dump("walk")
                for _ in range(n):
                    p.key(b"j", 0.3, first_timeout=20)
                phases.append(("%d scrolling j presses, per key" % n, dump("scrolls"), n))
            os.write(p.fd, b"q")
            p.wait_exit(120)
            if path and os.path.exists(out):  # what is left after the last dump: quitting
                phases.append(("quit, q to exit", out, 1))
        finally:
            p.close()
        if not phases or not phases[0][1]:
            phases = [("whole run including quit (callgrind_control --dump failed)", out, 1)]
        for i, (title, profile, per) in enumerate(phases):
            if not profile:
                continue
            print("%scallgrind, kago with %d items: %s" % ("\n\n" if i else "", size, title))
            print("profile: %s" % profile)
            modes = ((True, "inclusive"), (False, "self")) if i == 0 else ((True, "inclusive"),)
            for inclusive, label in modes:
                text = subprocess.run(["callgrind_annotate", "--auto=no", "--inclusive=" + ("yes" if inclusive else "no"),
                                       "--threshold=100", profile], capture_output=True, text=True).stdout
                print()
                print_top(label, demangle(text), args.top, inclusive, per)
    finally:
        log("bench: profiles in %s (callgrind_annotate --inclusive=yes FILE | swift demangle --simplified)" % out_dir)
        shutil.rmtree(work, ignore_errors=True)


def print_top(title, text, top, inclusive, per=1):
    """Top functions from callgrind_annotate output, one line per function: the file part is
    dropped (inlined code shows up under several files) and the object reduced to its name."""
    total = None
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+)\s+(?:\(.*\)\s+)?PROGRAM TOTALS", line)
        if m:
            total = int(m.group(1).replace(",", ""))
    costs = {}
    started = False
    for line in text.splitlines():
        if re.match(r"\s*Ir\s+file:function", line):
            started = True
            continue
        m = re.match(r"\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(?:\*\s+)?(.*)$", line)
        if started and costs and (not line.strip() or line.startswith("--")):
            break  # the end of the function table (source annotations may follow)
        if not (started and m):
            continue
        ir = int(m.group(1).replace(",", ""))
        fn, obj = m.group(2), ""
        o = re.search(r"\s\[([^\]]*)\]$", fn)
        if o:
            fn, obj = fn[:o.start()], os.path.basename(o.group(1))
        f = re.match(r"^(?:\?\?\?|<compiler-generated>|[^\s:]*[./][^\s:]*):(.*)$", fn)
        if f:
            fn = f.group(1)
        if inclusive:
            costs[fn] = max(costs.get(fn, (0, ""))[0], ir), obj or costs.get(fn, (0, ""))[1]
        else:
            costs[fn] = costs.get(fn, (0, ""))[0] + ir, obj or costs.get(fn, (0, ""))[1]
    # The frames every profile starts with say nothing.
    boiler = re.compile(r"^(0x[0-9a-f]+|\(below main\)|__libc_start_main.*|kago_main|specialized static CLI\.run.*)$")
    rows = sorted(((fn, c) for fn, c in costs.items() if not boiler.match(fn)), key=lambda kv: -kv[1][0])
    print("top %d functions by %s instructions%s (total %s Ir%s)" % (top, title, " per key" if per > 1 else "",
          "{:,}".format(total // per) if total else "?", " per key" if per > 1 else ""))
    for fn, (ir, obj) in rows[:top]:
        share = " %5.1f%%" % (100.0 * ir / total) if total else ""
        print("%14s%s  %s%s" % ("{:,}".format(ir // per), share, fn[:150], "  [%s]" % obj if obj and obj != "kago" else ""))
