# Storage that cannot be written (SPEC §7): a read-only data directory for a user who is not
# root, and a full disk (a tiny tmpfs). A clear one-line error, nothing half-written, nothing
# shown that was not saved, and the earlier data intact.

# as_user_nobody DIR ARGS...: runs the kago binary (copied into DIR) as the user nobody, with
# DIR/home as its home; sets RC, OUT and ERR.
as_user_nobody() {
    local dir=$1
    shift
    RC=0
    setpriv --reuid=nobody --regid=nogroup --clear-groups \
        env -i PATH="$E2E_PATH" HOME="$dir/home" LANG=C.UTF-8 "$dir/kago" "$@" \
        < /dev/null > "$dir/out" 2> "$dir/err" || RC=$?
    OUT=$(cat "$dir/out")
    ERR=$(cat "$dir/err")
}

# prepare_user_nobody DIR: a home for the user nobody in DIR and the binary beside it (the
# run's dirs are private to root; nobody must reach both).
prepare_user_nobody() {
    [[ $(id -u) == 0 ]] || skip "needs root to act as the user nobody"
    command -v setpriv > /dev/null || skip "no setpriv"
    mkdir -p "$1/home"
    chmod o+x "$E2E_ROOT" "$T_DIR"
    cp "$KAGO" "$1/kago"
    chown nobody:nogroup "$1/home"
    chmod 777 "$1"   # for out/err
}

test_readonly_data_dir_for_a_user() {
    local dir="$T_DIR/user"
    prepare_user_nobody "$dir"
    as_user_nobody "$dir" add milk
    assert_eq "$RC" 0 "add as nobody ($ERR)"
    local data="$dir/home/.local/share/kago" before
    chmod 500 "$data"
    before=$(sha256sum < "$data/kago.sqlite3")
    as_user_nobody "$dir" add eggs
    assert_eq "$RC" 1 "add into a read-only directory"
    [[ $ERR == "kago: cannot write $data/kago.sqlite3: "* ]] || fail "error: $ERR"
    assert_eq "$(wc -l <<< "$ERR")" 1 "lines of the error"
    assert_eq "$(sha256sum < "$data/kago.sqlite3")" "$before" "the database after the failed add"
    chmod 700 "$data"
    as_user_nobody "$dir" list
    assert_eq "$RC" 0 "list once writable again ($ERR)"
    assert_eq "$OUT" "1  [ ] milk" "the list"
}

test_full_disk_keeps_the_data() {
    [[ $(id -u) == 0 ]] || skip "needs root to mount a tmpfs"
    local disk="$T_DIR/disk"
    mkdir -p "$disk"
    mount -t tmpfs -o size=512k,mode=0755 tmpfs "$disk" 2> /dev/null || skip "cannot mount a tmpfs here"
    # shellcheck disable=SC2064  # the path is fixed now
    trap "umount -l '$disk' 2>/dev/null" EXIT
    run_kago XDG_DATA_HOME="$disk" -- add milk
    assert_eq "$RC" 0 "add before the disk is full ($ERR)"
    local db="$disk/kago/kago.sqlite3" before
    head -c 1M /dev/zero > "$disk/filler" 2> /dev/null || true   # fills the disk
    before=$(sha256sum < "$db")

    run_kago XDG_DATA_HOME="$disk" -- add eggs
    assert_eq "$RC" 1 "add on a full disk"
    [[ $ERR == "kago: cannot write $db: "* ]] || fail "error: $ERR"
    assert_eq "$(wc -l <<< "$ERR")" 1 "lines of the error (no advice to move the file away)"
    assert_eq "$(sha256sum < "$db")" "$before" "the database after the failed add"

    # The list says why it cannot open the data, rather than showing an empty list, and does
    # not advise moving a healthy file away.
    write_config $'intro_seen = 2\n'
    start_kago XDG_DATA_HOME="$disk"
    wait_exit 1
    assert_has "No space left on device"
    assert_not "move it aside"

    rm "$disk/filler"
    run_kago XDG_DATA_HOME="$disk" -- list
    assert_eq "$OUT" "1  [ ] milk" "the list once there is room again ($ERR)"
}
