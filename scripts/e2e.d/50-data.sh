# Files and data safety (SPEC §2, §7): config problems never stop kago, an unwritable config
# directory, file modes, XDG fallbacks, damaged or newer databases left untouched, kill -9.

test_config_problems_reported() {
    local cfg=$'intro_seen = 2\ntheme = purple\nfoo = bar\nsort = category\n'
    write_config "$cfg"
    start_kago
    wait_for "To buy 0"
    wait_for "theme = purple"                   # said once in the status bar
    assert_has "sort: category"                 # the good lines still apply
    add_item "Tea"
    wait_for "] Tea"
    keys q
    wait_exit 0
    assert_file_is "$CONFIG" "$cfg"
}

test_config_unwritable() {
    # XDG_CONFIG_HOME is a regular file: the config cannot be created, even by root.
    : > "$T_DIR/not-a-dir"
    start_kago XDG_CONFIG_HOME="$T_DIR/not-a-dir"
    wait_for "🛒 Add items"
    keys Right
    wait_for "○ ● ○"
    keys Escape
    wait_for "To buy 0"
    wait_for "Could not save"
    add_item "Tea"
    wait_for "] Tea"
    keys q
    wait_exit 0
    [[ -s $T_DIR/not-a-dir ]] && fail "kago wrote into the file standing in for XDG_CONFIG_HOME"
    return 0
}

test_file_modes_and_xdg_fallback() {
    # Relative and empty XDG variables are ignored: ~/.config and ~/.local/share are used.
    start_kago XDG_CONFIG_HOME=relative/config XDG_DATA_HOME=
    wait_for "🛒 Add items"
    keys Escape
    wait_for "To buy 0"
    add_item "Tea"
    wait_for "] Tea"
    keys q
    wait_exit 0
    local cfg="$T_HOME/.config/kago/config" db="$T_HOME/.local/share/kago/kago.sqlite3"
    assert_file_is "$cfg" $'intro_seen = 2\n'
    [[ -f $db ]] || fail "no database at $db"
    [[ -e $T_HOME/relative ]] && fail "a relative XDG_CONFIG_HOME was used"
    local mode
    mode=$(stat -c %a "$(dirname "$db")"); assert_eq "$mode" 700 "mode of the data directory"
    mode=$(stat -c %a "$(dirname "$cfg")"); assert_eq "$mode" 700 "mode of the config directory"
    mode=$(stat -c %a "$db"); assert_eq "$mode" 600 "mode of the database"
}

test_damaged_database_untouched() {
    mkdir -p "$(dirname "$DB")"
    local i
    for i in $(seq 1 200); do echo "this is not a kago database, line $i"; done > "$DB"
    cp "$DB" "$T_DIR/copy"
    write_config $'intro_seen = 2\n'
    start_kago
    wait_exit 1
    assert_has "kago: cannot read"
    cmp -s "$DB" "$T_DIR/copy" || fail "the damaged file was modified"
    [[ -e $DB-wal || -e $DB-journal ]] && fail "kago left a journal beside the damaged file"
    return 0
}

test_newer_database_untouched() {
    write_config $'intro_seen = 2\n'
    start_kago
    wait_for "To buy 0"
    add_item "Tea"
    wait_for "] Tea"
    keys q
    wait_exit 0
    python3 - "$DB" <<'PY' || fail "could not raise the schema version"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("PRAGMA user_version = 999")
db.commit()
db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
db.close()
PY
    cp "$DB" "$T_DIR/copy"
    start_kago
    wait_exit 1
    assert_has "newer kago"
    assert_has "999"
    cmp -s "$DB" "$T_DIR/copy" || fail "the newer database was modified"
}

test_kill9_loses_nothing() {
    write_config $'intro_seen = 2\n'
    start_kago
    wait_for "To buy 0"
    add_item "Tea #drinks"
    add_item "Rice 2kg"
    wait_for "To buy 2"
    keys g Space
    wait_for "Purchased 1"
    kill -9 "$(kago_pid)"
    wait_exit
    start_kago
    wait_for "To buy 1 │ Purchased 1 │ Categories 1"
    keys q
    wait_exit 0
}

test_escape_is_prompt() {
    # Esc answers within 50 ms (SPEC §6): compared with an ordinary key, so a slow machine does
    # not fail it; the margin catches ncurses' default one-second ESCDELAY.
    open_list
    local t k e
    keys /
    wait_for "/"
    t=$(now_ms); type_text "z"; wait_for "/z"; k=$(( $(now_ms) - t ))
    t=$(now_ms); keys Escape; wait_gone "/z"; e=$(( $(now_ms) - t ))
    (( e <= k + 300 )) || fail "Esc took ${e} ms to act, an ordinary key ${k} ms"
    keys q
    wait_exit 0
}

# A kago database with one damaged page in the middle: the list draws its first frame from
# what it could read, then its page scan finds the damage before any key can write.
test_damaged_page_untouched() {
    write_config $'intro_seen = 2\n'
    local i rows=""
    for i in $(seq 1 400); do rows+="{\"name\":\"item $i $(printf 'x%.0s' $(seq 1 60))\",\"category\":\"c$((i % 7))\"},"; done
    printf '[%s]' "${rows%,}" > "$T_DIR/items.json"
    run_kago import "$T_DIR/items.json"
    [[ $RC == 0 ]] || fail "import failed: $ERR"
    python3 - "$DB" <<'PY' || fail "could not damage the file"
import sys
path = sys.argv[1]
data = bytearray(open(path, "rb").read())
assert len(data) > 4096 * 8, len(data)
data[4096 * 5 + 64:4096 * 5 + 3000] = b"\x7f" * 2936
open(path, "wb").write(data)
PY
    cp "$DB" "$T_DIR/copy"
    start_kago
    wait_exit 1
    assert_has "malformed"
    cmp -s "$DB" "$T_DIR/copy" || fail "the damaged file was modified"
    return 0
}
