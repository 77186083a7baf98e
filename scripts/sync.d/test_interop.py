"""Interop with what real clients write (issue 14 part 7): items made and changed through the
python caldav library's own calls (save_todo with keywords, complete(), uncomplete(): COMPLETED
and STATUS without PERCENT-COMPLETE), and files vdirsyncer uploads under hrefs unlike their UIDs
with what todoman writes (DUE as a UTC time, SEQUENCE, PRIORITY), round-trip through kago
without loops: a second sync with nothing to do changes nothing on either side. (todoman itself
is not installed: the files are written as it writes them.)"""
import uuid

from harness import Kago, Phone, prop, unfold


def fresh_name():
    return "Shop " + uuid.uuid4().hex[:8]


def etags(phone, url):
    """href → text of every object: what the server holds, to see that nothing changed."""
    out = {}
    for t in phone.calendar(url).todos(include_completed=True):
        t.load()
        out[str(t.url)] = t.data
    return out


def test_items_the_caldav_library_writes_round_trip_without_loops(binary, server):
    k = Kago(binary, server)
    k.run("add", "Made here")
    url = k.run("lists", "link", "Shopping", fresh_name())[0].strip()
    k.sync()
    phone = Phone(server)
    cal = phone.calendar(url)
    made = cal.save_todo(summary="Library item", description="written by python caldav", categories=["Pantry"])
    done = cal.save_todo(summary="Library done")
    done.complete()
    text = done.data if isinstance(done.data, str) else done.data.decode()
    assert prop(text, "COMPLETED") and prop(text, "PERCENT-COMPLETE") is None, text
    line = k.sync()[0]
    assert line == "Shopping: ↓2", line
    item = k.item("Library item")
    assert (item["note"], item["category"], item["purchased"]) == ("written by python caldav", "Pantry", False), item
    assert k.item("Library done")["purchased"] is True
    before = etags(phone, url)
    assert k.sync()[0] == "Shopping: up to date"
    assert etags(phone, url) == before, "a sync with nothing to do changed the server"
    # kago checks the library's item; the library unchecks kago's checked one and its own.
    k.run("check", "Library item")
    assert k.sync()[0] == "Shopping: ↑1"
    t = cal.todo_by_uid(prop(phone.by_summary(url, "Library item"), "UID"))
    assert prop(t.data, "STATUS") == "COMPLETED" and prop(t.data, "PERCENT-COMPLETE") == "100", t.data
    t.uncomplete()
    cal.todo_by_uid(prop(phone.by_summary(url, "Library done"), "UID")).uncomplete()
    made.load()
    line = k.sync()[0]
    assert line == "Shopping: ↓2", (line, k.items(), phone.todos(url))
    assert k.item("Library item")["purchased"] is False and k.item("Library done")["purchased"] is False
    before = etags(phone, url)
    assert k.sync()[0] == "Shopping: up to date"
    assert etags(phone, url) == before, "a sync with nothing to do changed the server"
    assert sorted(i["name"] for i in k.items()) == ["Library done", "Library item", "Made here"]


def _vdirsyncer(k, server, url):
    """A vdirsyncer pairing a filesystem directory with the collection; returns (run, local dir)."""
    import os
    import subprocess
    import sys
    base = os.path.join(k.home, "vdir")
    local = os.path.join(base, "local")
    os.makedirs(local)
    config = os.path.join(base, "config")
    auth = ('username = "%s"\npassword = "%s"\n' % (server.username, server.password)) if server.username else ""
    with open(config, "w") as f:
        f.write('[general]\nstatus_path = "%s/status/"\n\n[pair p]\na = "local"\nb = "remote"\ncollections = null\n'
                'conflict_resolution = "a wins"\n\n[storage local]\ntype = "filesystem"\npath = "%s/"\nfileext = ".ics"\n\n'
                '[storage remote]\ntype = "caldav"\nurl = "%s"\n%s' % (base, local, url, auth))
    exe = os.path.join(os.path.dirname(sys.executable), "vdirsyncer")

    def run(*args):
        p = subprocess.run([exe, "-c", config, *args], capture_output=True, text=True, input="y\n" * 5, timeout=120)
        assert p.returncode == 0, (args, p.stdout, p.stderr)
        return p.stdout + p.stderr
    run("discover")
    return run, local


def _files(local):
    import os
    return {n: open(os.path.join(local, n), "rb").read() for n in sorted(os.listdir(local))}


def test_items_vdirsyncer_writes_under_its_own_hrefs_round_trip_without_loops(binary, server):
    """vdirsyncer uploads files under its own names (hrefs unlike the UIDs), with what todoman
    writes: DUE as a UTC time, SEQUENCE, a CREATED; changes go both ways, and once settled
    neither kago nor vdirsyncer finds anything to do."""
    import os
    import shutil
    import sys
    if not os.path.exists(os.path.join(os.path.dirname(sys.executable), "vdirsyncer")) and not shutil.which("vdirsyncer"):
        raise AssertionError("vdirsyncer is needed (scripts/sync.d/requirements.txt)")
    k = Kago(binary, server)
    k.run("add", "Made here")
    url = k.run("lists", "link", "Shopping", fresh_name())[0].strip()
    k.sync()
    run, local = _vdirsyncer(k, server, url)
    run("sync")
    assert len(_files(local)) == 1
    todo = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//todoman//EN\r\nBEGIN:VTODO\r\nUID:todoman uid/1+é@example.com\r\n"
            "SUMMARY:Rice x2\r\nDUE:20261210T150000Z\r\nCREATED:20261201T090000Z\r\nDTSTAMP:20261201T090000Z\r\n"
            "LAST-MODIFIED:20261201T090000Z\r\nSEQUENCE:1\r\nPRIORITY:5\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    with open(os.path.join(local, "3f2a-some-other-name.ics"), "w", newline="") as f:
        f.write(todo)
    run("sync")
    hrefs = [str(t.url) for t in Phone(server).calendar(url).todos()]
    assert not any("todoman" in h for h in hrefs), "wanted an href unlike the UID: %r" % hrefs
    assert k.sync()[0] == "Shopping: ↓1"
    rice = k.item("Rice")
    # 15:00 UTC on the 10th is the 11th in Tokyo (the tests' TZ).
    assert (rice["quantity"], rice["date"]) == ("2", "2026-12-11"), rice
    assert k.sync()[0] == "Shopping: up to date"
    before = _files(local)
    run("sync")
    assert _files(local) == before, "vdirsyncer found something to do after kago's syncs"
    # Both ways: kago checks it, vdirsyncer brings that down; todoman-like edit goes up.
    k.run("check", "Rice")
    assert k.sync()[0] == "Shopping: ↑1"
    run("sync")
    text = _files(local)["3f2a-some-other-name.ics"].decode()
    assert prop(text, "STATUS") == "COMPLETED" and prop(text, "PRIORITY") == "5", text
    lines = unfold(text).split("\n")
    # kago keeps the other app's way of writing the quantity (x2, not ×2) and its PRIORITY.
    assert "SUMMARY:Rice x2" in lines, lines
    lines = ["SUMMARY:Brown rice x2" if l.startswith("SUMMARY:") else "SEQUENCE:9" if l.startswith("SEQUENCE:") else l
             for l in lines if l]
    edited = "\r\n".join(lines) + "\r\n"
    with open(os.path.join(local, "3f2a-some-other-name.ics"), "w", newline="") as f:
        f.write(edited)
    run("sync")
    line = k.sync()[0]
    assert line == "Shopping: ↓1", line
    assert sorted(i["name"] for i in k.items()) == ["Brown rice", "Made here"], k.items()
    assert k.sync()[0] == "Shopping: up to date"
    before = _files(local)
    run("sync")
    assert _files(local) == before
    assert k.sync()[0] == "Shopping: up to date"
    todos = Phone(server).todos(url)
    assert len(todos) == 2, todos


def test_an_item_moved_to_another_href_stays_one_item(binary, server):
    """Found missing by injecting "records found by href, not by UID" (issue 14): every test
    kept each object at one href, so nothing failed. Here another client takes kago's objects
    and stores them under names of its own (delete, then PUT the same text under a new href, as
    a client rebuilding its storage does) while one of them is changed in kago: the UID is the
    key (SPEC §9 "UIDs are stable"), so each stays one item, with its change, here and there."""
    k = Kago(binary, server)
    k.run("add", "Bread")
    k.run("add", "Eggs")
    url = k.run("lists", "link", "Shopping", fresh_name())[0].strip()
    k.sync()
    ids = {i["name"]: i["id"] for i in k.items()}
    phone = Phone(server)
    moved = {}
    for t in phone.calendar(url).todos(include_completed=True):
        t.load()
        text = t.data if isinstance(t.data, str) else t.data.decode()
        new = url + "moved-" + uuid.uuid4().hex[:8] + ".ics"
        phone.client.delete(str(t.url))
        response = phone.client.put(new, text, {"Content-Type": "text/calendar; charset=utf-8"})
        assert response.status in (201, 204), (response.status, new)
        moved[prop(text, "UID")] = new
    assert len(moved) == 2, moved
    k.run("check", "Bread")
    line = k.sync()[0]
    items = sorted((i["name"], i["purchased"]) for i in k.items())
    assert items == [("Bread", True), ("Eggs", False)], (line, items)
    assert {i["name"]: i["id"] for i in k.items()} == ids, "an item was made anew: %r → %r" % (ids, k.items())
    objects = [(str(t.url), t.data if isinstance(t.data, str) else t.data.decode())
               for t in phone.calendar(url).todos(include_completed=True)]
    uids = sorted(prop(text, "UID") for _, text in objects)
    assert uids == sorted(moved), ("each UID once on the server", objects)
    bread = next(text for _, text in objects if prop(text, "SUMMARY") == "Bread")
    assert prop(bread, "STATUS") == "COMPLETED", bread
    assert k.sync()[0] == "Shopping: up to date"
