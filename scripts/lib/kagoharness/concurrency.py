"""The concurrency check (scripts/concurrency): CLI writers beside an open list in tmux."""

import atexit
import json
import os
import re
import shlex
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from urllib.parse import quote

from .common import Failure, Tmux, db_path, kago_env, now, tab_counts

# What kago's status line says when a write fails, and SQLite's words for a lock it gave up on.
ERROR_ON_SCREEN = re.compile(r"Not saved|locked|busy", re.I)
SEED_TO_BUY, SEED_PURCHASED = 20, 5
TIMEOUT = 30.0


class Run:
    def __init__(self, args, kago):
        self.args = args
        self.kago = kago
        self.root = tempfile.mkdtemp(prefix="kago-concurrency.")
        self.tmux = Tmux(f"kago-concurrency-{os.getpid()}", self.root)
        self.failed = False
        self.env = kago_env(*(os.path.join(self.root, d) for d in ("home", "config", "data")))
        self.db = db_path(self.env)
        # The screen poller's findings: (time, screen) of the latest capture, (time, To buy N)
        # of every capture, and the first capture showing an error.
        self.latest = (0.0, "")
        self.history = []
        self.error_screen = None
        self.stop_polling = threading.Event()
        self.stop_writers = threading.Event()
        self.writers = []
        self.screen_changed = threading.Condition()
        atexit.register(self.cleanup)

    def cleanup(self):
        self.stop_polling.set()
        # Each writer ends after its current `kago add`, so none writes into a removed directory.
        self.stop_writers.set()
        for t in self.writers:
            t.join()
        self.tmux.kill()
        if self.failed or self.args.keep:
            print(f"concurrency: kept {self.root}", file=sys.stderr)
        else:
            shutil.rmtree(self.root, ignore_errors=True)

    def kago_cli(self, *args):
        return subprocess.run([self.kago, *args], env=self.env, cwd=self.env["HOME"], stdin=subprocess.DEVNULL,
                              capture_output=True, text=True)

    # ---------------------------------------------------------------------------------------

    def seed(self):
        rows = [{"name": f"seed-{i:02d}", "purchased": i >= SEED_TO_BUY} for i in range(SEED_TO_BUY + SEED_PURCHASED)]
        path = os.path.join(self.root, "seed.json")
        with open(path, "w") as f:
            json.dump(rows, f)
        r = self.kago_cli("import", path)
        if r.returncode != 0:
            raise Failure(f"kago import of the seed exited {r.returncode}: {r.stderr.strip()}")

    def open_tui(self):
        q = shlex.quote
        cmd = "exec env -i " + " ".join(q(f"{k}={v}") for k, v in self.env.items()) + " " + q(self.kago)
        self.tmux.run("new-session", "-d", "-s", "tui", "-x", "80", "-y", "24", cmd)
        self.wait_screen(lambda s: f"To buy {SEED_TO_BUY} │ Purchased {SEED_PURCHASED} │" in s,
                         f"the list with To buy {SEED_TO_BUY} │ Purchased {SEED_PURCHASED}")

    def poll_screen(self):
        """Captures the pane every 10 ms until told to stop (a thread of its own)."""
        while not self.stop_polling.is_set():
            r = self.tmux.run("capture-pane", "-p", "-t", "tui", check=False)
            t = now()
            if r.returncode != 0:
                self.error_screen = self.error_screen or "(the tmux session ended: kago exited)"
                break
            s = r.stdout
            if self.error_screen is None and ERROR_ON_SCREEN.search(s):
                self.error_screen = s
            self.history.append((t, (tab_counts(s) or (None,))[0]))
            with self.screen_changed:
                self.latest = (t, s)
                self.screen_changed.notify_all()
            time.sleep(0.01)

    def wait_screen(self, pred, what):
        deadline = now() + TIMEOUT
        while True:
            s = self.tmux.run("capture-pane", "-p", "-t", "tui", check=False).stdout
            if pred(s):
                return s
            if now() > deadline:
                raise Failure(f"timed out waiting for {what}; screen:\n{s}")
            time.sleep(0.01)

    def wait_polled(self, pred, what, since):
        """Waits for a capture made after `since` that satisfies pred; returns its time."""
        deadline = now() + TIMEOUT
        with self.screen_changed:
            while True:
                t, s = self.latest
                if t > since and pred(s):
                    return t
                if self.error_screen:
                    raise Failure(f"while waiting for {what}, the list showed: {error_line(self.error_screen)}\n"
                                  + self.error_screen)
                if now() > deadline:
                    raise Failure(f"timed out waiting for {what}; screen:\n{s}")
                self.screen_changed.wait(0.1)

    # ---------------------------------------------------------------------------------------

    def writer(self, w, barrier, results):
        barrier.wait()
        for i in range(self.args.adds):
            if self.stop_writers.is_set():
                return
            name = f"w{w}-{i:04d}"
            start = now()
            r = self.kago_cli("add", name)
            results.append((name, start, now(), r.returncode, r.stderr.strip()))

    def run(self):
        t0 = now()
        self.tmux.run("new-session", "-d", "-s", "keep", "-x", "80", "-y", "24", "exec sleep 2147483647")
        self.seed()
        self.open_tui()
        poller = threading.Thread(target=self.poll_screen, daemon=True)
        poller.start()

        n = self.args.writers
        barrier = threading.Barrier(n + 1)
        results = []
        self.writers = [threading.Thread(target=self.writer, args=(w, barrier, results)) for w in range(n)]
        for t in self.writers:
            t.start()
        barrier.wait()
        storm_start = now()

        # Typed into the list while the writers run, spread evenly over their writes, so the
        # TUI's own commits contend with them from start to end.
        tui_latency = []
        total = n * self.args.adds
        for i in range(self.args.tui_adds):
            while len(results) < (i + 1) * total // (self.args.tui_adds + 1):
                time.sleep(0.005)
            name = f"tui-{i:03d}"
            sent = now()
            self.tmux.run("send-keys", "-t", "tui", "a", ";", "send-keys", "-t", "tui", "-l", name,
                    ";", "send-keys", "-t", "tui", "Enter")
            seen = self.wait_polled(lambda s, m=f"Added {name}": m in s, f"'Added {name}' on the list", sent)
            tui_latency.append(seen - sent)

        for t in self.writers:
            t.join()
        last_end = max(r[2] for r in results)
        # The list must show what the database holds (which is all adds unless some failed).
        items, expected = self.check_db()
        self.wait_polled(lambda s: (tab_counts(s) or (None,))[0] == expected, f"To buy {expected} on the list", 0)
        self.stop_polling.set()
        poller.join()
        # Only adds happen, so the count only grows: its first capture at the final value is
        # when the list caught up (zero if that was before the last writer had even exited).
        caught_up = min(t for t, count in self.history if count == expected)
        catch_up = max(0.0, caught_up - last_end)
        if self.error_screen:
            raise Failure(f"during the run, the list showed: {error_line(self.error_screen)}\n" + self.error_screen)

        # The results.
        failures = [r for r in results if r[3] != 0 or r[4]]
        latencies = sorted(r[2] - r[1] for r in results)
        names = [r[0] for r in results] + [f"tui-{i:03d}" for i in range(self.args.tui_adds)]
        missing = [x for x in names if x not in items]
        duplicates = {x: c for x, c in items.items() if c > 1}
        storm = last_end - storm_start
        print(f"""
concurrency: {n} writers x {self.args.adds} `kago add`, {self.args.tui_adds} adds typed in the open list
  writes              {len(results)} CLI adds in {storm:.2f}s ({len(results) / storm:.0f}/s), {len(results) - len(failures)} ok
  failures            {len(failures)} (non-zero exit or stderr){' e.g. ' + repr(failures[0][3:]) if failures else ''}
  add latency         median {ms(statistics.median(latencies))}, p90 {ms(latencies[int(0.9 * (len(latencies) - 1))])}, max {ms(latencies[-1])}
  TUI adds            {len(tui_latency)} shown, key to "Added" median {ms(statistics.median(tui_latency)) if tui_latency else '-'}, max {ms(max(tui_latency)) if tui_latency else '-'} (spread over the writes)
  database            {sum(items.values())} items: {len(missing)} missing, {len(duplicates)} duplicated, integrity_check ok
  TUI catch-up        To buy {expected} shown {ms(catch_up)} after the last writer finished (limit {ms(self.args.catch_up_limit)})
  time                {now() - t0:.1f}s""")
        if failures:
            name, _, _, rc, err = failures[0]
            raise Failure(f"{len(failures)} of {len(results)} adds failed; first: add {name} exited {rc}: {err[:200]}")
        if missing or duplicates:
            raise Failure(f"the database lacks {len(missing)} added items ({missing[:3]}) and has "
                          f"{len(duplicates)} twice ({list(duplicates)[:3]})")
        if catch_up > self.args.catch_up_limit:
            raise Failure(f"the list showed the final count {ms(catch_up)} after the last write (limit {ms(self.args.catch_up_limit)})")
        print("concurrency: OK")

    def check_db(self):
        """Read-only: integrity, then how many times each name is there and how many are to buy."""
        con = sqlite3.connect(f"file:{quote(self.db)}?mode=ro", uri=True, timeout=5)
        try:
            verdict = [r[0] for r in con.execute("PRAGMA integrity_check")]
            if verdict != ["ok"]:
                raise Failure(f"PRAGMA integrity_check: {'; '.join(verdict)[:300]}")
            counts = dict(con.execute("SELECT name, count(*) FROM items GROUP BY name").fetchall())
            return counts, con.execute("SELECT count(*) FROM items WHERE purchased_at IS NULL").fetchone()[0]
        finally:
            con.close()


def error_line(screen):
    return next((line.strip() for line in screen.split("\n") if ERROR_ON_SCREEN.search(line)), screen.strip())


def ms(seconds):
    return f"{seconds * 1000:.0f} ms"
