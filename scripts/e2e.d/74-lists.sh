# Issue 12, several lists: the list's name before the tabs, [ ] between lists, the list last
# opened is where a relaunch and `kago add` go, undo of a change in the other list, and the
# Lists overlay and move picker.

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

test_the_lists_overlay_adds_renames_moves_and_deletes_lists() {
    run_kago add milk '#dairy'
    run_kago add bread
    write_config $'intro_seen = 2\n'
    start_kago
    wait_for "To buy 2"
    # L, a, a Japanese name: the list is made, the overlay stays, the list on show does not change.
    keys L
    wait_for "Lists"
    keys a
    wait_for "New list:"
    type_text "ドラッグストア"
    keys Enter
    wait_for "Added list ドラッグストア"
    assert_has "ドラッグストア   0 to buy"
    keys Escape
    wait_for "Shopping ▸ To buy 2"
    # ] goes there; m moves the selected item (milk) into it through the picker.
    keys ]
    wait_for "ドラッグストア ▸ To buy 0"
    keys [
    wait_for "Shopping ▸ To buy 2"
    keys m
    wait_for "Move milk to"
    keys Enter
    wait_for "Moved milk to ドラッグストア"
    wait_for "Shopping ▸ To buy 1"
    run_kago -l ドラッグ list
    assert_eq "$OUT" "1  [ ] milk  #dairy" "milk moved with its category"
    # Rename the drugstore onto Shopping: y/n, then everything is on Shopping, and undo splits them again.
    keys L j r C-u
    type_text "shopping"
    keys Enter
    wait_for "Merge ドラッグストア into Shopping? y/n"
    keys y
    wait_for "Merged ドラッグストア into Shopping"
    wait_for "To buy 2"
    assert_not "ドラッグストア ▸"
    keys u
    wait_for "Undone: Merged"
    run_kago lists
    assert_eq "$OUT" $'* Shopping  1 to buy  0 purchased\n  ドラッグストア  1 to buy  0 purchased' "undo of the merge"
    # d on a list with items asks; y deletes it; u brings it back with its item.
    keys Escape L j d
    wait_for "with its items (1)? y/n"
    keys y
    wait_for "Deleted list ドラッグストア"
    keys u
    wait_for "Undone: Deleted list"
    keys Escape q
    wait_exit 0
    run_kago -l ドラッグ list
    assert_eq "$OUT" "1  [ ] milk  #dairy" "the list came back with its item"
}
