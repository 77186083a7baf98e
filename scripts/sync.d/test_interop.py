"""Interop with what real clients write (issue 14 part 7): items made and changed through the
python caldav library's own calls (save_todo with keywords, complete(), uncomplete(): COMPLETED
and STATUS without PERCENT-COMPLETE) round-trip through kago without loops: a second sync with
nothing to do changes nothing on either side."""
import uuid

from harness import Kago, Phone, prop


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
