"""Two syncs of one list at once (SPEC §9 "never both push"): `kago sync` twice, and the TUI's
sync child beside `kago sync`, through a slow proxy so that they overlap. The second waits on
the sync lock; both exit 0; the server ends with each item once, and a further sync has nothing
to do."""
import collections
import shutil
import subprocess
import time
import uuid

from harness import Kago, Phone, prop, vtodo
from test_credentials import SlowProxy


def fresh_name():
    return "Shop " + uuid.uuid4().hex[:8]


def server_objects(server, url):
    """(href, UID, SUMMARY) of every object in the collection, by href (so a UID stored twice
    under two hrefs shows twice)."""
    out = []
    for t in Phone(server).calendar(url).todos(include_completed=True):
        t.load()
        out.append((str(t.url), prop(t.data, "UID"), prop(t.data, "SUMMARY")))
    return out


def assert_once_each(server, url, names):
    objects = server_objects(server, url)
    uids = collections.Counter(uid for _, uid, _ in objects)
    summaries = collections.Counter(s for _, _, s in objects)
    assert not [u for u, n in uids.items() if n > 1], "UIDs twice on the server: %r" % objects
    assert not [s for s, n in summaries.items() if n > 1], "items twice on the server: %r" % objects
    assert sorted(summaries) == sorted(names), (sorted(summaries), sorted(names))


def assert_once_locally(k, names):
    local = collections.Counter(i["name"] for i in k.items())
    assert sorted(local.elements()) == sorted(names), sorted(local.elements())


def words(prefix, count):
    """Item names with no number in them (a number at the end would be read as a quantity)."""
    return ["%s %s%s" % (prefix, chr(97 + n // 26), chr(97 + n % 26)) for n in range(count)]


def slow(server, delay):
    proxy = SlowProxy(server)
    proxy.delay = delay
    return proxy


def test_two_kago_syncs_at_once_push_once(binary, server):
    proxy = slow(server, 0.03)
    try:
        k = Kago(binary, proxy)
        names = words("Item", 40)
        for n in names:
            k.run("add", n)
        url = k.run("lists", "link", "Shopping", fresh_name())[0].strip().replace(proxy.url, server.url)
        # The phone adds one meanwhile: both syncs must bring it down once.
        Phone(server).put(url, vtodo("phone-" + uuid.uuid4().hex[:6], "SUMMARY:From the phone"))
        start = time.time()
        runs = [subprocess.Popen([binary, "sync"], env=k.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                for _ in range(2)]
        results = []
        for p in runs:
            out, err = p.communicate(timeout=150)
            results.append((p.returncode, out.decode().strip(), err.decode(), time.time() - start))
        for code, out, err, _ in results:
            assert code == 0, results
            assert "kago:" not in err, results
        lines = sorted(out for _, out, _, _ in results)
        # One pushed the 40 and fetched the phone's; the other, after waiting, had nothing to do.
        assert lines == ["Shopping: up to date", "Shopping: ↑40 ↓1"], results
        assert max(t for *_, t in results) > 1.0, "the syncs did not overlap: %r" % results
        assert_once_each(server, url, names + ["From the phone"])
        assert_once_locally(k, names + ["From the phone"])
        assert k.sync()[0] == "Shopping: up to date"
    finally:
        proxy.stop()


def test_many_syncs_at_once_with_changes_between(binary, server):
    """Four `kago sync` at once, again with local and phone changes made while they run."""
    proxy = slow(server, 0.01)
    try:
        k = Kago(binary, proxy)
        names = words("Thing", 15)
        for n in names:
            k.run("add", n)
        url = k.run("lists", "link", "Shopping", fresh_name())[0].strip().replace(proxy.url, server.url)
        phone = Phone(server)
        for round_ in range(3):
            runs = [subprocess.Popen([binary, "sync"], env=k.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                    for _ in range(4)]
            name = "Local " + "xyz"[round_]
            k.run("add", name)
            names.append(name)
            phone_name = "Phone " + "xyz"[round_]
            phone.put(url, vtodo("phone-%d-%s" % (round_, uuid.uuid4().hex[:6]), "SUMMARY:" + phone_name))
            names.append(phone_name)
            k.run("check", names[round_])
            ups = 0
            for p in runs:
                out, err = p.communicate(timeout=150)
                assert p.returncode == 0, (out, err)
                line = out.decode().strip()
                ups += sum(int(w[1:].rstrip(",")) for w in line.split() if w.startswith("↑"))
            # Nothing twice; what is still in flight may not be there yet.
            assert_once_each(server, url, _on_server(server, url, names))
            assert ups >= 1, "no sync pushed round %d's changes" % round_
        k.sync()
        assert k.sync()[0] == "Shopping: up to date"
        assert_once_each(server, url, names)
        assert_once_locally(k, names)
        done = {s for _, _, s in server_objects(server, url)}
        assert done == set(names)
    finally:
        proxy.stop()


def _on_server(server, url, names):
    """The names the server has now, each of which must be one of `names` (checked by the caller
    for duplicates); what is still in flight may not be there yet."""
    have = [s for _, _, s in server_objects(server, url)]
    assert set(have) <= set(names), (have, names)
    return have


def test_the_tuis_sync_child_and_kago_sync_at_once(binary, server):
    """The TUI opens a linked list (its sync child starts) while `kago sync` runs by hand."""
    if not shutil.which("tmux"):
        raise AssertionError("tmux is needed")
    proxy = slow(server, 0.03)
    session = "kago-conc-" + uuid.uuid4().hex[:6]
    tmux = ["tmux", "-L", session]

    def screen():
        return subprocess.run(tmux + ["capture-pane", "-p", "-t", session], capture_output=True, text=True).stdout

    try:
        k = Kago(binary, proxy, extra_config="sync.interval = 1\nintro_seen = 99\n")
        names = words("Goods", 25)
        for n in names:
            k.run("add", n)
        url = k.run("lists", "link", "Shopping", fresh_name())[0].strip().replace(proxy.url, server.url)
        env = " ".join("%s='%s'" % (n, k.env[n]) for n in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "LANG", "TZ"))
        by_hand = subprocess.Popen([binary, "sync"], env=k.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        subprocess.run(tmux + ["new-session", "-d", "-s", session, "-x", "80", "-y", "24", "env %s %s" % (env, binary)],
                       check=True)
        out, err = by_hand.communicate(timeout=150)
        assert by_hand.returncode == 0, (out, err)
        # Several TUI syncs (every second) after the one by hand, none of which may fail.
        time.sleep(4)
        shown = screen()
        assert "Goods aa" in shown, shown
        assert "⚠" not in shown, shown
        assert_once_each(server, url, names)
        assert_once_locally(k, names)
        subprocess.run(tmux + ["send-keys", "-t", session, "q"], check=True)
        assert k.sync()[0] == "Shopping: up to date"
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)
        proxy.stop()
