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

# paste TEXT: pastes TEXT into the pane as a terminal would (bracketed when kago asked for it).
paste_text() {
    tm set-buffer -b e2e -- "$1"
    tm paste-buffer -p -d -b e2e -t "$CUR"
}

# add_line_over_two: kago with Milk and Bread on To buy, the add line open.
add_line_over_two() {
    open_list
    add_item "Milk"
    add_item "Bread"
    wait_for "To buy 2"
    keys a
    wait_for "Add:"
}

# A multi-line paste adds one item per line and never runs as list keys (SPEC §4, Paste).
test_paste_of_lines_adds_items_not_keys() {
    add_line_over_two
    paste_text $'eggs\nddddd\nmore'
    wait_for "Added 3 items"
    wait_for "To buy 5"
    for name in Milk Bread eggs ddddd more; do assert_row "$name"; done
    assert_has "Add:"
    keys Escape
    wait_gone "Add:"
    keys u
    wait_for "To buy 2"
    assert_no_row "eggs"
    # Outside the input line a paste opens the add line with it.
    paste_text "ddd"
    wait_for "Add: ddd"
    assert_has "To buy 2"
    keys Escape
    keys q
    wait_exit 0
}

# Without bracketed paste (keys sent as typed, in one burst) the d's never delete.
test_burst_of_lines_in_the_add_line_is_a_paste() {
    add_line_over_two
    type_text $'eggs\rddddd\rmore'
    wait_for "Add: more"
    wait_for "To buy 4"
    for name in Milk Bread eggs ddddd; do assert_row "$name"; done
    keys Enter
    wait_for "To buy 5"
    keys Escape
    keys q
    wait_exit 0
}

# kago turns bracketed paste off again when it ends: a paste into the shell's tty afterwards
# (echoed in cooked mode) shows no ^[[200~ markers.
test_bracketed_paste_is_turned_off_on_quit() {
    open_list
    keys q
    wait_exit 0
    paste_text "after-kago"
    wait_for "after-kago"
    assert_not "[200~"
}

# An export aimed at the live database (also through a symlink) is refused, the list intact.
test_export_onto_the_database_is_refused() {
    open_list
    add_item "Milk"
    wait_for "To buy 1"
    local before
    before=$(sha256sum < "$DB")
    ln -s "$DB" "$T_DIR/link.json"
    for target in "$DB" "$T_DIR/link.json" "$DB-wal"; do
        run_kago export -o "$target"
        assert_eq "$RC" 2 "export -o $target"
        [[ $ERR == "kago: will not export onto the database"* ]] || fail "stderr was: $ERR"
    done
    assert_eq "$(sha256sum < "$DB")" "$before" "the database bytes"
    run_kago list
    [[ $OUT == *"[ ] Milk"* ]] || fail "kago list after the refused export: $OUT ($ERR)"
    add_item "Bread"
    wait_for "To buy 2"
    keys q
    wait_exit 0
}

# Purchased, opened after a dozen checks at 40×10, shows the newest selected; `kago list
# --purchased` lists same-second checks in the same order (SPEC §4: newest first).
test_purchased_opens_on_the_newest() {
    write_config $'intro_seen = 2\nsort = added\n'
    local i
    for i in 00 01 02 03 04 05 06 07 08 09 10 11; do run_kago add "item$i"; done
    start_kago
    tm resize-window -t "$CUR" -x 40 -y 10
    wait_for "To buy 12"
    keys 2 1
    for i in 00 01 02 03 04 05 06 07 08 09 10 11; do keys Space; done
    wait_for "Purchased 12"
    keys 2
    wait_for "[x] item11"
    [[ $(screen | sed -n 2p) == *"[x] item11"* ]] || fail "the newest is not at the top"
    keys Space
    wait_for "Purchased 11"
    run_kago list --all
    [[ $OUT == *"[ ] item11"* ]] || fail "the selection was not on item11: $OUT"
    run_kago list --purchased
    local first
    first=$(head -1 <<< "$OUT")
    [[ $first == *"[x] item10"* ]] || fail "kago list --purchased starts with: $first"
    keys q
    wait_exit 0
}

# A database its user may only read (here: a read-only data directory, as the user nobody)
# can still be listed, exported and looked at in the TUI, which says it is read-only.
test_readonly_database_can_be_read() {
    local dir="$T_DIR/user"
    prepare_user_nobody "$dir"
    as_user_nobody "$dir" add milk
    as_user_nobody "$dir" add bread
    local data="$dir/home/.local/share/kago" before
    chmod 500 "$data"
    before=$(sha256sum < "$data/kago.sqlite3")
    as_user_nobody "$dir" list
    assert_eq "$RC" 0 "list of a read-only database ($ERR)"
    assert_eq "$OUT" $'1  [ ] milk\n2  [ ] bread' "the list"
    as_user_nobody "$dir" export --format csv
    assert_eq "$RC" 0 "export of a read-only database ($ERR)"
    [[ $OUT == *"bread"* ]] || fail "export printed: $OUT"
    printf '#!/bin/sh\nexec setpriv --reuid=nobody --regid=nogroup --clear-groups %q "$@"\n' "$dir/kago" > "$dir/as-nobody"
    chmod 755 "$dir/as-nobody"
    mkdir -p "$dir/home/.config/kago"
    printf 'intro_seen = 2\n' > "$dir/home/.config/kago/config"
    chmod -R a+rX "$dir/home/.config"
    KAGO="$dir/as-nobody"
    start_kago HOME="$dir/home" XDG_DATA_HOME="$dir/home/.local/share" XDG_CONFIG_HOME="$dir/home/.config"
    wait_for "Read-only"
    assert_has "To buy 2"
    keys Space
    wait_for "Not saved"
    assert_has "To buy 2"
    keys q
    wait_exit 0
    assert_eq "$(sha256sum < "$data/kago.sqlite3")" "$before" "the database"
}

# Emoji sequences and stacked marks reach the terminal whole, and the columns after them stay
# where they belong as tmux itself places them (its copy-mode cursor; SPEC §6).
test_emoji_sequences_whole_and_aligned() {
    write_config $'intro_seen = 2\n'
    local sequences=($'\U1F3F3\uFE0F\u200D\U1F308' $'\U1F3F3' $'\U1F468\u200D\U1F469\u200D\U1F467' $'1\uFE0F\u20E3'
                     $'\u2764\uFE0F' $'e\u0301\u0324\u0308\u0301' $'\U1F1EF\U1F1F5' 'plain') n
    for n in "${sequences[@]}"; do
        run_kago add "$n x2"
        assert_eq "$RC" 0 "kago add $n"
    done
    start_kago
    wait_for "To buy 8"
    local s
    s=$(screen)
    for n in "${sequences[@]}"; do
        [[ $s == *"] $n"* ]] || fail "$(printf %q "$n") did not reach the terminal whole"
    done
    local columns
    columns=$(tmux_columns "×2" 8 | sort -u)
    [[ $(wc -l <<< "$columns") == 1 ]] || fail "quantities not in one column: $(echo $columns)"
    keys q
    wait_exit 0
}
