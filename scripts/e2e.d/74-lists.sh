# Issue 12, several lists: the list's name before the tabs, [ ] between lists, the list last
# opened is where a relaunch and `kago add` go, and undo of a change in the other list.

test_brackets_switch_lists_and_the_last_opened_is_current() {
    run_kago add milk
    run_kago lists add Drugstore
    assert_eq "$RC" 0 "lists add ($ERR)"
    run_kago -l drug add soap
    write_config $'intro_seen = 2\n'
    start_kago
    wait_for "Shopping ▸ To buy 1"
    assert_has "[ ] milk"
    keys ]
    wait_for "Drugstore ▸ To buy 1"
    assert_has "[ ] soap"
    assert_not "[ ] milk"
    keys Space
    wait_for "Drugstore ▸ To buy 0"
    keys [
    wait_for "Shopping ▸ To buy 1"
    # Undo of the check made in the Drugstore list goes back there.
    keys u
    wait_for "Drugstore ▸ To buy 1"
    assert_has "[ ] soap"
    keys q
    wait_exit 0
    run_kago lists
    assert_eq "$OUT" $'  Shopping  1 to buy  0 purchased\n* Drugstore  1 to buy  0 purchased' "the list last opened is current"
    run_kago add shampoo
    run_kago list
    assert_eq "$OUT" $'2  [ ] soap\n3  [ ] shampoo' "kago add went to the list last opened"
    start_kago
    wait_for "Drugstore ▸ To buy 2"
    keys q
    wait_exit 0
}

test_one_list_shows_no_list_name() {
    run_kago add milk
    write_config $'intro_seen = 2\n'
    start_kago
    wait_for "To buy 1"
    assert_not "Shopping ▸"
    keys ]
    wait_for "Only one list"
    keys q
    wait_exit 0
}
