"""A hostile CalDAV server (issue 14, part 4): a python http.server on 127.0.0.1 (a
faults.FaultProxy) in front of a Radicale of its own, so that kago can link and sync for real
until a test turns hostile and answers what no server should: entity bombs, external
entities, endless, trickling and gigabyte bodies (streamed, never held in memory here),
control sequences, redirects elsewhere, invalid UTF-8, text that is not iCalendar."""
import re
import time

import servers
from faults import FaultProxy, Response

_radicale = None


def radicale():
    """One Radicale for the module's tests, started on first use and stopped at exit."""
    global _radicale
    if _radicale is None:
        import atexit
        _radicale = servers.Radicale()
        atexit.register(_radicale.stop)
    return _radicale


class Hostile(FaultProxy):
    def __init__(self):
        self.real = radicale()
        super().__init__(self.real)


MULTISTATUS = b'<?xml version="1.0"?>\n'

BILLION_LAUGHS = (b'<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
                  + b"".join(b' <!ENTITY lol%d "%s">\n' % (i, (b"&lol%d;" % (i - 1) if i > 1 else b"&lol;") * 10)
                             for i in range(1, 10))
                  + b']>\n<d:multistatus xmlns:d="DAV:"><d:response><d:href>&lol9;</d:href></d:response></d:multistatus>\n')

EXTERNAL_ENTITY = (b'<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">'
                   b'<!ENTITY net SYSTEM "http://127.0.0.1:9/x">]>\n'
                   b'<d:multistatus xmlns:d="DAV:"><d:response><d:href>&xxe;&net;</d:href></d:response></d:multistatus>\n')

XML_HEADERS = [("Content-Type", "application/xml; charset=utf-8")]


def endless():
    """A multistatus that never ends, as fast as the socket takes it."""
    yield b'<?xml version="1.0"?>\n<d:multistatus xmlns:d="DAV:">'
    chunk = b"<d:response><d:href>/x.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>" * 1000
    while True:
        yield chunk


def trickle(interval=0.2):
    """One byte at a time, forever."""
    yield b'<?xml version="1.0"?>\n'
    while True:
        time.sleep(interval)
        yield b" "


def gigabyte():
    """1 GiB, 1 MiB at a time from one buffer."""
    block = b"<d:x>" + b"a" * (1 << 20) + b"</d:x>"
    yield b'<?xml version="1.0"?>\n<d:multistatus xmlns:d="DAV:">'
    for _ in range(1024):
        yield block


def sub(pattern, replacement):
    """A rewrite of the server's answer: `pattern` (bytes regex) replaced in its body."""
    def f(resp):
        return Response(resp.status, resp.headers, re.sub(pattern, replacement, resp.body))
    return f
