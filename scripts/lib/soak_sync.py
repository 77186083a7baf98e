"""The sync phase of scripts/soak (SPEC §9 "a sync killed at any point loses nothing and
duplicates nothing, and the next one converges"), run by the sync tests' python (it needs
radicale and caldav): a local Radicale, a list of a few hundred items made half here and half on
the phone, then rounds of random local changes (kago add/check/uncheck/rm) and phone changes
(python caldav: new, renamed, checked, unchecked, noted, deleted) with a `kago sync` SIGKILLed at
a random moment, then clean syncs.

Each side changes only its own items (those it made), so what must come out is known exactly:
after every round the database passes integrity_check, no UID is twice on the server, no item
twice here and no two sync rows for one item or href; after the final syncs, here = server =
every change either side had shown as saved, field by field.
Usage: soak_sync.py --bin KAGO [--rounds N] [--items N] [--seed S] [-v]"""
import argparse
import collections
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sync.d"))
import scratch  # noqa: E402
import servers  # noqa: E402
from harness import Kago, Phone, prop, vtodo  # noqa: E402


class Fail(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Fail(what)


def word(n):
    """A name with no digits (a number would be read as a quantity)."""
    s = ""
    n += 26 * 26
    while n:
        s = chr(97 + n % 26) + s
        n //= 26
    return s


def unescape(v):
    return None if v is None else v.replace("\\n", "\n").replace("\\,", ",").replace("\\;", ";").replace("\\\\", "\\")


class Soak:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.stats = collections.Counter()
        self.counter = 0
        # Local items changed since the last sync that completed: a killed sync may have
        # pushed the change without learning so.
        self.unacknowledged = set()
        # Removed here after such a change: the next sync cannot tell the server's copy (its
        # own unacknowledged push) from a phone's change, so the item may stay (SPEC: changed
        # on one side and deleted on the other, it stays). Either way is allowed, the same on
        # both sides: name → the fields it may stay with.
        self.may_stay = {}

    def fresh(self, side):
        self.counter += 1
        return "%s %s" % (side, word(self.counter))

    # What each side has shown as saved: name → {"purchased": bool, "note": str|None}; phone
    # items also carry their UID.
    def run(self):
        server = servers.Radicale()
        try:
            self.soak(server)
        finally:
            server.stop()

    def soak(self, server):
        a = self.args
        k = Kago(a.bin, server)
        phone = Phone(server)
        self.k, self.phone = k, phone
        local, remote = {}, {}
        start = time.time()
        for _ in range(a.items // 2):
            name = self.fresh("Here")
            k.run("add", name)
            local[name] = {"purchased": False, "note": None}
        url = k.run("lists", "link", "Shopping", "Soak " + uuid.uuid4().hex[:6])[0].strip()
        self.url = url
        for _ in range(a.items - a.items // 2):
            name = self.fresh("Phone")
            uid = "phone-" + uuid.uuid4().hex
            remote[name] = {"purchased": False, "note": None, "uid": uid}
            phone.put(url, self.text(name, remote[name]))
        times = []
        for _ in range(2):
            t = time.time()
            k.sync()
            times.append(time.time() - t)
        self.converged(local, remote, "after the first syncs")
        sync_time = max(times)
        # How long a round's sync runs, from those that completed: the kill lands within it.
        durations = [2 * times[-1]]
        print("soak sync: %d items (%d here, %d on the phone) in %.1fs; a sync takes %.2fs"
              % (a.items, len(local), len(remote), time.time() - start, sync_time), file=sys.stderr)
        for round_ in range(a.rounds):
            in_flight = self.local_changes(local) + self.phone_changes(remote)
            self.stats["changes"] += in_flight
            self.stats["max_in_flight"] = max(self.stats["max_in_flight"], in_flight + self.stats["pending"])
            began = time.time()
            p = subprocess.Popen([a.bin, "sync"], env=k.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            # Mostly mid-sync; sometimes at its very start or not at all.
            usual = sorted(durations[-9:])[len(durations[-9:]) // 2]
            time.sleep(self.rng.uniform(0, 1.2 * usual))
            if p.poll() is None:
                p.send_signal(signal.SIGKILL)
                self.stats["kills"] += 1
                self.stats["pending"] += in_flight
            else:
                self.stats["completed"] += 1
                self.stats["pending"] = 0
                self.unacknowledged = set()
                durations.append(time.time() - began)
            out, err = p.communicate()
            if p.returncode not in (0, -signal.SIGKILL):
                raise Fail("round %d: kago sync exited %d: %s" % (round_, p.returncode, err.decode()))
            self.after_round(round_)
            if a.verbose:
                print("round %d: %d changes, %s" % (round_, in_flight,
                      "killed" if p.returncode < 0 else out.decode().strip()), file=sys.stderr)
        for _ in range(2):
            k.sync()
        self.converged(local, remote, "after the final syncs")
        line = k.sync()[0]
        check(line == "Shopping: up to date", "a sync after the final one still did something: %s" % line)
        self.stats["rounds"] = a.rounds
        self.stats["seconds"] = int(time.time() - start)

    def text(self, name, item):
        lines = ["SUMMARY:" + name]
        if item["purchased"]:
            lines += ["STATUS:COMPLETED", "COMPLETED:20261201T100000Z", "PERCENT-COMPLETE:100"]
        if item["note"]:
            lines.append("DESCRIPTION:" + item["note"])
        return vtodo(item["uid"], *lines)

    def local_changes(self, local):
        n = 0
        for _ in range(self.rng.randint(1, 5)):
            what = self.rng.choice(["add", "check", "uncheck", "rm"])
            if what == "add" or not local:
                name = self.fresh("Here")
                self.k.run("add", name)
                local[name] = {"purchased": False, "note": None}
            else:
                name = self.rng.choice(sorted(local))
                if what == "rm":
                    self.k.run("rm", name)
                    if name in self.unacknowledged:
                        self.may_stay[name] = (local[name]["purchased"], local[name]["note"])
                    del local[name]
                else:
                    self.k.run(what, name)
                    local[name]["purchased"] = what == "check"
                    self.unacknowledged.add(name)
            n += 1
        return n

    def phone_changes(self, remote):
        n = 0
        cal = self.phone.calendar(self.url)
        for _ in range(self.rng.randint(0, 3)):
            what = self.rng.choice(["new", "rename", "toggle", "note", "delete"])
            if what == "new" or not remote:
                name = self.fresh("Phone")
                remote[name] = {"purchased": False, "note": None, "uid": "phone-" + uuid.uuid4().hex}
                cal.save_todo(ical=self.text(name, remote[name]))
            else:
                name = self.rng.choice(sorted(remote))
                item = remote[name]
                t = cal.todo_by_uid(item["uid"])
                if what == "delete":
                    t.delete()
                    del remote[name]
                else:
                    if what == "rename":
                        del remote[name]
                        name = self.fresh("Phone")
                        remote[name] = item
                    elif what == "toggle":
                        item["purchased"] = not item["purchased"]
                    else:
                        item["note"] = "note " + word(self.rng.randrange(1000))
                    t.data = self.text(name, item)
                    t.save()
            n += 1
        return n

    def server_objects(self):
        out = []
        for t in self.phone.calendar(self.url).todos(include_completed=True):
            if not t.data:
                t.load()
            out.append((str(t.url), t.data))
        return out

    def after_round(self, round_):
        db = sqlite3.connect(self.k.database)
        try:
            ok = db.execute("PRAGMA integrity_check").fetchall()
            check(ok == [("ok",)], "round %d: integrity_check: %r" % (round_, ok))
            dup = db.execute("SELECT item_id, count(*) FROM sync_items WHERE item_id IS NOT NULL "
                             "GROUP BY item_id HAVING count(*) > 1").fetchall()
            if dup:
                rows = db.execute("SELECT uid, item_id, href, etag IS NOT NULL, created_token, length(base) FROM sync_items "
                                  "WHERE item_id IN (%s)" % ",".join(str(d[0]) for d in dup)).fetchall()
                raise Fail("round %d: two sync rows for one item: %r (%s)" % (round_, rows, self.k.database))
            dup = db.execute("SELECT href, count(*) FROM sync_items GROUP BY href HAVING count(*) > 1").fetchall()
            check(not dup, "round %d: two sync rows for one href: %r" % (round_, dup))
        finally:
            db.close()
        uids = collections.Counter(prop(text, "UID") for _, text in self.server_objects())
        dup = [u for u, n in uids.items() if n > 1]
        check(not dup, "round %d: UIDs twice on the server: %r" % (round_, dup))
        names = collections.Counter(i["name"] for i in self.k.items())
        dup = [n for n, c in names.items() if c > 1]
        check(not dup, "round %d: items twice here: %r" % (round_, dup))

    def converged(self, local, remote, when):
        want = {n: (v["purchased"], v["note"]) for n, v in list(local.items()) + list(remote.items())}
        here = {}
        for i in self.k.items():
            check(i["name"] not in here, "%s: %r twice here" % (when, i["name"]))
            here[i["name"]] = (i["purchased"], i["note"] or None)
        there = {}
        for _, text in self.server_objects():
            name = unescape(prop(text, "SUMMARY"))
            check(name not in there, "%s: %r twice on the server" % (when, name))
            there[name] = (prop(text, "STATUS") == "COMPLETED", unescape(prop(text, "DESCRIPTION")))
        check(here == there, "%s: here and the server differ: %r" % (
            when, sorted(set(here.items()) ^ set(there.items()), key=repr)[:6]))
        for name, fields in self.may_stay.items():
            if name in here and here[name] == fields:
                want[name] = fields
                self.stats["stayed"] += 1
        for label, got in (("here", here), ("on the server", there)):
            lost = sorted(set(want) - set(got))
            extra = sorted(set(got) - set(want))
            wrong = sorted(n for n in set(want) & set(got) if want[n] != got[n])
            check(not (lost or extra or wrong), "%s, %s: lost %r, not wanted %r, different %r"
                  % (when, label, lost[:5], extra[:5], [(n, want[n], got[n]) for n in wrong[:5]]))


def main():
    ap = argparse.ArgumentParser(prog="soak sync")
    ap.add_argument("--bin", required=True)
    ap.add_argument("--rounds", type=int, default=60)
    ap.add_argument("--items", type=int, default=300)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    if a.seed is None:
        a.seed = random.randrange(1 << 31)
    s = Soak(a)
    try:
        s.run()
    except Fail as e:
        print("soak: FAIL: sync: %s (seed %d, after %d kills in %d rounds)"
              % (e, a.seed, s.stats["kills"], s.stats["kills"] + s.stats["completed"]))
        sys.exit(1)
    st = s.stats
    print("soak sync: %d rounds, %d syncs SIGKILLed, %d completed, %d changes (up to %d in flight at once), "
          "%d items, %ds; converged with nothing lost or twice (%d removed here after an unacknowledged push stayed)"
          % (st["rounds"], st["kills"], st["completed"], st["changes"], st["max_in_flight"], a.items, st["seconds"],
             st["stayed"]))
    scratch.remove_all()


if __name__ == "__main__":
    main()
