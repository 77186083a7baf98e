"""kago driven by the bench: its environment, launches, CLI runs and the cached databases."""

import datetime
import json
import os
import shutil
import sqlite3
import tempfile
import time

from .common import kago_env, log
from .items import GENERATOR_VERSION, from_iso, generate_items
from .pty import Pty

IMPORT_MAX = 200000           # items whose JSON stays well under import's 64 MiB


class Kago:
    def __init__(self, binary, cache, gap, verbose):
        self.binary = binary
        self.cache = cache
        self.gap = gap
        self.verbose = verbose

    @staticmethod
    def env(home):
        return kago_env(home, os.path.join(home, "config"), os.path.join(home, "data"),
                        os.environ.get("PATH", "/usr/bin:/bin"))

    @staticmethod
    def make_home(home):
        os.makedirs(os.path.join(Kago.env(home)["XDG_DATA_HOME"], "kago"), mode=0o700, exist_ok=True)
        return home

    @staticmethod
    def db_path(home):
        return os.path.join(home, "data", "kago", "kago.sqlite3")

    def run_cli(self, home, args, stdin_path=None):
        """Runs a kago command; returns (seconds, exit status, stderr text, maxrss KiB)."""
        err = tempfile.TemporaryFile()
        devnull = os.open(os.devnull, os.O_RDWR)
        try:
            t = time.monotonic()
            pid = os.posix_spawn(self.binary, [self.binary] + args, self.env(home),
                                 file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 0),
                                               (os.POSIX_SPAWN_DUP2, devnull, 1),
                                               (os.POSIX_SPAWN_DUP2, err.fileno(), 2)])
            _, status, ru = os.wait4(pid, 0)
            elapsed = time.monotonic() - t
        finally:
            os.close(devnull)
        err.seek(0)
        return elapsed, os.waitstatus_to_exitcode(status), err.read().decode("utf-8", "replace").strip(), ru.ru_maxrss

    def launch(self, home):
        return Pty([self.binary], self.env(home), cwd=home)

    @staticmethod
    def ready(screen):
        text = screen.text()
        return "To buy" in text and "quit" in text

    def first_frame(self, p, timeout=60.0):
        chunks = p.collect(self.gap, first_timeout=timeout, limit=timeout, until=self.ready)
        if not chunks or not self.ready(p.screen):
            raise RuntimeError("kago did not draw its list within %.0f s; screen:\n%s" % (timeout, p.screen.text()[-2000:]))
        return chunks[0][0] - p.t0, chunks[-1][0] - p.t0

    def quit(self, p):
        t = time.monotonic()
        os.write(p.fd, b"q")
        end = p.wait_exit(10.0)
        return None if end is None else end - t

    # -- databases

    def import_works(self):
        """Whether `kago import` accepts a one-row JSON file (the command may not exist yet)."""
        with tempfile.TemporaryDirectory(prefix="kago-bench-probe-") as home:
            self.make_home(home)
            path = os.path.join(home, "one.json")
            with open(path, "w") as f:
                json.dump([{"name": "probe"}], f)
            _, code, err, _ = self.run_cli(home, ["import", path])
            if code != 0 and self.verbose:
                log("bench: kago import unavailable (%s); using sqlite3" % err)
            return code == 0

    def database(self, size, rebuild=False, lists=1):
        """A cached home whose database holds `size` generated items, or `lists` lists of `size`
        items each (the first one, Shopping, is the one kago opens); returns its directory."""
        key = "v%d-%d" % (GENERATOR_VERSION, size) + ("-lists%d" % lists if lists > 1 else "")
        home = os.path.join(self.cache, key)
        meta_path = os.path.join(home, "meta.json")
        # `kago import` reads at most 64 MiB: larger lists go in through sqlite3.
        importable = size * lists <= IMPORT_MAX and self.import_works()
        if lists > 1 and not importable:
            raise RuntimeError("%d lists of %d items need kago import (at most %d items)" % (lists, size, IMPORT_MAX))
        if not rebuild and os.path.exists(meta_path):
            with open(meta_path) as f:
                meta = json.load(f)
            if meta.get("method") == "import" or not importable:
                return home, meta
            log("bench: kago import works now; regenerating the %d-item database with it" % size)
        shutil.rmtree(home, ignore_errors=True)
        self.make_home(home)
        items = generate_items(size)
        for n in range(1, lists):
            items += [dict(it, list="Shop %d" % (n + 1)) for it in generate_items(size, seed=20260101 + n)]
        src = os.path.join(home, "items.json")
        with open(src, "w", encoding="utf-8") as f:
            json.dump(items, f, ensure_ascii=False)
        log("bench: generating %d items (%s)…" % (size, "kago import" if importable else "sqlite3 fallback"))
        t = time.monotonic()
        if size == 0:
            method = "empty"
            self.create_empty(home)
        elif importable:
            method = "import"
            _, code, err, _ = self.run_cli(home, ["import", src])
            if code != 0:
                raise RuntimeError("kago import of %d items failed: %s" % (size, err))
        else:
            method = "sqlite3"
            self.create_empty(home)
            self.insert_sqlite(self.db_path(home), items)
        meta = {"size": size, "method": method, "seconds": round(time.monotonic() - t, 3),
                "generated": datetime.datetime.now().isoformat(timespec="seconds"), "generator": GENERATOR_VERSION}
        with open(meta_path, "w") as f:
            json.dump(meta, f)
        log("bench: %d items in %.1f s (%s)" % (size, meta["seconds"], method))
        return home, meta

    def create_empty(self, home):
        """Lets kago create (and migrate) its database: open the list once and quit."""
        p = self.launch(home)
        try:
            self.first_frame(p)
            self.quit(p)
        finally:
            p.close()
        if not os.path.exists(self.db_path(home)):
            raise RuntimeError("kago did not create " + self.db_path(home))

    @staticmethod
    def insert_sqlite(path, items):
        db = sqlite3.connect(path)
        cats = {}
        learned = {}
        with db:
            for it in items:
                c = it["category"]
                if c and c.lower() not in cats:
                    cur = db.execute("INSERT INTO categories(name, position) VALUES (?, ?)", (c, len(cats)))
                    cats[c.lower()] = (cur.lastrowid, c)
                created = from_iso(it["created_at"])
                bought = from_iso(it["purchased_at"]) if it["purchased_at"] else None
                db.execute("INSERT INTO items(name, quantity, category_id, date, note, created_at, purchased_at)"
                           " VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (it["name"], it["quantity"], cats[c.lower()][0] if c else None, it["date"], it["note"],
                            created, bought))
                used = max(created, bought or created)
                k = it["name"].lower()
                if k not in learned or learned[k][2] <= used:
                    learned[k] = (it["name"], c, used)
            db.executemany("INSERT OR REPLACE INTO learned(key, name, category, used_at) VALUES (?, ?, ?, ?)",
                           [(k, v[0], v[1], v[2]) for k, v in learned.items()])
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.close()

    def history_homes(self, size, purchases, names, rebuild=False):
        """Two copies of the `size`-item home for Due again (issue 16): one without any purchase
        history (the purchased items' migrated history removed), one with `purchases` purchases
        of `names` names in its first list instead, each name on its own rhythm (every 2 to 30
        days) and about half of them due today. Returns (without, with)."""
        base, _ = self.database(size, rebuild=rebuild)
        homes = []
        for bought in (0, purchases):
            home = os.path.join(self.cache, "v%d-%d-history%dx%d" % (GENERATOR_VERSION, size, bought, names))
            marker = os.path.join(home, "history.json")
            if rebuild or not os.path.exists(marker):
                self.copy_home(base, home)
                # Opened once by kago: the cached file is migrated to the schema with purchases.
                _, code, err, _ = self.run_cli(home, ["list"])
                if code != 0:
                    raise RuntimeError("kago list on the %d-item copy failed: %s" % (size, err))
                self.insert_history(self.db_path(home), bought, names)
                with open(marker, "w") as f:
                    json.dump({"purchases": bought, "names": names}, f)
            homes.append(home)
        return homes[0], homes[1]

    @staticmethod
    def insert_history(path, purchases, names):
        """Replaces the history with `purchases` purchases of `names` names (days in UTC)."""
        now = int(time.time())
        today = now // 86400
        rows = []
        per = max(1, purchases // max(1, names))
        for i in range(names):
            name = "Staple %d" % i
            every = 2 + i % 29
            # The last purchase `every` days ago for even names (due), half that for odd ones.
            last = today - (every if i % 2 == 0 else every // 2)
            for j in range(per):
                day = last - (per - 1 - j) * every
                rows.append((name.lower(), name, "2" if i % 3 == 0 else None, "dairy" if i % 4 == 0 else None,
                             day * 86400 + 36000, day))
        db = sqlite3.connect(path)
        with db:
            db.execute("DELETE FROM purchases")
            db.executemany("INSERT INTO purchases(list_id, key, name, quantity, category, purchased_at, day)"
                           " VALUES (1, ?, ?, ?, ?, ?, ?)", rows[:purchases])
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.close()

    @staticmethod
    def copy_home(src, dst):
        shutil.rmtree(dst, ignore_errors=True)
        Kago.make_home(dst)
        for suffix in ("", "-wal", "-shm"):
            s = Kago.db_path(src) + suffix
            if os.path.exists(s):
                shutil.copy2(s, Kago.db_path(dst) + suffix)
        return dst
