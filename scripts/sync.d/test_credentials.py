"""Credentials are guarded (SPEC §9): the password never goes into the database (file, WAL,
anything beside it), any output or error, or a process's arguments or environment (kago's and
its sync children's, read from /proc while they run); a config with sync.password that group or
others can read, and plain http to another machine, are refused before any connection.
Radicale only: it is the server here with a password."""
import glob
import os
import shutil
import socket
import sqlite3
import subprocess
import threading
import time
import uuid

from harness import Kago, Proxy, stop_listening

SERVERS = ("radicale",)


def fresh_name():
    return "Shop " + uuid.uuid4().hex[:8]


class Account:
    """A server-like object for Kago(): a URL and the account's credentials."""

    def __init__(self, url, username="alice", password="s3cret-pw"):
        self.url, self.username, self.password = url, username, password


class Listener:
    """A TCP port on 127.0.0.1 that counts the connections made to it (and closes them)."""

    def __init__(self, host="127.0.0.1"):
        self.socket = socket.socket()
        self.socket.bind((host, 0))
        self.socket.listen(8)
        self.port = self.socket.getsockname()[1]
        self.connections = 0
        self.thread = threading.Thread(target=self.accept, daemon=True)
        self.thread.start()

    def accept(self):
        while True:
            try:
                c, _ = self.socket.accept()
            except OSError:
                return
            self.connections += 1
            c.close()

    def stop(self):
        stop_listening(self.socket, self.thread)


class SlowProxy(Proxy):
    """The Proxy, holding every chunk for `delay` seconds: a sync that lasts long enough to be
    read from /proc."""

    delay = 0.4

    def pump(self, a, b):
        try:
            while True:
                data = a.recv(65536)
                if not data or not self.open:
                    break
                time.sleep(self.delay)
                b.sendall(data)
        except OSError:
            pass
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def secrets_in_proc(secret, exclude=()):
    """(pid, file) of every process whose arguments or environment hold `secret`."""
    found = []
    for path in glob.glob("/proc/[0-9]*"):
        pid = int(path[6:])
        if pid in exclude:
            continue
        for name in ("cmdline", "environ"):
            try:
                with open(os.path.join(path, name), "rb") as f:
                    if secret in f.read():
                        found.append((pid, name))
            except OSError:
                pass
    return found


def kago_processes(binary, home):
    """pid → argv of the kago processes running with this home."""
    out = {}
    for path in glob.glob("/proc/[0-9]*"):
        try:
            argv = open(path + "/cmdline", "rb").read().split(b"\0")
            exe = os.readlink(path + "/exe")
            env = open(path + "/environ", "rb").read()
        except OSError:
            continue
        if exe.endswith("/kago") and ("HOME=%s" % home).encode() in env.split(b"\0"):
            out[int(path[6:])] = [a.decode(errors="replace") for a in argv if a]
    return out


def files_beside(database):
    """Every file in the database's directory (the database, -wal, -shm, the sync lock, …)."""
    d = os.path.dirname(database)
    return [os.path.join(d, n) for n in os.listdir(d)]


def secret_forms(username, password):
    """The ways a password shows when it leaks: as it is, percent-encoded, and in an HTTP Basic
    Authorization header (base64 of user:password, as a libcurl verbose trace prints it)."""
    import base64
    import urllib.parse
    return sorted({password, urllib.parse.quote(password, safe=""),
                   base64.b64encode(("%s:%s" % (username or "", password)).encode()).decode()})


def assert_not_in_files(secret, paths):
    for path in paths:
        if os.path.isfile(path):
            with open(path, "rb") as f:
                assert secret not in f.read(), "the password is in %s" % path


def test_the_password_stays_out_of_the_database_its_wal_and_the_output(binary, server):
    k = Kago(binary, server)
    secret = server.password.encode()
    # A connection held open keeps the WAL from being checkpointed away when kago exits.
    keep = sqlite3.connect(k.database) if os.path.exists(k.database) else None
    k.run("add", "Salt")
    keep = keep or sqlite3.connect(k.database)
    keep.execute("SELECT count(*) FROM items").fetchall()
    outputs = []
    outputs += k.run("lists", "link", "Shopping", fresh_name())
    outputs += k.run("lists", "remote")
    for n in range(3):
        k.run("add", "Item %d" % n)
        outputs += k.sync()[::2]
        outputs += k.run("lists", "--json")
        outputs += k.run("list", "--all", "--json")
    outputs += k.run("help", "sync")
    assert os.path.exists(k.database + "-wal"), "wanted a WAL to read"
    assert os.path.getsize(k.database + "-wal") > 0
    forms = secret_forms(server.username, server.password)
    for text in outputs:
        for form in forms:
            assert form not in text, (form, text)
    for form in forms:
        assert_not_in_files(form.encode(), files_beside(k.database))
    keep.close()
    for form in forms:
        assert_not_in_files(form.encode(), files_beside(k.database))


def test_a_wrong_password_fails_without_showing_either_password(binary, server):
    k = Kago(binary, server)
    k.run("add", "Salt")
    url = k.run("lists", "link", "Shopping", fresh_name())[0].strip()
    k.sync()
    wrong = "wr0ng-" + uuid.uuid4().hex[:10]
    k.write_config("sync.url = %s\nsync.username = %s\nsync.password = %s\n" % (server.url, server.username, wrong))
    k.run("add", "Pepper")
    texts = []
    for args in (("sync",), ("lists", "remote"), ("-l", "Shopping", "sync")):
        out, err = k.run(*args, code=1)
        texts += [out, err]
        assert "user name or password" in err, err
        assert len([l for l in err.splitlines() if l.startswith("kago:")]) == 1, err
    k.run("lists", "add", "Other")
    texts += k.run("lists", "link", "Other", code=1)
    forms = secret_forms(server.username, wrong) + secret_forms(server.username, server.password)
    for text in texts:
        for form in forms:
            assert form not in text, (form, text)
    for form in secret_forms(server.username, wrong):
        assert_not_in_files(form.encode(), files_beside(k.database))
    assert url


def test_a_password_command_gives_the_password(binary, server):
    k = Kago(binary, server)
    k.write_config("sync.url = %s\nsync.username = %s\nsync.password_command = printf '%%s\\n%%s\\n' '%s' ignored\n"
                   % (server.url, server.username, server.password))
    k.run("add", "Pepper")
    k.run("lists", "link", "Shopping", fresh_name())
    line, _, err = k.sync()
    assert line == "Shopping: ↑1", line
    assert server.password not in line + err
    # A command that fails, or prints nothing: a one-line error, no connection.
    for command, want in (("exit 3", "sync.password_command failed (exit 3)"), ("true", "printed no password")):
        k.write_config("sync.url = %s\nsync.username = %s\nsync.password_command = %s\n" % (server.url, server.username, command))
        _, err = k.run("sync", code=1)
        assert want in err, err


def test_no_process_has_the_password_in_its_arguments_or_environment(binary, server):
    """`kago sync` through a slow proxy, read from /proc while it runs; the password comes from
    a password command that reads a file, so no process is given it on purpose."""
    proxy = SlowProxy(server)
    try:
        k = Kago(binary, proxy)
        secret_file = os.path.join(k.home, "pw")
        with open(secret_file, "w") as f:
            f.write(server.password + "\n")
        k.write_config("sync.url = %s\nsync.username = %s\nsync.password_command = cat %s\n"
                       % (proxy.url, server.username, secret_file))
        for n in range(3):
            k.run("add", "Slow %d" % n)
        k.run("lists", "link", "Shopping", fresh_name())
        secret = server.password.encode()
        p = subprocess.Popen([binary, "sync"], env=k.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        seen = 0
        while p.poll() is None:
            found = secrets_in_proc(secret, exclude=(os.getpid(), server.process.pid))
            assert not found, "the password is in %s" % found
            if p.pid in kago_processes(binary, k.home):
                seen += 1
            time.sleep(0.05)
        out, err = p.communicate()
        assert p.returncode == 0, err
        assert out.decode().strip() == "Shopping: ↑3", out
        assert seen >= 5, "kago sync ran too briefly to be read (%d looks)" % seen
    finally:
        proxy.stop()


def test_the_tuis_sync_child_has_no_password_in_its_arguments(binary, server):
    """The TUI in tmux spawns `kago -l Shopping sync` (slow proxy): neither it nor the TUI holds
    the password in its arguments or environment."""
    if not shutil.which("tmux"):
        raise AssertionError("tmux is needed")
    proxy = SlowProxy(server)
    session = "kago-cred-" + uuid.uuid4().hex[:6]
    tmux = ["tmux", "-L", session]
    try:
        k = Kago(binary, proxy, extra_config="sync.interval = 1\nintro_seen = 99\n")
        k.run("add", "Bread")
        k.run("lists", "link", "Shopping", fresh_name())
        env = " ".join("%s='%s'" % (n, k.env[n]) for n in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "LANG", "TZ"))
        subprocess.run(tmux + ["new-session", "-d", "-s", session, "-x", "80", "-y", "24", "env %s %s" % (env, binary)],
                       check=True)
        secret = server.password.encode()
        children = set()
        deadline = time.time() + 20
        while time.time() < deadline and len(children) < 2:
            procs = kago_processes(binary, k.home)
            found = secrets_in_proc(secret, exclude=(os.getpid(), server.process.pid))
            assert not found, "the password is in %s (%s)" % (found, procs)
            for pid, argv in procs.items():
                if argv[1:] == ["-l", "Shopping", "sync"]:
                    children.add(pid)
            time.sleep(0.05)
        assert children, "no sync child seen"
        subprocess.run(tmux + ["send-keys", "-t", session, "q"], check=True)
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)
        proxy.stop()


def test_a_config_others_can_read_is_refused_before_any_connection(binary, server):
    listener = Listener()
    try:
        k = Kago(binary, Account("http://127.0.0.1:%d/" % listener.port))
        k.run("add", "Rice")
        link_by_hand(k, "http://127.0.0.1:%d/c/" % listener.port)
        for mode in (0o644, 0o640, 0o604, 0o660, 0o606):
            os.chmod(k.config, mode)
            for args in (("lists", "link", "Shopping"), ("lists", "remote"), ("sync",)):
                out, err = k.run(*args, code=1)
                assert "holds a password and is readable by others; chmod 600 it" in err, (oct(mode), args, err)
                assert server.password not in out + err
        time.sleep(0.2)
        assert listener.connections == 0, "%d connections made" % listener.connections
        # 0600 and 0400 are fine: the same commands connect.
        os.chmod(k.config, 0o400)
        k.run("lists", "remote", code=1)
        time.sleep(0.2)
        assert listener.connections > 0
    finally:
        listener.stop()


def link_by_hand(k, url, list_name="Shopping"):
    """Links a list in the database without asking any server (so `kago sync` has work)."""
    db = sqlite3.connect(k.database)
    db.execute("INSERT INTO sync_lists (list_id, url, sync_collection) SELECT id, ?, 1 FROM lists WHERE name = ?",
               (url, list_name))
    assert db.total_changes == 1
    db.commit()
    db.close()


def test_plain_http_to_another_machine_is_refused_before_any_connection(binary, server):
    """Inside a network namespace with no route out, where 192.0.2.1 is this namespace's own
    address with a listener on port 80: a connection attempt would reach it, and must not."""
    if os.geteuid() != 0 or subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode != 0:
        print("     (skipped: unshare -n does not work here; needs root)")
        return
    if not shutil.which("ip"):
        print("     (skipped: no ip(8) to set up the namespace)")
        return
    k = Kago(binary, Account("http://192.0.2.1/"))
    k.run("add", "Rice")
    k.run("lists", "add", "Other")
    link_by_hand(k, "http://192.0.2.1/c/")
    script = r"""
set -u
rm -f %(dir)s/up
ip link set lo up && ip addr add 192.0.2.1/32 dev lo || exit 90
python3 - <<'EOF' &
import socket, sys
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("192.0.2.1", 80)); s.listen(8)
open("%(dir)s/up", "w").close()
n = 0
s.settimeout(0.5)
while True:
    try:
        c, _ = s.accept(); n += 1; c.close()
        open("%(dir)s/connections", "w").write(str(n))
    except socket.timeout:
        pass
EOF
listener=$!
for i in $(seq 50); do [ -e %(dir)s/up ] && break; sleep 0.1; done
"$@"
echo "exit $?" >&2
kill $listener
""" % {"dir": k.home}
    runs = {
        "link": ["lists", "link", "Other"],
        "remote": ["lists", "remote"],
        "sync": ["sync"],
    }
    for what, args in runs.items():
        p = subprocess.run(["unshare", "-n", "bash", "-c", script, "bash", binary, *args], env=k.env,
                           capture_output=True, timeout=60)
        err = p.stderr.decode()
        assert p.returncode != 90, "cannot set up the namespace: %s" % err
        assert "exit 1" in err, (what, err)
        assert "plain http to another machine" in err, (what, err)
    assert not os.path.exists(os.path.join(k.home, "connections")), "kago connected to 192.0.2.1"
    # The namespace does work: with sync.insecure_http = on, kago reaches the listener.
    with open(k.config, "a") as f:
        f.write("sync.insecure_http = on\n")
    subprocess.run(["unshare", "-n", "bash", "-c", script, "bash", binary, "lists", "remote"], env=k.env,
                   capture_output=True, timeout=60)
    assert os.path.exists(os.path.join(k.home, "connections")), "the listener in the namespace was not reached"
