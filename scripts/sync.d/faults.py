"""An HTTP proxy on 127.0.0.1 in front of a real server that injects faults (issue 14): a rule
sees each request and may answer it itself, break the connection, delay, or rewrite what the
server answered. Also runs kago with its peak RSS measured (os.wait4)."""
import http.client
import http.server
import os
import socket
import struct
import subprocess
import threading
import time

HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "proxy-connection", "te", "upgrade"}


class Request:
    def __init__(self, method, path, headers, body):
        self.method, self.path, self.headers, self.body = method, path, headers, body


class Response:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    def header(self, name):
        return next((v for k, v in self.headers if k.lower() == name.lower()), None)


class FaultProxy:
    """`rule(request) -> None | action` is called for each request (`self.rule`, None passes
    everything through). An action is one of
      ("drop",)                 close the connection without an answer
      ("reset", n)              send the server's headers and n bytes of its body, then a TCP reset
      ("delay", seconds)        wait, then pass through
      ("status", code)          answer this status with a small body
      ("answer", status, headers, body)  answer this
      ("rewrite", f)            pass through, then answer f(response) (a Response) instead
      ("stream", status, headers, chunks)  answer with these headers and the chunks of an iterator
    Requests seen are in `self.log` as (method, path)."""

    def __init__(self, server=None, target_port=None):
        self.target = target_port or server.port
        self.username = server.username if server else None
        self.password = server.password if server else None
        self.rule = None
        self.log = []
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def handle_one_request(self):
                try:
                    super().handle_one_request()
                except (ConnectionError, BrokenPipeError, socket.timeout):
                    self.close_connection = True

            def __getattr__(self, name):
                if name.startswith("do_"):
                    return self.relay
                raise AttributeError(name)

            def relay(self):
                n = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(n) if n else b""
                req = Request(self.command, self.path, self.headers, body)
                proxy.log.append((self.command, self.path))
                action = proxy.rule(req) if proxy.rule else None
                kind = action[0] if action else None
                if kind == "drop":
                    self.close_connection = True
                    return
                if kind == "status":
                    self.answer(Response(action[1], [("Content-Type", "text/plain")], b"injected fault\n"))
                    return
                if kind == "answer":
                    self.answer(Response(action[1], action[2], action[3]))
                    return
                if kind == "stream":
                    self.send_response(action[1])
                    for k, v in action[2]:
                        self.send_header(k, v)
                    self.end_headers()
                    try:
                        for chunk in action[3]:
                            self.wfile.write(chunk)
                    except (ConnectionError, BrokenPipeError, socket.timeout):
                        pass
                    self.close_connection = True
                    return
                if kind == "delay":
                    time.sleep(action[1])
                resp = proxy.forward(req)
                if kind == "rewrite":
                    resp = action[1](resp)
                if kind == "reset":
                    self.send_response(resp.status)
                    for k, v in resp.headers:
                        self.send_header(k, v)
                    self.send_header("Content-Length", str(len(resp.body)))
                    self.end_headers()
                    self.wfile.write(resp.body[:action[1]])
                    self.wfile.flush()
                    self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    self.close_connection = True
                    return
                self.answer(resp)

            def answer(self, resp):
                self.send_response(resp.status)
                for k, v in resp.headers:
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(resp.body)))
                self.end_headers()
                self.wfile.write(resp.body)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.url = "http://127.0.0.1:%d/" % self.port
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def forward(self, req):
        c = http.client.HTTPConnection("127.0.0.1", self.target, timeout=30)
        headers = {k: v for k, v in req.headers.items() if k.lower() not in HOP}
        headers["Host"] = "127.0.0.1:%d" % self.target
        c.request(req.method, req.path, body=req.body, headers=headers)
        r = c.getresponse()
        body = r.read()
        out = Response(r.status, [(k, v) for k, v in r.getheaders() if k.lower() not in HOP], body)
        c.close()
        return out

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


# Runs a program and writes its peak RSS (KiB) to a file. A child's ru_maxrss starts at the
# RSS of the process it was forked from (Linux keeps the high-water mark across exec), so kago
# is forked from this small python, not from the test runner: the floor is this helper's RSS
# (about 5 MB: /bin/true measures 4996 KiB here), not the runner's 50 MB.
HELPER = """import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as f:
    f.write(str(usage.ru_maxrss))
code = os.waitstatus_to_exitcode(status)
sys.exit(code if code >= 0 else 128 - code)
"""


def run_measured(k, *args, timeout=60):
    """Runs kago (a harness.Kago) with `args`; returns (exit code, stdout bytes, stderr bytes,
    seconds, peak RSS in KiB from os.wait4)."""
    import sys
    import tempfile
    out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    fd, rss_file = tempfile.mkstemp(prefix="kago-rss-")
    os.close(fd)
    start = time.time()
    p = subprocess.Popen([sys.executable, "-S", "-c", HELPER, rss_file, k.binary, *args], env=k.env,
                         stdout=out, stderr=err, stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        p.wait(timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, 9)
        p.wait()
        raise AssertionError("kago %s did not finish in %d s" % (" ".join(args), timeout))
    seconds = time.time() - start
    with open(rss_file) as f:
        rss = int(f.read() or 0)
    os.unlink(rss_file)
    out.seek(0)
    err.seek(0)
    return p.returncode, out.read(), err.read(), seconds, rss
