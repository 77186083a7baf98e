"""Programs on a pseudo-terminal of their own, their output time-stamped as it arrives, and
the screen it draws (with pyte when installed, else a rough model of the bytes)."""

import fcntl
import os
import re
import select
import signal
import struct
import termios
import time

try:
    import pyte  # optional: a terminal emulator to read the screen
    from wcwidth import wcwidth as pyte_wcwidth  # pyte's own dependency
except ImportError:  # pragma: no cover - depends on the machine
    pyte = None

ROWS, COLS = 24, 80


class PyteScreen:
    """The screen as a terminal would show it (pyte)."""

    def __init__(self, cols, rows):
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)

    def feed(self, data):
        try:
            self.stream.feed(data)
        except Exception:  # pyte is strict about some sequences; a model glitch is not fatal
            pass

    def lines(self):
        # pyte's own `display` fails on a cell left with no character (seen after some wide-
        # character overwrites); this is the same rendering with such a cell read as nothing.
        out = []
        for y in range(self.screen.lines):
            row, cells, x = self.screen.buffer[y], [], 0
            while x < self.screen.columns:
                char = row[x].data
                cells.append(char)
                x += 2 if char and pyte_wcwidth(char[0]) == 2 else 1
            out.append("".join(cells))
        return out

    def text(self):
        return "\n".join(self.lines())


class PlainScreen:
    """Fallback without pyte: the text written, escape sequences removed (no positions)."""

    CSI = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[@-Z\\-_=>]|[\x00-\x08\x0b-\x1f]")

    def __init__(self, cols, rows):
        self.raw = b""

    def feed(self, data):
        self.raw = (self.raw + data)[-200000:]

    def lines(self):
        return None

    def text(self):
        return self.CSI.sub(b"", self.raw).decode("utf-8", "replace")


def new_screen():
    return PyteScreen(COLS, ROWS) if pyte else PlainScreen(COLS, ROWS)


SCROLL_SEQ = re.compile(rb"\x1b\[\d*;?\d*r|\x1b\[\d*[LMST]|\x1bM|\x1bD|\n")
CUP = re.compile(rb"\x1b\[(\d+)(?:;\d+)?[Hf]|\x1b\[(\d+)d")


def looks_like_scroll(data):
    """Heuristic without a screen model: scrolling sequences, or more than six rows addressed
    (a selection move redraws two to four rows in kago, tudu and calcurse)."""
    if SCROLL_SEQ.search(data):
        return True
    rows = {m.group(1) or m.group(2) for m in CUP.finditer(data)}
    return len(rows) > 6


class Pty:
    """Runs argv on a new pty of ROWS x COLS and records its output with arrival times."""

    def __init__(self, argv, env, cwd=None):
        master, slave = os.openpty()
        # The size is set before fork, so the program sees 80x24 from its first ioctl.
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        self.t0 = time.monotonic()
        pid = os.fork()
        if pid == 0:  # child
            try:
                os.close(master)
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                for fd in (0, 1, 2):
                    os.dup2(slave, fd)
                if slave > 2:
                    os.close(slave)
                if cwd:
                    os.chdir(cwd)
                os.execve(argv[0], argv, env)
            except BaseException as e:  # noqa: BLE001 - report anything, never return
                try:
                    os.write(2, ("bench: exec %s: %s\r\n" % (argv[0], e)).encode())
                finally:
                    os._exit(127)
        os.close(slave)
        self.pid = pid
        self.fd = master
        self.screen = new_screen()
        self.eof = False
        self.exit_time = None
        self.status = None
        self.rusage = None
        try:
            self.pidfd = os.pidfd_open(pid)
        except (AttributeError, OSError):
            self.pidfd = None

    # -- reading

    def _read(self, timeout):
        """One select + read; returns (time, bytes) or None on timeout; sets eof."""
        if self.eof:
            return None
        r, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not r:
            return None
        try:
            data = os.read(self.fd, 1 << 16)
        except OSError:  # EIO: every slave descriptor is closed (the program exited)
            data = b""
        t = time.monotonic()
        if not data:
            self.eof = True
            return None
        self.screen.feed(data)
        return (t, data)

    def collect(self, gap, first_timeout, limit=30.0, until=None):
        """Reads until the output has been quiet for `gap` s after its last byte, once
        `until(screen)` holds (if given). Gives up after `first_timeout` s without a first byte,
        or after `limit` s in all. Returns the (time, bytes) chunks."""
        chunks = []
        start = time.monotonic()
        ready = until is None
        while not self.eof:
            now = time.monotonic()
            if now - start >= limit:
                break
            if not chunks:
                wait = start + first_timeout - now
                if wait <= 0:
                    break
            elif not ready:
                wait = start + limit - now
            else:
                wait = gap - (now - chunks[-1][0])
                if wait <= 0:
                    break
            got = self._read(wait)
            if got:
                chunks.append(got)
                if not ready and until(self.screen):
                    ready = True
        return chunks

    def drain(self, gap):
        return self.collect(gap, first_timeout=gap)

    # -- keys

    def key(self, data, gap, first_timeout=1.0):
        """Writes a key; returns (latency s or None, bytes, largest pause inside the answer, raw)."""
        before = self.screen.lines()
        t = time.monotonic()
        os.write(self.fd, data)
        chunks = self.collect(gap, first_timeout=first_timeout)
        if not chunks:
            return None, 0, 0.0, b"", before, self.screen.lines()
        raw = b"".join(c[1] for c in chunks)
        self.last_time = chunks[-1][0]
        pauses = [b[0] - a[0] for a, b in zip(chunks, chunks[1:])]
        return chunks[-1][0] - t, len(raw), max(pauses, default=0.0), raw, before, self.screen.lines()

    # -- process

    def vm_hwm_kib(self):
        try:
            with open("/proc/%d/status" % self.pid) as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return None

    def wait_exit(self, timeout):
        """Waits for the exit, reading output meanwhile; returns the exit time or None."""
        deadline = time.monotonic() + timeout
        while self.exit_time is None and time.monotonic() < deadline:
            fds = [] if self.eof else [self.fd]
            if self.pidfd is not None:
                fds.append(self.pidfd)
            r, _, _ = select.select(fds, [], [], min(0.01 if self.pidfd is None else 0.5,
                                                     max(0.0, deadline - time.monotonic())))
            now = time.monotonic()
            if self.fd in r:
                self._read(0)
            if self.pidfd is not None and self.pidfd in r or self.pidfd is None:
                pid, status, ru = os.wait4(self.pid, os.WNOHANG)
                if pid == self.pid:
                    self.exit_time, self.status, self.rusage = now, status, ru
        return self.exit_time

    def close(self):
        if self.exit_time is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            _, self.status, self.rusage = os.wait4(self.pid, 0)
            self.exit_time = time.monotonic()
        for fd in (self.fd, self.pidfd):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self.fd = self.pidfd = None


def changed_rows(before, after):
    if before is None or after is None:
        return None
    return sum(1 for a, b in zip(before, after) if a != b)
