"""The crash-safety soak (scripts/soak): kago in tmux, SIGKILLed at random moments."""

import atexit
import os
import random
import re
import shlex
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from urllib.parse import quote

from .common import Failure, Tmux, db_path, kago_env, now, tab_counts

SCREEN_TIMEOUT = 10.0
# Bounds that keep every to-buy row on the 80x24 screen (so "shown" can be read from it) and
# the database small (so each cycle costs the same at kill 200 as at kill 1).
MAX_TO_BUY = 12
MAX_PURCHASED = 20
# Signals that kago must survive with the terminal restored (SPEC §6).
RESTORE_SIGNALS = ["TERM", "HUP", "INT", "QUIT", "SEGV", "ABRT"]


class Item:
    """An item as kago last showed it.

    key orders the to-buy rows as kago does (by id); for an item added in the TUI, whose id is
    not known until the database is read, a stand-in above every id seen so far (ids only grow).
    """
    __slots__ = ("key", "id", "bought")

    def __init__(self, key, id_, bought):
        self.key, self.id, self.bought = key, id_, bought


class Harness:
    def __init__(self, args, kago):
        self.args = args
        self.kago = kago
        self.rng = random.Random(args.seed)
        self.root = tempfile.mkdtemp(prefix="kago-soak.")
        self.tmux = Tmux(f"kago-soak-{os.getpid()}", self.root)
        self.failed = False
        self.live_pids = set()        # kago processes that may still run, for the cleanup
        self.popen = None
        self.launches = 0
        self.env = kago_env(*(os.path.join(self.root, d) for d in ("home", "config", "data")))
        self.db = db_path(self.env)
        # What kago has shown: name -> Item.
        self.model = {}
        self.next_name = 0
        self.cli_times = []
        self.startup_estimate = 0.05
        self.first_run_estimate = 0.05
        self.max_key = 0
        self.graveyard = {}           # deleted in this TUI session, for undo: name -> Item
        self.undoable = None          # the change `u` would undo now
        self.pickups = []             # seconds the list took to show a CLI command's change
        self.stats = {"kills": 0, "tui_startup": 0, "tui_inflight": 0, "tui_idle": 0, "cli": 0,
                      "cli_beside_tui": 0, "first_run": 0, "shown_add": 0, "shown_check": 0,
                      "shown_uncheck": 0, "shown_rm": 0, "shown_undo": 0,
                      "inflight_committed": 0, "inflight_lost": 0, "integrity_checks": 0, "hot_journals": 0,
                      "restore_cases": 0}
        atexit.register(self.cleanup)

    # ---------------------------------------------------------------------------------------
    # tmux on a private socket, with a clean environment.

    def start_tmux(self):
        # A session that keeps the server up while kago's sessions come and go.
        self.tmux.run("new-session", "-d", "-s", "keep", "-x", "80", "-y", "24", "exec sleep 2147483647")

    def cleanup(self):
        if self.popen and self.popen.poll() is None:
            self.popen.kill()
            self.popen.wait()
        for pid in self.live_pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.tmux.kill()
        if self.failed or self.args.keep:
            print(f"soak: kept {self.root}", file=sys.stderr)
        else:
            shutil.rmtree(self.root, ignore_errors=True)

    # ---------------------------------------------------------------------------------------
    # kago in a pane.

    def launch(self, stty=False):
        """Starts kago in a new 80x24 session; returns (session, pid, dir of its files)."""
        self.launches += 1
        name = f"k{self.launches}"
        d = os.path.join(self.root, "panes", name)
        os.makedirs(d)
        q = shlex.quote
        inner = (f"echo $$ > {q(d + '/pid.tmp')} && mv {q(d + '/pid.tmp')} {q(d + '/pid')} && exec env -i "
                 + " ".join(q(f"{k}={v}") for k, v in self.env.items()) + " " + q(self.kago))
        lines = ["ulimit -c 0", f"cd {q(self.env['HOME'])}"]
        if stty:
            lines.append(f"stty -g > {q(d + '/stty-before')}")
        lines.append(f"/bin/sh -c {q(inner)}")
        lines.append("status=$?")
        if stty:
            lines.append(f"stty -g > {q(d + '/stty-after')}")
        lines.append(f"echo $status > {q(d + '/exit.tmp')} && mv {q(d + '/exit.tmp')} {q(d + '/exit')}")
        if stty:
            # Keep the pane so its modes (alternate screen, cursor, mouse) can be asked for.
            lines.append("exec sleep 2147483647")
        with open(os.path.join(d, "run.sh"), "w") as f:
            f.write("\n".join(lines) + "\n")
        self.tmux.run("new-session", "-d", "-s", name, "-x", "80", "-y", "24", f"/bin/sh {q(d + '/run.sh')}")
        pid = int(wait_for_file(os.path.join(d, "pid"), f"kago did not start in session {name}"))
        self.live_pids.add(pid)
        return name, pid, d

    def screen(self, session):
        r = self.tmux.run("capture-pane", "-p", "-t", session, check=False)
        return r.stdout if r.returncode == 0 else None

    def wait_screen(self, session, pred, what, exit_path=None):
        deadline = now() + SCREEN_TIMEOUT
        last = ""
        while True:
            s = self.screen(session)
            if s is not None:
                last = s
                if pred(s):
                    return s
            if exit_path and os.path.exists(exit_path):
                with open(exit_path) as f:
                    status = f.read().strip()
                raise Failure(f"kago exited by itself (status {status}) while waiting for {what}", last)
            if now() > deadline:
                raise Failure(f"timed out after {SCREEN_TIMEOUT:.0f}s waiting for {what}", last)
            time.sleep(0.01)

    def wait_exit(self, d, pid):
        status = int(wait_for_file(os.path.join(d, "exit"), f"kago (pid {pid}) did not end after a signal"))
        self.live_pids.discard(pid)
        return status

    def send(self, session, *groups):
        """Sends key groups in one tmux call; a group is ("keys", ...) or ("text", literal)."""
        args = []
        for kind, *keys in groups:
            if args:
                args.append(";")
            args += ["send-keys", "-t", session] + (["-l", "--"] if kind == "text" else []) + list(keys)
        self.tmux.run(*args)

    # ---------------------------------------------------------------------------------------
    # The database, read-only.

    def read_db(self, path, schema=True):
        """Checks the file and returns {name: [id, purchased]}.

        schema: the tables must be there (False: a first run may have died before creating them)."""
        self.stats["integrity_checks"] += 1
        if os.path.exists(path + "-journal"):
            # A kill in the middle of a rollback-journal transaction (a first run, before the
            # switch to WAL) leaves a hot journal, which a read-only connection cannot roll
            # back; look at a copy instead, as the next writer would find it after the rollback.
            copy = tempfile.mkdtemp(prefix="hot-journal.", dir=self.root)
            for suffix in ("", "-journal"):
                shutil.copyfile(path + suffix, os.path.join(copy, "db" + suffix))
            self.stats["hot_journals"] += 1
            try:
                return self.open_and_check(os.path.join(copy, "db"), path, schema, mode="rw")
            finally:
                shutil.rmtree(copy)
        return self.open_and_check(path, path, schema, mode="ro")

    def open_and_check(self, path, shown_path, schema, mode):
        try:
            con = sqlite3.connect(f"file:{quote(path)}?mode={mode}", uri=True, timeout=5)
            try:
                verdict = [r[0] for r in con.execute("PRAGMA integrity_check")]
                if verdict != ["ok"]:
                    raise Failure(f"PRAGMA integrity_check of {shown_path}: {'; '.join(verdict)[:300]}")
                broken = con.execute("PRAGMA foreign_key_check").fetchall()
                if broken:
                    raise Failure(f"PRAGMA foreign_key_check of {shown_path}: {broken[:5]}")
                if not schema:
                    return {}
                rows = con.execute("SELECT id, name, purchased_at IS NOT NULL FROM items").fetchall()
            finally:
                con.close()
        except sqlite3.Error as e:
            raise Failure(f"cannot read {shown_path} after a kill: {e}")
        items = {}
        for id_, name, purchased in rows:
            if name in items:
                raise Failure(f"'{name}' is in the database twice (ids {items[name][0]} and {id_})")
            items[name] = [id_, bool(purchased)]
        return items

    def verify(self, inflight, where):
        """After a kill: the database holds every shown change; only those in flight may differ.

        inflight: changes (name, state before, state after) whose keys were sent or whose
        command was running at the kill, a state being None (absent), False (to buy) or True
        (purchased). The model becomes what the database holds.
        """
        items = self.read_db(self.db)
        flying = {c[0]: c for c in inflight}
        for name in set(self.model) | set(items):
            shown = self.model[name].bought if name in self.model else None
            actual = items[name][1] if name in items else None
            if name in flying:
                _, before, after = flying[name]
                if actual == after:
                    self.stats["inflight_committed"] += 1
                elif actual == before:
                    self.stats["inflight_lost"] += 1
                else:
                    raise Failure(f"{where}: '{name}' is {describe(actual)} in the database; the change in "
                                  f"flight was {describe(before)} -> {describe(after)}")
            elif shown != actual:
                raise Failure(f"{where}: '{name}' was shown as {describe(shown)} but is "
                              f"{describe(actual)} in the database after the kill")
        self.model = {name: Item(id_, id_, bought) for name, (id_, bought) in items.items()}
        self.max_key = max([self.max_key] + [i.key for i in self.model.values()])

    def apply(self, change, id_=None):
        """Puts a shown change into the model; id_ is the item's id when kago printed it."""
        name, _, after = change
        if after is None:
            self.graveyard[name] = self.model.pop(name)
        elif name in self.model:
            self.model[name].bought = after
        elif name in self.graveyard:
            # Undo puts a deleted row back with its old id, so in its old place.
            self.model[name] = self.graveyard.pop(name)
            self.model[name].bought = after
        else:
            self.max_key = max(self.max_key + 1, id_ or 0)
            self.model[name] = Item(self.max_key, id_, after)

    def counts(self):
        buy = sum(1 for i in self.model.values() if not i.bought)
        return buy, len(self.model) - buy

    def new_name(self):
        self.next_name += 1
        # Fixed width, so no name is a prefix of another (CLI names resolve by prefix too); some
        # Japanese ones, so wide characters go through the input line and the rows.
        stem = "牛乳" if self.next_name % 5 == 0 else "item"
        return f"{stem}-{self.next_name:05d}"

    def oldest_to_buy(self):
        """The first to-buy row (date sort, no dates: rows by id): where `g` puts the selection."""
        buy = [(i.key, n) for n, i in self.model.items() if not i.bought]
        return min(buy)[1] if buy else None

    def landed(self, kind):
        self.stats["kills"] += 1
        self.stats[kind] += 1

    # ---------------------------------------------------------------------------------------
    # 1. Terminal restoration.

    def restore_case(self, sig, state):
        session, pid, d = self.launch(stty=True)
        exit_path = os.path.join(d, "exit")
        self.wait_screen(session, lambda s: tab_counts(s) is not None, "the list", exit_path)
        if state == "input":
            self.send(session, ("keys", "a"), ("text", "half typed"))
            self.wait_screen(session, lambda s: "Add: half typed" in s, "the input line", exit_path)
        os.kill(pid, getattr(signal, "SIG" + sig))
        status = self.wait_exit(d, pid)
        with open(os.path.join(d, "stty-before")) as f:
            before = f.read().strip()
        with open(os.path.join(d, "stty-after")) as f:
            after = f.read().strip()
        if not before or before != after:
            raise Failure(f"SIG{sig} on the {state}: stty -g before kago {before}, after {after}",
                          self.screen(session))
        modes = self.tmux.run("display-message", "-p", "-t", session,
                        "alternate=#{alternate_on} cursor=#{cursor_flag} mouse=#{mouse_any_flag}"
                        "#{mouse_button_flag}#{mouse_standard_flag}#{mouse_sgr_flag}").stdout.strip()
        if modes != "alternate=0 cursor=1 mouse=0000":
            raise Failure(f"SIG{sig} on the {state}: terminal modes left behind: {modes}", self.screen(session))
        self.tmux.run("kill-session", "-t", "=" + session)
        self.stats["restore_cases"] += 1
        if self.args.verbose:
            print(f"  SIG{sig:<4} {state:<5} exit {status}: terminal restored", file=sys.stderr)

    # ---------------------------------------------------------------------------------------
    # 2a. TUI cycles, with CLI commands in between when mixed.

    def tui_cycle(self, mixed):
        session, pid, d = self.launch()
        exit_path = os.path.join(d, "exit")
        started = now()
        self.graveyard = {}
        self.undoable = None
        kind = self.rng.choices(["startup", "inflight", "idle"], [1, 6, 3])[0]
        inflight = []
        if kind == "startup":
            # Anywhere from exec to a little after the first frame: opening, migrating, page scan.
            time.sleep(self.rng.uniform(0, self.startup_estimate * 1.3))
        else:
            self.wait_counts(session, exit_path, "the first frame")
            self.startup_estimate = 0.8 * self.startup_estimate + 0.2 * (now() - started)
            shown_ops = self.rng.randint(0, 6) if kind == "inflight" else self.rng.randint(1, 6)
            for _ in range(shown_ops):
                if mixed and self.rng.random() < 0.4:
                    self.cli_op(kill=False)
                    # Another process's change: the list must pick it up (SPEC: within a second).
                    self.undoable = None
                    t = now()
                    self.wait_counts(session, exit_path, "the CLI's change")
                    self.pickups.append(now() - t)
                else:
                    self.tui_op(session, exit_path, wait=True)
            if kind == "inflight":
                who = self.rng.choice(["tui", "cli", "both"]) if mixed else "tui"
                if who != "cli":
                    inflight.append(self.tui_op(session, exit_path, wait=False))
                if who != "tui":
                    # A command killed while the list is open (and, for both, writing too).
                    change, killed = self.cli_op(kill=True, exclude={c[0] for c in inflight})
                    if killed:
                        inflight.append(change)
                        self.landed("cli_beside_tui")
                else:
                    time.sleep(self.rng.uniform(0, 0.04))
            else:
                # Up to past the 300 ms poll for other processes' changes.
                time.sleep(self.rng.uniform(0, 0.4))
        os.kill(pid, signal.SIGKILL)
        status = self.wait_exit(d, pid)
        if status != 128 + signal.SIGKILL:
            raise Failure(f"TUI kago ended with status {status} before the SIGKILL ({kind} kill)")
        self.landed("tui_" + kind)
        self.verify(inflight, f"kill {self.stats['kills']} (TUI{' + CLI' if mixed else ''}, {kind})")
        return kind

    def wait_counts(self, session, exit_path, what):
        buy, bought = self.counts()
        self.wait_screen(session, lambda s: tab_counts(s) == (buy, bought),
                         f"{what} (To buy {buy} │ Purchased {bought})", exit_path)

    def tui_op(self, session, exit_path, wait):
        """One change in the TUI; with wait, returns once the screen shows it, else at once.

        Returns the change as (name, state before, state after)."""
        buy, bought = self.counts()
        target = self.oldest_to_buy()
        weights = {"add": 5 if buy < MAX_TO_BUY else 0, "check": 3 if target else 0,
                   "rm": 2 if target else 0, "undo": 2 if self.undoable else 0}
        op = self.rng.choices(list(weights), list(weights.values()))[0]
        if op == "add":
            name = self.new_name()
            text = name + (" #soak x2" if self.rng.random() < 0.3 else "")
            self.send(session, ("keys", "a"), ("text", text), ("keys", "Enter"))
            change = (name, None, False)
        elif op == "check":
            self.send(session, ("keys", "g", "Space"))
            change = (target, False, True)
        elif op == "rm":
            self.send(session, ("keys", "g", "d"))
            change = (target, False, None)
        else:
            self.send(session, ("keys", "u"))
            name, before, after = self.undoable
            change = (name, after, before)
        if not wait:
            return change
        name = change[0]
        # The model as the screen must now show it (if it never does, the run fails anyway).
        self.apply(change)
        self.undoable = None if op == "undo" else change
        row = re.compile(r"^ *\[ \] " + re.escape(name) + r"( |$)", re.M)
        present = change[2] is False
        buy, bought = self.counts()
        self.wait_screen(session, lambda s: tab_counts(s) == (buy, bought) and bool(row.search(s)) == present,
                         f"{op} of '{name}' to show (To buy {buy} │ Purchased {bought})", exit_path)
        self.stats["shown_" + op] += 1
        return change

    # ---------------------------------------------------------------------------------------
    # 2b. CLI cycles.

    def run_cli(self, args, env=None):
        """Starts `kago ARGS`; returns the Popen (stdin /dev/null, output captured)."""
        self.popen = subprocess.Popen([self.kago, *args], env=env or self.env, cwd=self.env["HOME"],
                                      stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True)
        return self.popen

    def cli_cycle(self):
        # Finished commands are shown changes; keep going until one is really killed.
        for attempt in range(50):
            change, killed = self.cli_op(kill=attempt >= 3 or self.rng.random() < 0.5)
            if killed:
                self.landed("cli")
                self.verify([change], f"kill {self.stats['kills']} (CLI)")
                return
        raise Failure("50 CLI commands in a row all finished before their SIGKILL")

    def cli_op(self, kill, exclude=()):
        """One change by `kago add|check|uncheck|rm`; with kill, SIGKILLed 0-1.3x the usual run
        time after its start. Returns (change, whether the kill landed); a command that exited 0
        is a shown change."""
        buy, bought = self.counts()
        to_buy = sorted(n for n, i in self.model.items() if not i.bought and n not in exclude)
        purchased = sorted(n for n, i in self.model.items() if i.bought and n not in exclude)
        weights = {"add": 4 if buy < MAX_TO_BUY else 0, "check": 3 if to_buy else 0,
                   "uncheck": 1 if purchased else 0, "rm": 5 if bought > MAX_PURCHASED else 2}
        if not to_buy and not purchased:
            weights["rm"] = 0
        op = self.rng.choices(list(weights), list(weights.values()))[0]
        if op == "add":
            name = self.new_name()
            args = ["add", name] + (["#soak", "x2"] if self.rng.random() < 0.3 else [])
            change = (name, None, False)
        else:
            pool = {"check": to_buy, "uncheck": purchased}.get(op) or (purchased if bought > MAX_PURCHASED else to_buy + purchased)
            name = self.rng.choice(pool)
            item = self.model[name]
            args = [op, str(item.id) if item.id and self.rng.random() < 0.5 else name]
            change = (name, item.bought, {"check": True, "uncheck": False, "rm": None}[op])
        estimate = statistics.median(self.cli_times) if self.cli_times else 0.01
        started = now()
        p = self.run_cli(args)
        if kill:
            time.sleep(self.rng.uniform(0, estimate * 1.3))
            p.kill()
        out, err = p.communicate()
        elapsed = now() - started
        if p.returncode == -signal.SIGKILL:
            return change, True
        if p.returncode != 0:
            raise Failure(f"kago {' '.join(args)} exited {p.returncode}: {(err or out).strip()[:300]}")
        if err.strip():
            raise Failure(f"kago {' '.join(args)} succeeded but wrote to stderr: {err.strip()[:300]}")
        self.cli_times = (self.cli_times + [elapsed])[-50:]
        m = re.match(r"\s*(\d+)\s", out)
        self.apply(change, int(m.group(1)) if op == "add" and m else None)
        self.stats["shown_" + op] += 1
        return change, False

    # ---------------------------------------------------------------------------------------
    # 3. First runs: the database being created.

    def first_run_cycle(self):
        fresh = tempfile.mkdtemp(prefix="first.", dir=self.root)
        env = dict(self.env, XDG_DATA_HOME=fresh)
        path = os.path.join(fresh, "kago", "kago.sqlite3")
        for _ in range(50):
            started = now()
            p = self.run_cli(["add", "first"], env)
            time.sleep(self.rng.uniform(0, self.first_run_estimate * 1.3))
            p.kill()
            _, err = p.communicate()
            if p.returncode == -signal.SIGKILL:
                break
            if p.returncode != 0:
                raise Failure(f"kago add on a new data directory exited {p.returncode}: {err.strip()[:300]}")
            self.first_run_estimate = 0.7 * self.first_run_estimate + 0.3 * (now() - started)
            shutil.rmtree(fresh)
            os.makedirs(fresh)
        else:
            raise Failure("50 first runs in a row all finished before their SIGKILL")
        self.stats["first_run"] += 1
        if os.path.exists(path):
            self.read_db(path, schema=False)
        # The list must not be bricked by a first run that died half-way.
        p = self.run_cli(["add", "second"], env)
        _, err = p.communicate()
        if p.returncode != 0:
            raise Failure(f"after a kill while creating the database, kago add exits {p.returncode}: "
                          f"{err.strip()[:300]}")
        items = self.read_db(path)
        if "second" not in items:
            raise Failure(f"after a kill while creating the database, 'kago add second' exited 0 but "
                          f"the item is not in {path}")
        shutil.rmtree(fresh)

    # ---------------------------------------------------------------------------------------

    def run(self):
        t0 = now()
        self.start_tmux()
        for sig in RESTORE_SIGNALS:
            for state in ("list", "input"):
                self.restore_case(sig, state)
        t_restore = now() - t0
        print(f"soak: terminal restored after {', '.join('SIG' + s for s in RESTORE_SIGNALS)} "
              f"(list and input line): {self.stats['restore_cases']} cases in {t_restore:.1f}s", file=sys.stderr)

        t1 = now()
        target = self.args.kills
        reported = 0
        while self.stats["kills"] < target:
            r = self.rng.random()
            if r < 0.3:
                kind = "TUI " + self.tui_cycle(mixed=False)
            elif r < 0.6:
                kind = "TUI+CLI " + self.tui_cycle(mixed=True)
            else:
                self.cli_cycle()
                kind = "CLI"
            if self.args.verbose:
                buy, bought = self.counts()
                print(f"  kill {self.stats['kills']:4d} {kind:<18} to buy {buy:2d}, purchased {bought:2d}",
                      file=sys.stderr)
            elif self.stats["kills"] >= reported + 25:
                reported = self.stats["kills"] // 25 * 25
                print(f"soak: {self.stats['kills']} kills, {now() - t1:.0f}s", file=sys.stderr)
        # The last state, through kago's own eyes: the list opens with the database's counts.
        session, pid, d = self.launch()
        buy, bought = self.counts()
        self.wait_screen(session, lambda s: tab_counts(s) == (buy, bought),
                         f"the final list with To buy {buy} │ Purchased {bought}", os.path.join(d, "exit"))
        os.kill(pid, signal.SIGTERM)
        self.wait_exit(d, pid)
        t_kills = now() - t1
        print(f"soak: {self.stats['kills']} kills survived in {t_kills:.1f}s", file=sys.stderr)

        t2 = now()
        for _ in range(self.args.first_runs):
            self.first_run_cycle()
        t_first = now() - t2

        s = self.stats
        shown = sum(v for k, v in s.items() if k.startswith("shown_"))
        pickups = sorted(self.pickups) or [0]
        inflight = s["inflight_committed"] + s["inflight_lost"]
        print(f"""
soak: OK (seed {self.args.seed})
  terminal restoration   {s['restore_cases']} cases ({len(RESTORE_SIGNALS)} signals x list/input line), stty and modes identical
  kills survived         {s['kills']} SIGKILLs: TUI {s['tui_startup']} at start-up, {s['tui_inflight']} with a change in flight, {s['tui_idle']} idle; CLI {s['cli']} alone, {s['cli_beside_tui']} beside the TUI
  first runs killed      {s['first_run']} (kago add on a new data directory), the next kago add worked every time
  changes verified       {shown} shown before a kill, all in the database ({s['shown_add']} adds, {s['shown_check']} checks, {s['shown_uncheck']} unchecks, {s['shown_rm']} deletes, {s['shown_undo']} undos)
  CLI changes on the TUI {len(self.pickups)} shown by the open list, median {statistics.median(pickups) * 1000:.0f} ms, max {pickups[-1] * 1000:.0f} ms
  changes in flight      {inflight} at the kill: {s['inflight_committed']} committed, {s['inflight_lost']} not (allowed: never shown)
  integrity checks       {s['integrity_checks']} ok (integrity_check + foreign_key_check, read-only; {s['hot_journals']} on a copy, for a hot journal)
  time                   {now() - t0:.1f}s ({t_restore:.1f}s restoration, {t_kills:.1f}s kills ({t_kills / max(1, s['kills']):.2f}s each), {t_first:.1f}s first runs)""")


def wait_for_file(path, failure):
    """The text of a file the pane's script writes (by rename, so whole), once it is there."""
    deadline = now() + SCREEN_TIMEOUT
    while not os.path.exists(path):
        if now() > deadline:
            raise Failure(failure)
        time.sleep(0.002)
    with open(path) as f:
        return f.read()


def describe(state):
    return {None: "absent", False: "to buy", True: "purchased"}[state]
