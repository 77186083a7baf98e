"""The bench's figures: medians and percentiles, the table, and the targets they are held to."""

import re
import statistics

from . import pty as screens
from .pty import COLS, ROWS

def pct(values, q):
    v = sorted(values)
    if not v:
        return None
    i = (len(v) - 1) * q
    lo, hi = int(i), min(int(i) + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (i - lo)


def summary(samples):
    out = {}
    for metric, values in samples.items():
        if metric == "notes":
            out[metric] = values
            continue
        out[metric] = {"median": statistics.median(values), "p90": pct(values, 0.9),
                       "min": min(values), "max": max(values), "n": len(values)}
    return out


ROWS_KAGO = [
    ("launch → first frame (ms)", "launch_ms", "median"),
    ("  p90", "launch_ms", "p90"),
    ("launch → first byte (ms)", "first_byte_ms", "median"),
    ("launch → first key answered (ms)", "ready_ms", "median"),
    ("j → frame, in page (ms)", "move_ms", "median"),
    ("  p90", "move_ms", "p90"),
    ("j → frame, scrolling (ms)", "scroll_ms", "median"),
    ("  p90", "scroll_ms", "p90"),
    ("Space (check) → frame (ms)", "check_ms", "median"),
    ("u (undo) → frame (ms)", "undo_ms", "median"),
    ("filter keystroke → frame (ms)", "filter_ms", "median"),
    ("  p90", "filter_ms", "p90"),
    ("outside kago add → frame (ms)", "outside_ms", "median"),
    ("  max", "outside_ms", "max"),
    ("Ctrl-L → frame (ms)", "redraw_ms", "median"),
    ("bytes per selection move", "move_bytes", "median"),
    ("bytes per scroll", "scroll_bytes", "median"),
    ("bytes per full redraw", "redraw_bytes", "median"),
    ("largest pause in a frame (ms)", "move_pause_ms", "max"),
    ("peak RSS, VmHWM (MiB)", "rss_mib", "median"),
    ("quit: q → exit (ms)", "quit_ms", "median"),
    ("kago add milk x2 #dairy (ms)", "cli_add_ms", "median"),
    ("kago list --json (ms)", "cli_list_ms", "median"),
]


ROWS_PEER = [
    ("launch → first frame (ms)", "launch_ms", "median"),
    ("j → frame, in page (ms)", "move_ms", "median"),
    ("  p90", "move_ms", "p90"),
    ("bytes per selection move", "move_bytes", "median"),
    ("peak RSS, VmHWM (MiB)", "rss_mib", "median"),
    ("quit: q → exit (ms)", "quit_ms", "median"),
]


RATIOS = [("launch → first frame", "launch_ms"), ("j → frame, in page", "move_ms"),
          ("bytes per selection move", "move_bytes"), ("peak RSS", "rss_mib")]


def fmt(v, metric=""):
    if v is None:
        return "n/a"
    if isinstance(v, str):  # a failure
        m = re.search(r"within (\d+(?:\.\d+)?) s", v)
        return "> %s s" % m.group(1) if m and not v.startswith("skipped") else "skipped"
    if "bytes" in metric:
        return "{:,.0f}".format(v)
    if v >= 100:
        return "{:,.0f}".format(v)
    if v >= 10:
        return "%.1f" % v
    return "%.2f" % v


def get(res, metric, stat):
    if "failed" in res:
        return res["failed"] if metric == "launch_ms" else None
    m = res.get(metric)
    return m.get(stat) if isinstance(m, dict) else None


def size_label(n):
    """A size as a column heads it: `10,000`, or `10×10,000` for several lists."""
    return n if isinstance(n, str) else "{:,}".format(n)


def table(title, rows, sizes, column):
    width = max(len(r[0]) for r in rows) + 2
    lines = [title, " " * width + "".join("%12s" % size_label(n) for n in sizes)]
    for label, metric, stat in rows:
        lines.append(label.ljust(width) + "".join("%12s" % fmt(get(column(n), metric, stat), metric) for n in sizes))
    return "\n".join(lines)


def print_report(meta, results, peers, sizes):
    print("kago bench · %s (built %s)" % (meta["binary"], meta.get("built", "?")))
    print("  %s · %dx%d · %d runs per size (+1 warm-up) · gap %g ms · screen model %s · %s"
          % (meta["commit"], COLS, ROWS, meta["runs"], meta["gap_ms"], "pyte" if screens.pyte else "none (heuristics)",
             meta["load"]))
    print()
    print(table("kago, items:", ROWS_KAGO, sizes, lambda n: results[str(n)]))
    for n in sizes:
        for note in results[str(n)].get("notes", []):
            print("  note (%s items): %s" % (size_label(n), note))
    for name, per in peers.items():
        if "unavailable" in per:
            print("\n%s: %s" % (name, per["unavailable"]))
            continue
        print()
        psizes = [n for n in sizes if n and not isinstance(n, str)]
        print(table("%s (same item names), items:" % name, ROWS_PEER, psizes, lambda n: per.get(str(n), {})))
        width = max(len(r[0]) for r in ROWS_PEER) + 2
        print("ratio kago / %s" % name)
        for label, metric in RATIOS:
            cells = []
            for n in psizes:
                a, b = get(results[str(n)], metric, "median"), get(per.get(str(n), {}), metric, "median")
                ok = isinstance(a, (int, float)) and isinstance(b, (int, float)) and b
                cells.append("%12s" % ("%.2f×" % (a / b) if ok else "n/a"))
            print(("  " + label).ljust(width) + "".join(cells))
    targets = target_lines(results, peers, sizes)
    if targets:
        print("\ntargets (issue 11), from this run:")
        print("\n".join(targets))
    print()
    print("Method: frames end at the last byte before %g ms of quiet; latency is write(key) → that byte."
          % meta["gap_ms"])


KEYS = [("j", "move_ms"), ("check", "check_ms"), ("undo", "undo_ms"), ("filter", "filter_ms")]

# The Due again columns (issue 16): the 10,000-item list without a purchase history, and with one.
HISTORY_NONE, HISTORY_SOME = "no history", "with history"


def target_lines(results, peers, sizes):
    """The figures the targets are stated in, each with its bound and whether it holds."""
    def med(n, metric, where=results):
        v = get(where.get(str(n), {}), metric, "median")
        return v if isinstance(v, (int, float)) else None

    out = []

    def check(label, value, bound, unit="×"):
        if value is None:
            return
        mark = "ok" if value <= bound else "MISSED"
        out.append("  %-44s %8.2f%s  (≤ %g%s)  %s" % (label, value, unit, bound, unit, mark))

    def ratio(a, b):
        return a / b if a is not None and b else None

    if 10000 in sizes:
        for key, metric in KEYS[1:]:
            check("10k: %s / j" % key, ratio(med(10000, metric), med(10000, "move_ms")), 4)
        check("10k: peak RSS", med(10000, "rss_mib"), 15, " MiB")
        best = [med(10000, "launch_ms", per) for name, per in peers.items() if "unavailable" not in per]
        best = [b for b in best if b]
        if best:
            check("10k: launch / best peer's launch", ratio(med(10000, "launch_ms"), min(best)), 0.35)
    if 10000 in sizes and 100000 in sizes:
        for key, metric in KEYS:
            check("10k → 100k: %s grows" % key, ratio(med(100000, metric), med(10000, metric)), 1.5)
    if 10000 in sizes and 1000000 in sizes:
        check("1M / 10k: launch → first frame", ratio(med(1000000, "launch_ms"), med(10000, "launch_ms")), 3)
        for key, metric in KEYS:
            check("1M / 10k: %s" % key, ratio(med(1000000, metric), med(10000, metric)), 2)
        check("1M: peak RSS", med(1000000, "rss_mib"), 250, " MiB")
        slowest = get(results.get("1000000", {}), "outside_ms", "max")
        if isinstance(slowest, (int, float)):
            # One poll (300 ms) plus the frame it draws.
            check("1M: outside change → frame, slowest", slowest, 350, " ms")
    if HISTORY_NONE in sizes and HISTORY_SOME in sizes:
        # The group is worked out after the first frame and kept between keys: a difference.
        for label, metric, bound in (("first frame", "launch_ms", 1.0), ("j", "move_ms", 0.05)):
            a, b = med(HISTORY_SOME, metric), med(HISTORY_NONE, metric)
            if a is not None and b is not None:
                check("Due again: %s, with − without history" % label, a - b, bound, " ms")
    several = [n for n in sizes if isinstance(n, str) and n not in (HISTORY_NONE, HISTORY_SOME)]
    for n in several:
        if 100000 in sizes:
            check("%s / one list of 100k: launch" % n, ratio(med(n, "launch_ms"), med(100000, "launch_ms")), 1.1)
            # Keys take well under a millisecond either way: a difference, not a ratio, says more.
            for key, metric in KEYS:
                a, b = med(n, metric), med(100000, metric)
                if a is not None and b is not None:
                    check("%s − one list of 100k: %s" % (n, key), a - b, 0.25, " ms")
    return out
