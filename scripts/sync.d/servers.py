"""Real CalDAV servers on 127.0.0.1 for the sync tests: Radicale (htpasswd, plain passwords)
and Xandikos (no auth), each in its own temporary directory, stopped at the end."""
import os
import socket
import subprocess
import sys
import time

import scratch


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One server process; `url` is what kago's sync.url and the phone use."""

    name = ""
    username = None
    password = None

    def __init__(self):
        self.dir = scratch.directory("kago-%s-" % self.name)
        self.port = free_port()
        self.url = "http://127.0.0.1:%d/" % self.port
        self.log = open(os.path.join(self.dir, "log"), "w")
        self.process = subprocess.Popen(self.command(), stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                if self.process.poll() is not None or time.time() > deadline:
                    self.stop()
                    sys.exit("sync tests: %s did not start; see %s" % (self.name, self.log.name))
                time.sleep(0.1)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.log.close()


class Radicale(Server):
    name = "radicale"
    username = "alice"
    password = "s3cret-pw"

    def command(self):
        users = os.path.join(self.dir, "users")
        with open(users, "w") as f:
            f.write("%s:%s\n" % (self.username, self.password))
        config = os.path.join(self.dir, "config")
        with open(config, "w") as f:
            f.write("[server]\nhosts = 127.0.0.1:%d\n[auth]\ntype = htpasswd\nhtpasswd_filename = %s\n"
                    "htpasswd_encryption = plain\n[storage]\nfilesystem_folder = %s\n[logging]\nlevel = warning\n"
                    % (self.port, users, os.path.join(self.dir, "data")))
        return [sys.executable, "-m", "radicale", "--config", config]


class Xandikos(Server):
    name = "xandikos"

    def command(self):
        return [sys.executable, "-m", "xandikos.web", "--defaults", "-d", os.path.join(self.dir, "data"),
                "-l", "127.0.0.1", "-p", str(self.port)]
