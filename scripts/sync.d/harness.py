"""kago in a temporary home, and the python caldav library playing the phone."""
import json
import os
import subprocess

import caldav

import scratch


class Kago:
    """The real kago binary with its own XDG homes and a sync account in its config."""

    def __init__(self, binary, server, extra_config=""):
        self.binary = binary
        self.home = scratch.directory("kago-sync-home-")
        self.config_dir = os.path.join(self.home, "config", "kago")
        os.makedirs(self.config_dir)
        self.config = os.path.join(self.config_dir, "config")
        self.server = server
        self.write_config("sync.url = %s\n" % server.url
                          + ("sync.username = %s\nsync.password = %s\n" % (server.username, server.password)
                             if server.username else "")
                          + extra_config)
        self.env = dict(os.environ, LANG="C.UTF-8", HOME=self.home, TZ="Asia/Tokyo",
                        XDG_CONFIG_HOME=os.path.join(self.home, "config"),
                        XDG_DATA_HOME=os.path.join(self.home, "data"), KAGO_SYNC_REQUESTS="1")
        self.env.pop("NO_COLOR", None)

    def write_config(self, text):
        with open(self.config, "w") as f:
            f.write(text)
        os.chmod(self.config, 0o600)

    def run(self, *args, code=0, timeout=120):
        """Runs kago; returns (stdout, stderr); fails unless it exits with `code`."""
        p = subprocess.run([self.binary, *args], env=self.env, capture_output=True, timeout=timeout)
        out, err = p.stdout.decode(), p.stderr.decode()
        if code is not None and p.returncode != code:
            raise AssertionError("kago %s exited %d (wanted %d)\nstdout: %s\nstderr: %s"
                                 % (" ".join(args), p.returncode, code, out, err))
        return out, err

    def sync(self, *args, code=0):
        """`kago sync`; returns (the output line(s), requests sent)."""
        out, err = self.run("sync", *args, code=code)
        requests = sum(int(line.split(": ")[1]) for line in err.splitlines() if line.startswith("requests: "))
        return out.strip(), requests, err

    def items(self, *args):
        return json.loads(self.run("list", "--all", "--json", *args)[0])

    def item(self, name):
        found = [i for i in self.items() if i["name"] == name]
        assert len(found) == 1, "wanted one %r in %r" % (name, self.items())
        return found[0]

    @property
    def database(self):
        return os.path.join(self.home, "data", "kago", "kago.sqlite3")


class Phone:
    """A second client (what a phone's task app does through DAVx⁵), with the python caldav library."""

    def __init__(self, server):
        self.client = caldav.DAVClient(url=server.url, username=server.username, password=server.password, timeout=30)
        self.principal = self.client.principal()

    def calendar(self, url):
        return self.client.calendar(url=url)

    def make_calendar(self, name):
        return self.principal.make_calendar(name=name, supported_calendar_component_set=["VTODO"])

    def todos(self, url):
        """UID → raw text of every VTODO in the collection, completed ones too."""
        out = {}
        for t in self.calendar(url).todos(include_completed=True):
            t.load()
            out[str(t.icalendar_component["UID"])] = t.data
        return out

    def by_summary(self, url, summary):
        found = [text for text in self.todos(url).values() if prop(text, "SUMMARY") == summary]
        assert len(found) == 1, "wanted one %r on the server, have %r" % (summary, list(self.todos(url).values()))
        return found[0]

    def put(self, url, text):
        return self.calendar(url).save_todo(ical=text)

    def replace(self, url, uid, text):
        """Overwrites a VTODO's raw text, as a phone saving its edit does."""
        t = self.calendar(url).todo_by_uid(uid)
        t.data = text
        t.save()

    def delete(self, url, uid):
        self.calendar(url).todo_by_uid(uid).delete()


def unfold(text):
    return text.replace("\r\n", "\n").replace("\n ", "").replace("\n\t", "")


def prop(text, name):
    """The value of the VTODO's first property `name` (unfolded, escapes kept), or None."""
    for line in unfold(text).split("\n"):
        head, _, value = line.partition(":")
        if head.split(";")[0].upper() == name:
            return value
    return None


def props(text, name):
    return [line for line in unfold(text).split("\n") if line.partition(":")[0].split(";")[0].upper() == name]


def vtodo(uid, *lines):
    """A phone's VTODO with these property lines."""
    body = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//test//EN", "BEGIN:VTODO", "UID:" + uid,
            "DTSTAMP:20261201T090000Z", *lines, "END:VTODO", "END:VCALENDAR", ""]
    return "\r\n".join(body)


class Proxy:
    """A TCP relay on 127.0.0.1 in front of a server, which can be taken down and put back
    on the same port: the network going away and coming back."""

    def __init__(self, server):
        import socket
        import threading
        self.target = server.port
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = "http://127.0.0.1:%d/" % self.port
        self.username, self.password = server.username, server.password
        self.open = True
        self.threading = threading
        self.listener.listen(16)
        self.thread = threading.Thread(target=self.accept, daemon=True)
        self.thread.start()

    def accept(self):
        import socket
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if not self.open:
                client.close()
                continue
            upstream = socket.create_connection(("127.0.0.1", self.target))
            for a, b in ((client, upstream), (upstream, client)):
                self.threading.Thread(target=self.pump, args=(a, b), daemon=True).start()

    def pump(self, a, b):
        import socket
        try:
            while True:
                data = a.recv(65536)
                if not data or not self.open:
                    break
                b.sendall(data)
        except OSError:
            pass
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def down(self):
        """Refuses every connection from now on (each is accepted and closed at once)."""
        self.open = False

    def up(self):
        self.open = True

    def stop(self):
        self.open = False
        stop_listening(self.listener, self.thread)


def stop_listening(listener, thread):
    """Closes a listening socket only once the thread accepting on it has ended (woken by a
    shutdown). Closed under a thread still blocked in accept(), the socket's number goes to the
    next socket made, often the next test's listener, and the blocked call, restarted (after the
    process is stopped and continued, say), takes that listener's next connection and closes it:
    the client there sees "the connection to the server broke" (found with the TUI concurrency
    test under load)."""
    import socket
    try:
        listener.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    thread.join(5)
    listener.close()
