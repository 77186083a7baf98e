# Issue 10.1 and 10.3 beyond 70-never-lost.sh: bracketed paste off after a crash signal, and
# Ctrl-C in the edit line (not only the add line) closing it unsaved.

# kago killed by SIGTERM turns bracketed paste off too (the signal guard's restore bytes): a paste
# into the shell's tty afterwards shows no ^[[200~ markers.
test_bracketed_paste_is_turned_off_on_sigterm() {
    open_list
    local pid
    pid=$(kago_pid)
    [[ -n $pid ]] || fail "cannot find kago's pid"
    kill -TERM "$pid"
    wait_exit
    paste_text "after-kago"
    wait_for "after-kago"
    assert_not "[200~"
}

# Ctrl-C in the edit line closes it like Esc: the edit is not saved, kago stays; a second quits.
test_ctrl_c_in_edit_line_keeps_kago_open() {
    open_list
    add_item "Milk"
    wait_for "To buy 1"
    keys e
    wait_for "Edit: Milk"
    keys C-u
    type_text "Oat milk"
    keys C-c
    wait_for "Ctrl-C again to quit"
    assert_not "Edit:"
    assert_row "Milk"
    assert_not "Oat milk"
    keys C-c
    wait_exit 0
}
