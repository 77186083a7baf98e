"""What every harness needs: the repository, failures, a clean environment, a release build,
tmux on a private socket, and the tab bar read back from a screen."""

import os
import re
import shutil
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
PATH = "/usr/local/bin:/usr/bin:/bin"
TAB_BAR = re.compile(r"To buy (\d+) │ Purchased (\d+) │ Categories \d+")


class Failure(Exception):
    """A broken promise of kago (or a harness problem); the message is the one-line reason."""

    def __init__(self, reason, screen=None):
        super().__init__(reason)
        self.screen = screen


def now():
    return time.monotonic()


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def tab_counts(screen):
    """(To buy N, Purchased N) from the tab bar, or None when it is not drawn."""
    m = TAB_BAR.search(screen or "")
    return (int(m.group(1)), int(m.group(2))) if m else None


def kago_env(home, config, data, path=PATH):
    """The environment kago runs in: only these directories, C.UTF-8, xterm-256color. HOME and
    a config saying the tutorial was seen are created; the data directory is left to kago."""
    os.makedirs(os.path.join(config, "kago"), mode=0o700, exist_ok=True)
    os.makedirs(home, exist_ok=True)
    with open(os.path.join(config, "kago", "config"), "w") as f:
        f.write("intro_seen = 2\n")
    return {"HOME": home, "XDG_CONFIG_HOME": config, "XDG_DATA_HOME": data,
            "LANG": "C.UTF-8", "TERM": "xterm-256color", "PATH": path}


def db_path(env):
    """Where kago keeps its database in that environment."""
    return os.path.join(env["XDG_DATA_HOME"], "kago", "kago.sqlite3")


def build_release(prog, scratch):
    """Builds the release binary in its own scratch directory (never the repo's .build, which
    other builds use); exits with a FAIL line when the build fails."""
    t = now()
    log(f"{prog}: building kago (swift build -c release --scratch-path {scratch})")
    r = subprocess.run(["swift", "build", "-c", "release", "--product", "kago", "--scratch-path", scratch],
                       cwd=REPO, stdout=sys.stderr)
    if r.returncode != 0:
        sys.exit(f"{prog}: FAIL: the release build failed")
    log(f"{prog}: built in {now() - t:.1f}s")
    return os.path.join(scratch, "release", "kago")


def kago_binary(prog, args):
    """--bin, or a fresh release build; exits when there is no tmux or no binary."""
    if not shutil.which("tmux"):
        sys.exit(f"{prog}: FAIL: tmux is needed (apt-get install tmux)")
    kago = os.path.abspath(args.bin) if args.bin else build_release(prog, args.scratch_path)
    if not os.access(kago, os.X_OK):
        sys.exit(f"{prog}: FAIL: no kago binary at {kago}")
    return kago


class Tmux:
    """A tmux server on a private socket, with a clean environment, removed by `kill`."""

    def __init__(self, sock, home):
        self.sock = sock
        self.home = home

    def run(self, *args, check=True):
        env = {"PATH": PATH, "HOME": self.home, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "xterm-256color"}
        r = subprocess.run(["tmux", "-L", self.sock, "-f", "/dev/null", *args], env=env,
                           capture_output=True, text=True)
        if check and r.returncode != 0:
            raise Failure(f"tmux {args[0]} failed: {r.stderr.strip()}")
        return r

    def capture(self, target):
        return self.run("capture-pane", "-p", "-t", target, check=False).stdout

    def kill(self):
        socket = self.run("display-message", "-p", "#{socket_path}", check=False).stdout.strip()
        self.run("kill-server", check=False)
        # The server leaves its socket file behind; remove this run's only.
        if socket.endswith("/" + self.sock) and os.path.exists(socket):
            os.remove(socket)
