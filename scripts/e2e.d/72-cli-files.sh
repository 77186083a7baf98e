# Issue 10, the CLI and files: a database on a read-only mount is read (10.17), and `kago list`
# fits the terminal it prints to (10.14). The read-only directory case is in 70-never-lost.sh.

# A database on a read-only mount (root, whom permissions do not stop): the TUI opens it, says
# so, and refuses a change with its reason in full (the path is what gets shortened); the item
# is not shown as added, and the CLI reads the list.
test_readonly_mount_opens_the_list_read_only() {
    [[ $(id -u) == 0 ]] || skip "needs root to mount"
    run_kago add milk
    run_kago add bread
    assert_eq "$RC" 0 "add before the mount ($ERR)"
    local data="$T_DIR/data" before
    before=$(sha256sum < "$DB")
    mount --bind "$data" "$data" 2> /dev/null || skip "cannot bind-mount here"
    # shellcheck disable=SC2064  # the path is fixed now
    trap "umount -l '$data' 2>/dev/null" EXIT
    mount -o remount,ro,bind "$data" 2> /dev/null || skip "cannot remount read-only here"
    run_kago list
    assert_eq "$RC" 0 "list on a read-only mount ($ERR)"
    assert_eq "$OUT" $'1  [ ] milk\n2  [ ] bread' "the list"
    run_kago export --format csv
    assert_eq "$RC" 0 "export on a read-only mount ($ERR)"
    write_config $'intro_seen = 2\n'
    start_kago
    wait_for "To buy 2"
    assert_has "Read-only"
    keys a
    wait_for "Add:"
    type_text "eggs"
    keys Enter
    wait_for "Not saved: cannot write"
    assert_has "kago.sqlite3: the database is read-only for you"
    assert_has "To buy 2"
    assert_not "[ ] eggs"
    keys Escape q
    wait_exit 0
    assert_eq "$(ls -A "$data/kago")" "kago.sqlite3" "files beside the database"
    assert_eq "$(sha256sum < "$DB")" "$before" "the database"
}

# `kago list` in an 80-column pane: a 150-cell name and a 100-cell category are cut so the row
# does not wrap; piped, the same row is whole.
test_list_fits_the_terminal_width() {
    local long category
    long=$(printf 'long name %.0s' {1..15})
    long=${long% }
    category=$(printf 'c%.0s' {1..100})
    run_kago add "$long" x2 "#$category" @2026-12-24
    run_kago add milk
    assert_eq "$RC" 0 "add ($ERR)"
    start_kago list
    wait_exit 0
    local lines
    mapfile -t lines < <(screen)
    [[ ${lines[0]} == "1  [ ] long name l…  ×2  #ccccccccccccccccccccccccccccccccccccccc…  @2026-12-24" ]] \
        || fail "row 1: ${lines[0]}"
    assert_eq "${lines[1]}" "2  [ ] milk" "row 2 (right under row 1: nothing wrapped)"
    run_kago list
    assert_eq "$(head -1 <<< "$OUT")" "1  [ ] $long  ×2  #$category  @2026-12-24" "the piped row"
}
