# The mouse (SPEC §3, §4: clicks on buttons, dots, tabs and checkboxes), sent as the SGR mouse
# reports a terminal writes, and the command line beside the list (SPEC §1).

test_mouse_tutorial() {
    start_kago
    wait_for "🛒 Add items"
    click "Next ›"
    wait_for "○ ● ○"
    click "‹ Back"
    wait_for "● ○ ○"
    click "● ○ ○" 4                         # the third dot
    wait_for "○ ○ ●"
    wait_for "📅 Sort by date and category"
    click "○ ○ ●" 2                         # the second dot
    wait_for "○ ● ○"
    # A click on a practice row's checkbox checks it, as on To buy (once the page has stopped
    # sliding: page 2's try-it line is centred only then).
    wait_for "                      Try it: press Space or x on an item"
    click "[ ] bread" 1
    wait_for "Purchased 1"
    wait_for "✓ Done"
    click "Skip"
    wait_for "press a to add your first item"
    assert_file_is "$CONFIG" $'intro_seen = 2\n'
    keys q
    wait_exit 0
    # Start by click.
    start_kago -- --intro
    wait_for "🛒 Add items"
    click "● ○ ○ ○" 6                       # the fourth dot
    wait_for "Start"
    click "Start"
    wait_for "press a to add your first item"
    keys q
    wait_exit 0
}

test_mouse_list() {
    seed_three
    click "Purchased"                       # the tab
    wait_for "Nothing purchased yet"
    click "To buy"
    wait_for "] 牛乳"
    click "牛乳"                            # selects the row
    keys Space
    wait_for "To buy 2 │ Purchased 1"
    assert_no_row "牛乳"
    click "[ ] Bread"                       # the checkbox toggles
    wait_for "To buy 1 │ Purchased 2"
    assert_no_row "Bread"
    click "Categories"
    wait_for "Uncategorised"
    keys q
    wait_exit 0
}

test_mouse_off() {
    write_config $'intro_seen = 2\nmouse = off\n'
    start_kago
    wait_for "To buy 0"
    local flags
    flags=$(tm display-message -p -t "$CUR" '#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_all_flag}')
    [[ $flags == 0000 ]] || fail "mouse = off, yet kago asked for mouse reports (tmux flags $flags)"
    add_item "Rice"
    wait_for "] Rice"
    keys q
    wait_exit 0
}

test_cli_basics() {
    run_kago --version
    assert_eq "$RC" 0 "kago --version exit status"
    [[ $OUT == "kago "[0-9]* ]] || fail "kago --version printed: $OUT"
    run_kago --help
    assert_eq "$RC" 0 "kago --help exit status"
    [[ $OUT == *"--reset-intro"* ]] || fail "kago --help lacks --reset-intro: $OUT"
    run_kago paths
    assert_eq "$RC" 0 "kago paths exit status"
    [[ $OUT == *"$CONFIG"* && $OUT == *"$DB"* ]] || fail "kago paths does not use this test's XDG dirs: $OUT"
    run_kago --no-such-flag
    assert_eq "$RC" 2 "kago --no-such-flag exit status"
    [[ $ERR == "kago: "* ]] || fail "stderr was: $ERR"
    run_kago frobnicate
    assert_eq "$RC" 2 "kago frobnicate exit status"
    [[ $ERR == "kago: "* ]] || fail "stderr was: $ERR"
}
