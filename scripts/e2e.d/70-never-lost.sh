# Issue 10, "nothing the user did is ever lost": undo beside other processes, Ctrl-C in an
# input line, pastes, and exports aimed at the database.

# Undo and redo leave alone what another process changed since (SPEC §4).
test_undo_leaves_other_processes_changes() {
    open_list
    add_item "Apple"
    wait_for "To buy 1"
    keys Space
    wait_for "Purchased 1"
    run_kago rm Apple
    assert_eq "$RC" 0 "kago rm (stderr: $ERR)"
    wait_for "Purchased 0" 1.5
    keys u
    wait_for "Changed elsewhere since: not undone"
    run_kago list --all
    [[ $OUT != *Apple* ]] || fail "undo brought back an item deleted elsewhere: $OUT"
    # Add Pear here, check it from the shell: undoing the add must not drop the check.
    add_item "Pear"
    wait_for "To buy 1"
    run_kago check Pear
    assert_eq "$RC" 0 "kago check (stderr: $ERR)"
    wait_for "Purchased 1" 1.5
    keys u
    wait_for "Changed elsewhere since: not undone"
    run_kago list --purchased
    [[ $OUT == *"[x] Pear"* ]] || fail "the check made elsewhere was lost: $OUT"
    # Left: the add of Apple, whose item is gone too; then nothing.
    keys u u
    wait_for "Nothing to undo"
    keys q
    wait_exit 0
}

# Ctrl-C in the add line closes it and keeps kago; a second one quits (SPEC §4).
test_ctrl_c_in_input_line_keeps_kago_open() {
    open_list
    keys a
    wait_for "Add:"
    type_text "eggs x6"
    keys C-c
    wait_for "Ctrl-C again to quit"
    assert_not "Add:"
    assert_has "To buy 0"
    keys C-c
    wait_exit 0
}
