"""kago against a hostile server (issue 14, part 4: hostile.Hostile). Whatever it sends, no
raw control byte reaches kago's stdout or stderr, kago's peak RSS stays bounded (os.wait4),
it gives up within a bounded time with one `kago: sync` line, local data is unchanged after a
failed sync, and the next sync with an honest server converges."""
import json
import uuid

from faults import run_measured
from harness import Kago, Phone, vtodo
from hostile import (BILLION_LAUGHS, EXTERNAL_ENTITY, XML_HEADERS, Hostile, endless, gigabyte, sub,
                     trickle)

SERVERS = ()
TIMEOUT = 3  # KAGO_SYNC_TIMEOUT
MAX_RSS_KIB = 160 << 10  # 64 MiB of body at most (growing doubles it), and the program around it
SEQUENCES = b"\xc2\x9b2J\xc2\x9d0;pwned\xc2\x9c\x7f\xe2\x80\xae"  # CSI, OSC … ST, DEL (valid XML), RLO
RAW_ESCAPES = b"\x1b[2J\x1b]0;pwned\x07\x1b[31m"  # not valid in XML 1.0


def clean(data, what):
    text = data.decode("utf-8", "replace")
    bad = [c for c in text if (ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) <= 0x9F or c in "\u202e\u202d"]
    assert not bad, "%s has control characters %r: %r" % (what, bad, text)


def setup(binary):
    h = Hostile()
    k = Kago(binary, h)
    k.env["KAGO_SYNC_TIMEOUT"] = str(TIMEOUT)
    k.run("add", "Flour")
    k.run("add", "Rice")
    url = k.run("lists", "link", "Shopping", "Shop " + uuid.uuid4().hex[:8])[0].strip()
    k.sync()
    direct = url.replace(h.url, h.real.url)
    Phone(h.real).put(direct, vtodo("phone-" + uuid.uuid4().hex[:8], "SUMMARY:Milk", "DESCRIPTION:the blue one"))
    return h, k, direct


def measured(k, h, rule, *args, ok=None, bound=TIMEOUT + 7):
    """Runs kago under `rule`; checks time, RSS, one-line failure, clean output. Returns
    (exit code, stdout, the error line)."""
    h.rule = rule
    try:
        code, out, err, seconds, rss = run_measured(k, *args, timeout=bound + 30)
    finally:
        h.rule = None
    clean(out, "stdout")
    clean(err, "stderr")
    lines = [l for l in err.decode().splitlines() if not l.startswith("requests: ")]
    assert seconds < bound, "took %.1fs (bound %ds): %s" % (seconds, bound, err)
    assert rss < MAX_RSS_KIB, "peak RSS %d KiB" % rss
    if ok is not None:
        assert (code == 0) == ok, (code, out, err)
    if code:
        assert code == 1 and len(lines) == 1 and lines[0].startswith("kago: "), (code, err)
    else:
        assert lines == [], err
    print("     %s: %s in %.1fs, peak RSS %d KiB" % (" ".join(args), lines[0] if lines else "exit 0", seconds, rss))
    return code, out, lines[0] if lines else ""


def hostile_sync(binary, rule, ok=False, message=None, bound=TIMEOUT + 7):
    h, k, direct = setup(binary)
    try:
        before = k.items()
        code, _, line = measured(k, h, rule, "sync", ok=ok, bound=bound)
        if message:
            assert message in line, line
        if code:
            assert k.items() == before, (before, k.items())
        k.sync()
        names = sorted(i["name"] for i in k.items())
        assert names == ["Flour", "Milk", "Rice"], names
        return k, h
    finally:
        h.stop()


def everything(body, status=207, headers=XML_HEADERS):
    return lambda req: ("answer", status, headers, body)


def test_billion_laughs(binary, _):
    hostile_sync(binary, everything(BILLION_LAUGHS), message="DTD")


def test_external_entities(binary, _):
    hostile_sync(binary, everything(EXTERNAL_ENTITY), message="DTD")


def test_an_endless_body(binary, _):
    hostile_sync(binary, lambda req: ("stream", 207, XML_HEADERS, endless()))


def test_a_trickling_body(binary, _):
    hostile_sync(binary, lambda req: ("stream", 207, XML_HEADERS, trickle()), message="did not answer in time")


def test_a_gigabyte_answer(binary, _):
    hostile_sync(binary, lambda req: ("stream", 207, XML_HEADERS, gigabyte()), message="larger than 64 MiB")


def test_a_redirect_to_another_host(binary, _):
    h = Hostile()
    h.stop()
    elsewhere = "http://127.0.0.2:%d/" % h.real.port
    hostile_sync(binary, everything(b"", 302, [("Location", elsewhere)]), message="another host")


def test_invalid_utf8_in_a_summary(binary, _):
    hostile_sync(binary, lambda req: ("rewrite", sub(rb"SUMMARY:Milk", b"SUMMARY:Mi\xff\xfe\xc0\x80lk")) if req.method == "REPORT" else None,
                 ok=None)


def test_icalendar_that_is_not_icalendar(binary, _):
    def rule(req):
        if req.method == "REPORT" and b"multiget" in req.body:
            return ("rewrite", sub(rb"(?s)BEGIN:VCALENDAR.*?END:VCALENDAR\r?\n?", b"this is not iCalendar\r\nBEGIN:VTODO\r\nSUMMARY\r\n"))
        return None
    # Found here: such an item was skipped and the token stored, so it never arrived.
    hostile_sync(binary, rule, message="not iCalendar")


def test_raw_escapes_in_a_summary(binary, _):
    hostile_sync(binary, lambda req: ("rewrite", sub(rb"SUMMARY:Milk", b"SUMMARY:Milk" + RAW_ESCAPES)) if req.method == "REPORT" else None,
                 ok=None)


def test_control_sequences_in_summary_and_description_stay_off_the_terminal(binary, _):
    def rule(req):
        if req.method == "REPORT":
            return ("rewrite", lambda r: sub(rb"DESCRIPTION:the blue one", b"DESCRIPTION:the" + SEQUENCES + b"blue one")(
                sub(rb"SUMMARY:Milk", b"SUMMARY:Milk" + SEQUENCES)(r)))
        return None
    h, k, direct = setup(binary)
    try:
        measured(k, h, rule, "sync", ok=True)
        for args in (("list",), ("list", "--all"), ("list", "--json"), ("list", "--all", "--json"), ("lists",)):
            _, out, _ = measured(k, h, None, *args, ok=True)
        items = json.loads(measured(k, h, None, "list", "--json", ok=True)[1])
        assert any(i["name"].startswith("Milk") for i in items), items
    finally:
        h.stop()


def test_control_sequences_in_display_names_stay_off_the_terminal(binary, _):
    h, k, direct = setup(binary)
    try:
        for junk in (SEQUENCES, RAW_ESCAPES):
            def rule(req, junk=junk):
                if req.method == "PROPFIND":
                    return ("rewrite", sub(rb"(displayname>)([^<]*)(<)", rb"\1\2" + junk.replace(b"\\", b"\\\\") + rb"\3"))
                return None
            measured(k, h, rule, "lists", "remote", ok=None)
    finally:
        h.stop()
