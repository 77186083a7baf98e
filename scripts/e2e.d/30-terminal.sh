# The terminal contract: colours (NO_COLOR, theme = mono), refusing non-terminals and
# TERM=dumb, an unknown TERM, and restoring the terminal after quitting or a signal (SPEC §1, §6).

# colourful_screens: the tutorial and a list with an overdue, a today and a categorised item;
# runs CHECK after each screen is drawn.
colourful_screens() {
    local check=$1
    shift
    start_kago "$@"
    wait_for "🛒 Add items"
    $check "the tutorial"
    keys Escape
    wait_for "To buy 0"
    add_item "Old milk x2 #dairy @2020-01-02"
    add_item "Bread #bakery @today"
    wait_for "To buy 2"
    wait_for "Overdue"
    $check "the list"
    keys '?'
    wait_for "Keys"
    $check "the help overlay"
    keys Escape
    keys q
    wait_exit 0
}

expect_no_colour() {
    local found
    found=$(colour_sgrs)
    [[ -z $found ]] || fail "colour codes on $1: $(echo $found)"
    # Without colour, reverse video still marks the active tab and the selected row.
    if [[ $1 == "the list" ]]; then
        screen -e | grep -aqE $'\e\\[([0-9]+;)*7(;[0-9]+)*m' || fail "no reverse video on $1 without colours"
    fi
}

expect_colour() {
    local found
    found=$(colour_sgrs)
    [[ -n $found ]] || fail "no colour codes on $1 with the default theme (is the check broken?)"
}

test_no_color() {
    colourful_screens expect_no_colour NO_COLOR=1
}

test_theme_mono() {
    write_config $'theme = mono\n'
    colourful_screens expect_no_colour
}

test_default_theme_has_colour() {
    # The control for the two tests above: the same screens do show colours by default.
    colourful_screens expect_colour
}

test_not_a_terminal() {
    # Neither stdin nor stdout a terminal.
    run_kago
    assert_eq "$RC" 1 "kago < /dev/null > file: exit status"
    [[ $ERR == "kago: "*"needs a terminal"* ]] || fail "stderr was: $ERR"
    [[ $ERR == *"kago list"* ]] || fail "no hint to use 'kago list': $ERR"
    [[ -z $OUT ]] || fail "stdout was not empty: $OUT"
    # stdin not a terminal, stdout a terminal (in tmux).
    start_kago --as stdin_null --stdin /dev/null
    wait_exit 1
    assert_has "needs a terminal"
    # stdout not a terminal, stdin a terminal.
    start_kago --as stdout_file --stdout "$T_DIR/stdout"
    wait_exit 1
    assert_has "needs a terminal"
    [[ -s $T_DIR/stdout ]] && fail "kago wrote to a non-terminal stdout: $(od -c "$T_DIR/stdout" | head -3)"
    # TERM unset.
    start_kago --as noterm -TERM
    wait_exit 1
    assert_has "needs a terminal"
    # And nothing was created.
    [[ -e $CONFIG ]] && fail "a refused start wrote the config"
    return 0
}

test_term_dumb() {
    start_kago TERM=dumb
    wait_exit 1
    assert_has "needs a terminal"
}

test_term_unknown() {
    start_kago TERM=foo-unknown
    wait_for "🛒 Add items"
    keys Right
    wait_for "○ ● ○"
    keys Escape
    wait_for "To buy 0"
    add_item "Tea #drinks"
    wait_for "] Tea"
    keys q
    wait_exit 0
}

# expect_terminal_restored: after kago ended in the current pane, the tty modes are those from
# before, the normal screen is back, the cursor shows, no mouse reporting is left on.
expect_terminal_restored() {
    local before after
    before=$(cat "$T_DIR/$CUR_NAME.stty-before")
    after=$(cat "$T_DIR/$CUR_NAME.stty-after")
    [[ -n $before && $before == "$after" ]] || fail "stty -g differs: before $before, after $after"
    local flags
    flags=$(tm display-message -p -t "$CUR" 'alternate=#{alternate_on} cursor=#{cursor_flag} mouse=#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_sgr_flag}')
    [[ $flags == "alternate=0 cursor=1 mouse=0000" ]] || fail "terminal modes left behind: $flags"
}

test_quit_restores_terminal() {
    write_config $'intro_seen = 2\n'
    start_kago --stty
    wait_for "To buy 0"
    keys q
    wait_exit 0
    expect_terminal_restored
}

# signal_restores SIGNAL: kago killed by SIGNAL on the list and in the input line.
signal_restores() {
    local sig=$1 pid
    write_config $'intro_seen = 2\n'
    start_kago --stty --as list
    wait_for "To buy 0"
    pid=$(kago_pid)
    [[ -n $pid ]] || fail "cannot find kago's pid"
    kill "-$sig" "$pid"
    wait_exit
    expect_terminal_restored
    # Mid-edit (cursor shown) and during the tutorial too.
    start_kago --stty --as input
    wait_for "To buy 0"
    keys a
    wait_for "Add:"
    type_text "half typed"
    pid=$(kago_pid)
    kill "-$sig" "$pid"
    wait_exit
    expect_terminal_restored
    start_kago --stty --as intro -- --intro
    wait_for "🛒 Add items"
    pid=$(kago_pid)
    kill "-$sig" "$pid"
    wait_exit
    expect_terminal_restored
    assert_file_is "$CONFIG" $'intro_seen = 2\n'
}

test_sigterm_restores_terminal() { signal_restores TERM; }
test_sighup_restores_terminal() { signal_restores HUP; }
