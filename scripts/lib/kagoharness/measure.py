"""What the bench measures: keys on kago and on its peers (tudu, calcurse), as samples."""

import os
import shutil
import tempfile
import time

from . import pty as screens
from .common import log
from .driver import Kago
from .pty import ROWS, Pty, changed_rows, looks_like_scroll

class Samples(dict):
    def add(self, metric, value):
        if value is not None:
            self.setdefault(metric, []).append(value)


def move_and_scroll(p, gap, moves, scrolls, samples, prefix="", cycle=10, down=b"j", up=b"k"):
    """In-page moves (cycles of `cycle` x down then up, only down counted), then scrolls."""
    got_moves = 0
    scrolled_early = 0
    while got_moves < moves:
        for _ in range(cycle):
            lat, n, pause, raw, before, after = p.key(down, gap)
            if lat is None:
                continue
            if is_scroll(before, after, raw):
                scrolled_early += 1
                continue
            samples.add(prefix + "move_ms", lat * 1000)
            samples.add(prefix + "move_bytes", n)
            samples.add(prefix + "move_pause_ms", pause * 1000)
            got_moves += 1
        for _ in range(cycle):
            p.key(up, gap)
        if scrolled_early > 2 * moves:  # the list is too short to move in a page
            break
    got = 0
    presses = 0
    while got < scrolls and presses < scrolls + 3 * ROWS:
        presses += 1
        lat, n, pause, raw, before, after = p.key(down, gap)
        if lat is None:
            if got:  # the end of the list
                break
            continue
        if is_scroll(before, after, raw):
            samples.add(prefix + "scroll_ms", lat * 1000)
            samples.add(prefix + "scroll_bytes", n)
            samples.add(prefix + "scroll_pause_ms", pause * 1000)
            got += 1


def changes(k, p, home, samples, checks=5, outside=3):
    """Keys that change data, on the item the moves left selected: a check (Space, the commit
    included) and its undo, each filter keystroke of `/milk`, then another process's
    `kago add` while the list is open: from that command's exit to the frame showing it (the
    list looks every 300 ms, so this is half a poll on average)."""
    for _ in range(checks):
        for key, metric in ((b" ", "check_ms"), (b"u", "undo_ms")):
            lat, _, _, _, _, _ = p.key(key, k.gap)
            samples.add(metric, lat * 1000 if lat is not None else None)
    p.key(b"/", k.gap)
    for ch in b"milk":
        lat, _, _, _, _, _ = p.key(bytes([ch]), k.gap)
        samples.add("filter_ms", lat * 1000 if lat is not None else None)
    p.key(b"\x1b", k.gap, first_timeout=2.0)  # closes the line and clears the filter
    p.drain(k.gap)
    for i in range(outside):
        _, code, err, _ = k.run_cli(home, ["add", "bench outside %d" % i])
        done = time.monotonic()
        if code != 0:
            samples.setdefault("notes", []).append("kago add beside the list: %s" % err)
            return
        chunks = p.collect(k.gap, first_timeout=2.0)
        samples.add("outside_ms", (chunks[-1][0] - done) * 1000 if chunks else None)


def is_scroll(before, after, raw):
    rows = changed_rows(before, after)
    if rows is None:
        return looks_like_scroll(raw)
    return rows > 2


def measure_kago(k, size, home, runs, moves, scrolls, cli_runs):
    s = Samples()
    work = tempfile.mkdtemp(prefix="kago-bench-%d-" % size)
    try:
        run_home = Kago.copy_home(home, os.path.join(work, "ui"))
        for run in range(runs + 1):  # run 0 warms caches (and migrates an older cached schema)
            p = k.launch(run_home)
            try:
                first_byte, first_frame = k.first_frame(p)
                if run == 0:
                    if screens.pyte and size and not any("[ ]" in line for line in p.screen.lines()):
                        log("bench: warning: no item rows on kago's first screen at %d items" % size)
                    k.quit(p)
                    continue
                s.add("launch_ms", first_frame * 1000)
                s.add("first_byte_ms", first_byte * 1000)
                if size:
                    # A key typed as soon as the list shows: answered once kago is ready for keys.
                    lat, _, _, _, _, _ = p.key(b"j", k.gap, first_timeout=10.0)
                    if lat is not None:
                        s.add("ready_ms", (p.last_time - p.t0) * 1000)
                    p.key(b"k", k.gap)
                    move_and_scroll(p, k.gap, moves, scrolls, s)
                    changes(k, p, run_home, s)
                for _ in range(3):
                    lat, n, _, _, _, _ = p.key(b"\x0c", k.gap)
                    s.add("redraw_ms", lat * 1000 if lat is not None else None)
                    s.add("redraw_bytes", n)
                hwm = p.vm_hwm_kib()
                s.add("rss_mib", hwm / 1024 if hwm else None)
                q = k.quit(p)
                s.add("quit_ms", q * 1000 if q is not None else None)
            finally:
                p.close()
        cli_home = Kago.copy_home(home, os.path.join(work, "cli"))
        for args, metric in ((["add", "milk", "x2", "#dairy"], "cli_add_ms"), (["list", "--json"], "cli_list_ms")):
            k.run_cli(cli_home, args)  # warm-up
            for _ in range(cli_runs):
                secs, code, err, _ = k.run_cli(cli_home, args)
                if code != 0:
                    s.setdefault("notes", []).append("%s: %s" % (" ".join(args), err.splitlines()[0] if err else code))
                    s.pop(metric, None)
                    break
                s.add(metric, secs * 1000)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return s


class Peer:
    """Another terminal list program, measured the same way on the same item names."""
    name = ""
    binary = ""
    cycle = 10

    def __init__(self, gap):
        self.gap = gap

    def available(self):
        return shutil.which(self.binary) is not None

    def ready(self, screen):
        return True


class Tudu(Peer):
    name = "tudu"
    binary = "tudu"
    cycle = 10

    def prepare(self, items, d):
        from xml.sax.saxutils import escape
        path = os.path.join(d, "list.xml")
        with open(path, "w", encoding="utf-8") as f:
            f.write('<?xml version="1.0" encoding="UTF-8"?>\n<todo>\n')
            for it in items:
                f.write('<todo done="%s"><title>%s</title></todo>\n' % ("yes" if it["purchased"] else "no", escape(it["name"])))
            f.write("</todo>\n")
        return path

    def argv(self, d):
        return [shutil.which("tudu"), "-f", os.path.join(d, "list.xml")]

    def ready(self, screen):
        t = screen.text()
        return "q:quit" in t and "[" in t


class Calcurse(Peer):
    name = "calcurse"
    binary = "calcurse"
    cycle = 3  # its to-do panel shows about six rows at 80x24

    def prepare(self, items, d):
        path = os.path.join(d, "todo")
        with open(path, "w", encoding="utf-8") as f:
            for it in items:
                f.write("[%d] %s\n" % (-1 if it["purchased"] else 0, it["name"]))
        open(os.path.join(d, "apts"), "w").close()
        with open(os.path.join(d, "conf"), "w") as f:
            # No clock in a notify bar (it redraws every second), start in the to-do panel.
            f.write("appearance.notifybar=no\nappearance.defaultpanel=todo\ngeneral.confirmquit=no\n")
        return path

    def argv(self, d):
        return [shutil.which("calcurse"), "-D", d]

    def ready(self, screen):
        t = screen.text()
        return "TODO" in t and "Quit" in t


def measure_peer(peer, items, runs, moves, timeout):
    s = Samples()
    src = tempfile.mkdtemp(prefix="kago-bench-%s-src-" % peer.name)
    work = tempfile.mkdtemp(prefix="kago-bench-%s-" % peer.name)
    try:
        peer.prepare(items, src)
        home = os.path.join(work, "home")
        os.makedirs(home)
        env = {"HOME": home, "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
        for run in range(runs + 1):
            d = os.path.join(work, "data")
            shutil.rmtree(d, ignore_errors=True)
            shutil.copytree(src, d)
            p = Pty(peer.argv(d), env, cwd=home)
            try:
                chunks = p.collect(peer.gap, first_timeout=timeout, limit=timeout, until=peer.ready)
                if not chunks or not peer.ready(p.screen):
                    raise TimeoutError("no first screen within %g s" % timeout)
                if run == 0:
                    continue
                s.add("launch_ms", (chunks[-1][0] - p.t0) * 1000)
                s.add("first_byte_ms", (chunks[0][0] - p.t0) * 1000)
                move_and_scroll(p, peer.gap, moves, 0, s, cycle=peer.cycle)
                hwm = p.vm_hwm_kib()
                s.add("rss_mib", hwm / 1024 if hwm else None)
                t = time.monotonic()
                os.write(p.fd, b"q")
                end = p.wait_exit(30.0)
                s.add("quit_ms", (end - t) * 1000 if end else None)
            finally:
                p.close()
    finally:
        shutil.rmtree(src, ignore_errors=True)
        shutil.rmtree(work, ignore_errors=True)
    return s
