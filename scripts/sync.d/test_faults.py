"""Faults between kago and a real Radicale (issue 14, part 3): a proxy (faults.FaultProxy)
drops, resets, delays and answers errors. Each time `kago sync` exits 1 with one `kago: sync`
line within a bounded time, or succeeds by itself; then a clean sync converges: the local
items are the server's, none twice, nothing lost."""
import contextlib
import re
import socket
import uuid

from faults import FaultProxy, Response, run_measured
from harness import Kago, Phone, prop, vtodo

SERVERS = ("radicale",)
TIMEOUT = 2  # KAGO_SYNC_TIMEOUT, seconds a request may take in these tests
WANTED = ["Flour", "Milk", "Rice", "Sugar"]


def setup(binary, server):
    proxy = FaultProxy(server)
    k = Kago(binary, proxy)
    k.env["KAGO_SYNC_TIMEOUT"] = str(TIMEOUT)
    k.run("add", "Flour")
    k.run("add", "Rice")
    url = k.run("lists", "link", "Shopping", "Shop " + uuid.uuid4().hex[:8])[0].strip()
    k.sync()
    direct = url.replace(proxy.url, server.url)
    k.run("add", "Sugar")
    k.run("check", "Flour")
    Phone(server).put(direct, vtodo("phone-" + uuid.uuid4().hex[:8], "SUMMARY:Milk"))
    return proxy, k, direct


def when(method, action, times=None, match=None):
    """A rule: `action` for requests with this method ("*": any) whose body matches `match`,
    the first `times` of them (None: all)."""
    seen = [0]

    def rule(req):
        if method not in ("*", req.method) or (match and not re.search(match, req.body)):
            return None
        seen[0] += 1
        return action if times is None or seen[0] <= times else None
    return rule


def sync_under(k, proxy, rule, ok, bound):
    proxy.rule = rule
    code, out, err, seconds, rss = run_measured(k, "sync", timeout=bound + 30)
    proxy.rule = None
    err = err.decode()
    lines = [l for l in err.splitlines() if not l.startswith("requests: ")]
    assert seconds < bound, "took %.1fs (bound %ds): %s" % (seconds, bound, err)
    if ok:
        assert code == 0, (code, out, err)
        assert lines == [], err
    else:
        assert code == 1, (code, out, err)
        assert len(lines) == 1 and lines[0].startswith("kago: sync Shopping: "), err
    return lines[0] if lines else out.decode().strip(), seconds, rss


def check(binary, server, rule, ok=False, bound=15, message=None):
    proxy, k, direct = setup(binary, server)
    try:
        what, seconds, rss = sync_under(k, proxy, rule, ok, bound)
        if message:
            assert message in what, what
        line, _, _ = k.sync()
        local = sorted(i["name"] for i in k.items())
        remote = sorted(prop(t, "SUMMARY") for t in Phone(server).todos(direct).values())
        assert local == WANTED, (local, line)
        assert remote == WANTED, remote
        assert [i["purchased"] for i in sorted(k.items(), key=lambda i: i["name"])] == [True, False, False, False]
        assert k.sync()[0] == "Shopping: up to date"
        print("     %s in %.1fs, peak RSS %d KiB" % (what, seconds, rss))
    finally:
        proxy.stop()


def test_every_connection_dropped(binary, server):
    check(binary, server, when("*", ("drop",)), message="the connection to the server broke")


def test_linking_says_why_the_server_could_not_be_reached(binary, server):
    # Discovery took any failure for "not a CalDAV server", sending the user to check the URL
    # when nothing was listening or the connection broke.
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()  # nothing listens there now
    nobody = type("Nobody", (), {"url": "http://127.0.0.1:%d/" % port, "username": server.username,
                                 "password": server.password})()
    _, err = Kago(binary, nobody).run("lists", "link", "Shopping", code=1)
    assert err.strip() == "kago: sync: cannot connect to 127.0.0.1:%d" % port, err
    proxy = FaultProxy(server)
    try:
        proxy.rule = when("*", ("drop",))
        _, err = Kago(binary, proxy).run("lists", "remote", code=1)
        assert err.strip() == "kago: sync: the connection to the server broke", err
    finally:
        proxy.stop()


def test_the_put_dropped(binary, server):
    check(binary, server, when("PUT", ("drop",)))


def test_a_reset_in_the_middle_of_the_report(binary, server):
    check(binary, server, when("REPORT", ("reset", 60)), message="the connection to the server broke")


def test_a_reset_in_the_middle_of_the_second_report(binary, server):
    check(binary, server, when("REPORT", ("reset", 200), match=b"calendar-multiget"))


def test_a_delay_past_the_timeout(binary, server):
    check(binary, server, when("*", ("delay", TIMEOUT + 2)), bound=TIMEOUT + 5,
          message="the server did not answer in time")


def test_a_delay_within_the_timeout(binary, server):
    check(binary, server, when("*", ("delay", 0.3), times=2), ok=True)


def test_500_to_everything(binary, server):
    check(binary, server, when("*", ("status", 500)))


def test_503_to_everything(binary, server):
    check(binary, server, when("*", ("status", 503)))


def test_507_to_the_put(binary, server):
    check(binary, server, when("PUT", ("status", 507)))


def test_a_412_storm(binary, server):
    check(binary, server, when("PUT", ("status", 412)), bound=20)


def test_one_412_then_the_retry_succeeds(binary, server):
    check(binary, server, when("PUT", ("status", 412), times=1), ok=True)


def test_the_sync_token_answered_by_403(binary, server):
    check(binary, server, when("REPORT", ("status", 403), times=1, match=rb"sync-token>[^<]+<"), ok=True)


def test_the_sync_token_answered_by_412(binary, server):
    check(binary, server, when("REPORT", ("status", 412), times=1, match=rb"sync-token>[^<]+<"), ok=True)


def test_the_sync_token_answered_by_500(binary, server):
    check(binary, server, when("REPORT", ("status", 500), times=1, match=rb"sync-token>[^<]+<"), ok=True)


def test_the_sync_token_answered_by_507(binary, server):
    check(binary, server, when("REPORT", ("status", 507), times=1, match=rb"sync-token>[^<]+<"), ok=True)


def truncate(resp):
    return Response(resp.status, resp.headers, resp.body[:len(resp.body) // 2])


def test_a_truncated_multistatus(binary, server):
    check(binary, server, when("REPORT", ("rewrite", truncate)))


def without_etag(resp):
    return Response(resp.status, [(k, v) for k, v in resp.headers if k.lower() != "etag"], resp.body)


def test_a_put_answered_without_an_etag(binary, server):
    check(binary, server, when("PUT", ("rewrite", without_etag)), ok=True)


def test_a_change_there_kago_does_not_own_while_changed_here_makes_no_duplicate(binary, server):
    # Found by the 412 tests: an item whose server text changed only in what kago does not own
    # (here PRIORITY, or nothing after a 412) while it changed here was pushed again under a
    # new UID.
    proxy, k, direct = setup(binary, server)
    try:
        k.sync()
        phone = Phone(server)
        uid, text = next((u, t) for u, t in phone.todos(direct).items() if prop(t, "SUMMARY") == "Rice")
        phone.replace(direct, uid, text.replace("SUMMARY:Rice", "PRIORITY:1\r\nSUMMARY:Rice"))
        k.run("check", "Rice")
        k.sync()
        remote = phone.todos(direct)
        assert sorted(prop(t, "SUMMARY") for t in remote.values()) == WANTED, remote
        assert prop(remote[uid], "STATUS") == "COMPLETED" and prop(remote[uid], "PRIORITY") == "1", remote[uid]
        assert k.sync()[0] == "Shopping: up to date"
    finally:
        proxy.stop()


def test_a_change_here_after_a_push_kago_never_heard_back_from_is_kept(binary, server):
    # A sync that fails (or is killed) after the server took its PUT does not learn so; the
    # next one found the server "changed" from the base and took that over a later change here:
    # checked, the push unacknowledged, then unchecked here, Rice came back checked (the soak
    # found it). The text about to be sent is noted first, so the server's copy is known as
    # kago's own.
    proxy, k, direct = setup(binary, server)
    try:
        k.sync()
        k.run("check", "Rice")
        sync_under(k, proxy, when("REPORT", ("reset", 10), match=b"calendar-multiget"), ok=False, bound=15)
        phone = Phone(server)
        assert prop(phone.by_summary(direct, "Rice"), "STATUS") == "COMPLETED", "the push reached the server"
        k.run("uncheck", "Rice")
        line = k.sync()[0]
        assert k.item("Rice")["purchased"] is False, (line, k.item("Rice"))
        assert prop(phone.by_summary(direct, "Rice"), "STATUS") in (None, "NEEDS-ACTION"), phone.by_summary(direct, "Rice")
        assert k.sync()[0] == "Shopping: up to date"
    finally:
        proxy.stop()


@contextlib.contextmanager
def a_phone_note_racing(binary, server, local, at):
    """Syncs Rice after `kago local…` while the phone saves a note on it just before the first
    request `at` picks reaches the server; yields (kago, phone, collection, Rice's UID, the
    sync's line, that request's If-Match)."""
    proxy, k, direct = setup(binary, server)
    try:
        k.sync()
        phone = Phone(server)
        uid = next(u for u, t in phone.todos(direct).items() if prop(t, "SUMMARY") == "Rice")
        k.run(*local)
        raced = []

        def rule(req):
            if not raced and at(req):
                raced.append(req.headers.get("If-Match"))
                text = phone.todos(direct)[uid]
                phone.replace(direct, uid, text.replace("END:VTODO", "DESCRIPTION:basmati\r\nEND:VTODO"))
            return None
        proxy.rule = rule
        try:
            line = k.sync()[0]
        finally:
            proxy.rule = None
        assert raced, "kago sent no request the race waited for"
        yield k, phone, direct, uid, line, raced[0]
    finally:
        proxy.stop()


def test_a_phone_change_between_kagos_read_and_its_write_is_merged_not_overwritten(binary, server):
    # Found missing by injecting "an update PUT without If-Match" (issue 14): no test had the
    # phone save an item between kago's read of it and kago's write, so nothing failed. Here the
    # phone saves a note just before kago's PUT of that item reaches the server: the PUT must be
    # refused (412), and the next round merges both changes.
    def put_of_rice(req):
        return req.method == "PUT" and b"SUMMARY:Rice" in req.body
    with a_phone_note_racing(binary, server, ("check", "Rice"), put_of_rice) as (k, phone, direct, uid, line, if_match):
        remote = phone.todos(direct)[uid]
        assert prop(remote, "DESCRIPTION") == "basmati", "the phone's change was overwritten (If-Match %r): %s" % (if_match, remote)
        assert prop(remote, "STATUS") == "COMPLETED", remote
        rice = k.item("Rice")
        assert (rice["note"], rice["purchased"]) == ("basmati", True), (line, rice)
        assert k.sync()[0] == "Shopping: up to date"


def test_a_phone_change_between_kagos_write_and_its_fetch_still_arrives(binary, server):
    # kago fetches what it wrote to keep the server's text as the merge base. A phone saving the
    # item between that PUT and the fetch made the phone's text the base: the change matched the
    # base, so it never reached the list. The PUT's ETag tells the two apart.
    put = []

    def fetch_after_the_put(req):
        if req.method == "PUT" and b"SUMMARY:Rice" in req.body:
            put.append(True)
        return bool(put) and req.method == "REPORT" and b"calendar-multiget" in req.body
    with a_phone_note_racing(binary, server, ("check", "Rice"), fetch_after_the_put) as (k, phone, direct, uid, _, _):
        line = k.sync()[0]
        rice = k.item("Rice")
        assert (rice["note"], rice["purchased"]) == ("basmati", True), (line, rice)
        remote = phone.todos(direct)[uid]
        assert (prop(remote, "DESCRIPTION"), prop(remote, "STATUS")) == ("basmati", "COMPLETED"), remote
        assert k.sync()[0] == "Shopping: up to date"


def test_a_phone_change_between_kagos_read_and_its_delete_keeps_the_item(binary, server):
    # The same for a DELETE without If-Match (also caught by no test): kago removes an item, the
    # phone saves a change to it just before kago's DELETE reaches the server. Changed on one
    # side and deleted on the other, the item stays with the change (SPEC §9).
    def delete(req):
        return req.method == "DELETE"
    with a_phone_note_racing(binary, server, ("rm", "Rice"), delete) as (k, phone, direct, uid, line, if_match):
        remote = phone.todos(direct)
        assert uid in remote, "the phone's change was deleted (If-Match %r): %r" % (if_match, line)
        assert prop(remote[uid], "DESCRIPTION") == "basmati", remote[uid]
        assert k.item("Rice")["note"] == "basmati", (line, k.items())
        assert k.sync()[0] == "Shopping: up to date"
