# The help overlay at small and usual sizes, the tutorial replayed from it, and emoji sequences
# drawn as the CLI prints them (issue 10, items 8, 10 and 14).

# help_footer: the overlay's footer line (the screen's last row).
help_footer() { screen | tail -1; }

# At 80×12 PgDn after PgDn shows every line (undo and next screen among them), Ctrl-D pages
# the same way, G/End go to the last line and g/Home back to the first; at 80×24 every key
# shows on one page.
test_help_pages_by_what_shows() {
    write_config $'intro_seen = 2\n'
    start_kago
    wait_for "To buy 0"
    keys '?'
    wait_for "Esc close"
    [[ $(help_footer) != *"/"* ]] || fail "at 80×24 the help scrolls: $(help_footer)"
    local k
    for k in "Shift-Tab" "undo" "next, previous screen" "Ctrl-W" "delete the word before" "Home Ctrl-A" "End Ctrl-E"; do
        assert_has "$k"
    done
    tm resize-window -t "$CUR" -x 80 -y 12
    wait_for "1–9/"
    local total seen="" pages=0
    total=$(help_footer | sed -n 's/.*–[0-9]*\/\([0-9]*\)$/\1/p')
    [[ -n $total ]] || fail "no position in the footer: $(help_footer)"
    while :; do
        seen+=$(screen)$'\n'
        [[ $(help_footer) == *"–$total/$total" ]] && break
        pages=$((pages + 1))
        (( pages < 10 )) || fail "PgDn never reached the end"
        local before
        before=$(help_footer)
        keys NPage
        wait_gone "$before"
    done
    for k in "undo" "next, previous screen" "undo, redo" "← → Home Ctrl-A End Ctrl-E" "Ctrl-C"; do
        [[ $seen == *"$k"* ]] || fail "'$k' was never shown paging through the help"
    done
    keys g
    wait_for "1–9/$total"
    keys C-d
    wait_for "9–17/$total"
    keys End
    wait_for "–$total/$total"
    keys Home
    wait_for "1–9/$total"
    keys G
    wait_for "–$total/$total"
    assert_has "Esc close"
    keys Escape
    wait_for "To buy 0"
    keys q
    wait_exit 0
}

# q in a tutorial replayed from ? then t goes back to the screen the user was on, with its
# selection; kago keeps running (a first run's q quits: test_quit_midway_q).
test_replayed_tutorial_q_returns_to_the_list() {
    write_config $'intro_seen = 2\n'
    local n
    for n in apples bread cheese; do run_kago add "$n"; run_kago check "$n"; done
    start_kago
    wait_for "To buy 0"
    keys 2
    wait_for "[x] cheese"
    keys j
    local second
    second=$(screen | grep -F '[x]' | sed -n 2p | sed 's/.*\[x\] \([a-z]*\).*/\1/')
    [[ -n $second ]] || fail "no second purchased row"
    keys '?'
    wait_for "t tutorial"
    keys t
    wait_for "Add items"
    keys q
    wait_for "Purchased 3"
    wait_for "[x] cheese"
    assert_not "EXIT="
    assert_not "Add items"
    # The selection is where it was: Space unchecks the second row.
    keys Space
    wait_for "To buy 1"
    run_kago list
    [[ $OUT == *"[ ] $second"* ]] || fail "unchecked was not $second: $OUT"
    keys q
    wait_exit 0
}

# Each emoji sequence shows in the TUI exactly as `kago list` prints it, the columns to its
# right where tmux itself places them in one column, and a long name of ZWJ sequences at 40
# columns is cut between two sequences, never inside one.
test_emoji_rows_as_the_cli_prints_them() {
    write_config $'intro_seen = 2\nsort = added\n'
    local fam=$'\U1F468\u200D\U1F469\u200D\U1F467'
    local sequences=($'\U1F3F3\uFE0F\u200D\U1F308' $'\U1F3F3' "$fam" $'1\uFE0F\u20E3' $'\u2764\uFE0F'
                     $'e\u0301\u0324\u0308\u0301\u0302' $'\U1F1EF\U1F1F5' $'\U1F44D\U1F3FD') n
    for n in "${sequences[@]}"; do
        run_kago add "$n x2 #dairy"
        assert_eq "$RC" 0 "kago add $n"
    done
    run_kago list
    local cli=$OUT
    start_kago
    wait_for "To buy 8"
    local s line name
    s=$(screen)
    while IFS= read -r line; do
        name=${line#*"[ ] "}
        name=${name%%  *}
        [[ $s == *"[ ] $name "* ]] || fail "$(printf %q "$name") as kago list prints it is not on the screen"
    done <<< "$cli"
    local t cells
    for t in "×2" "dairy"; do
        cells=$(tmux_columns "$t" 8 | sort -u)
        [[ $(wc -l <<< "$cells") == 1 ]] || fail "the '$t' column is not aligned: $(echo $cells)"
    done
    run_kago add "$fam$fam$fam$fam$fam$fam$fam$fam$fam$fam$fam$fam$fam$fam$fam$fam$fam$fam$fam$fam"
    tm resize-window -t "$CUR" -x 40 -y 12
    wait_for "To buy 9"
    line=$(line_with "[ ] $fam$fam")
    [[ $line == *"…"* ]] || fail "the long name was not cut: $line"
    local rest=${line#*"[ ] "}
    while [[ $rest == "$fam"* ]]; do rest=${rest#"$fam"}; done
    [[ $rest == "…"* ]] || fail "the cut is inside a sequence: $(printf %q "$rest")"
    keys q
    wait_exit 0
}
