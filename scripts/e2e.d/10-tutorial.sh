# The tutorial on first run (SPEC §3): four pages, each a live practice list on which the
# page's key really works; the intro flag in the config (SPEC §2), what's new for a user of
# the three-page tutorial, --intro, --reset-intro, Japanese, and a resize through the too-small
# screen.

DOTS1="● ○ ○ ○" DOTS2="○ ● ○ ○" DOTS3="○ ○ ● ○" DOTS4="○ ○ ○ ●"
PAGE1_EN="🛒 Add items" PAGE2_EN="✅ Check them off" PAGE3_EN="📅 Sort by date and category"
PAGE4_EN="A list for every shop"
DONE_EN="✓ Done. → for the next page"
EMPTY_HINT="press a to add your first item"

# expect_page1: the first tutorial page in English, as a new user sees it.
expect_page1() {
    wait_for "$PAGE1_EN"
    wait_for "$DOTS1"
    assert_has "Add what you need to your shopping list."
    assert_has "Try it: press a, type milk x2, then Enter"
    assert_has "[ ] bread"
    assert_has "[ ] eggs"
    assert_has "Skip"
    assert_has "Next ›"
    assert_not "‹ Back"
}

# expect_nothing_saved: the practice list never reached the database.
expect_nothing_saved() {
    run_kago list --all
    assert_eq "$RC" 0 "kago list --all"
    assert_eq "$OUT" "" "the database after the tutorial"
    run_kago lists
    [[ $OUT == "* Shopping  0 to buy  0 purchased" ]] || fail "lists after the tutorial: $OUT"
}

test_first_run() {
    start_kago
    expect_page1
    # Page 1: a, type, Enter adds to the practice list.
    keys a
    wait_for "Add:"
    type_text "milk x2"
    keys Enter
    wait_for "$DONE_EN"
    wait_for "milk"
    assert_has "×2"
    keys Right
    wait_for "$DOTS2"
    wait_for "$PAGE2_EN"
    wait_for "Try it: press Space or x"
    assert_has "‹ Back"
    keys x
    wait_for "$DONE_EN"
    wait_for "Purchased 1"
    keys Enter                      # Enter is Next before the last page
    wait_for "$DOTS3"
    wait_for "$PAGE3_EN"
    keys s
    wait_for "$DONE_EN"
    wait_for "Sorted by category"
    keys Right
    wait_for "$DOTS4"
    wait_for "$PAGE4_EN"
    wait_for "Start"
    assert_not "Next ›"
    assert_has "Shopping ▸"
    keys ']'
    wait_for "Drugstore ▸"
    wait_for "✓ Done. Enter to start"
    keys Enter                      # Start
    wait_for "$EMPTY_HINT"
    wait_for "To buy 0"
    assert_not "Skip"
    assert_file_is "$CONFIG" $'intro_seen = 2\n'
    keys q
    wait_exit 0
    expect_nothing_saved
    # The second launch goes straight to the list.
    start_kago
    wait_for "$EMPTY_HINT"
    assert_not "$PAGE1_EN"
    assert_not "Skip"
    keys q
    wait_exit 0
    assert_file_is "$CONFIG" $'intro_seen = 2\n'
}

# Everything a page teaches can be undone and redone, deleted and edited on the practice list,
# and none of it is saved.
test_practice_list_works_like_to_buy() {
    start_kago
    expect_page1
    keys j d
    wait_gone "[ ] eggs"
    keys u
    wait_for "[ ] eggs"
    keys C-r
    wait_gone "[ ] eggs"
    keys u
    wait_for "[ ] eggs"
    keys e
    wait_for "Edit:"
    keys End
    type_text " x6"
    keys Enter
    wait_for "×6"
    # Tab completes a name the practice list knows.
    keys a
    wait_for "Add:"
    type_text "bre"
    keys Tab
    wait_for "Add: bread"
    keys Escape
    wait_gone "Add:"
    assert_has "$PAGE1_EN"
    keys Escape                     # Esc with the line closed: Skip
    wait_for "$EMPTY_HINT"
    keys q
    wait_exit 0
    expect_nothing_saved
}

# With the input line open, Enter, Esc, q and the arrows are the line's (SPEC §3).
test_the_input_line_owns_its_keys() {
    start_kago
    expect_page1
    keys a
    wait_for "Add:"
    type_text "qj"
    keys Left Left
    type_text "x"
    keys Right Right
    wait_for "Add: xqj"
    assert_has "$DOTS1"
    keys Escape
    wait_gone "Add:"
    assert_has "$DOTS1"
    assert_not "xqj"
    keys q
    wait_exit 0
    [[ -e $CONFIG ]] && fail "quitting the tutorial wrote the config: $(cat "$CONFIG")"
    return 0
}

# A user of the three-page tutorial (intro_seen = 1) sees page 4 alone, once, labelled.
test_whats_new_for_a_returning_user() {
    write_config $'theme = mono\nintro_seen = 1\n'
    run_kago add "apples"
    start_kago
    wait_for "New in kago"
    wait_for "$PAGE4_EN"
    assert_not "$PAGE1_EN"
    assert_has "Start"
    assert_not "○"
    keys ']'
    wait_for "Drugstore ▸"
    wait_for "✓ Done. Enter to start"
    keys Enter
    wait_for "To buy 1"
    wait_for "apples"
    assert_file_is "$CONFIG" $'theme = mono\nintro_seen = 2\n'
    keys q
    wait_exit 0
    start_kago
    wait_for "To buy 1"
    assert_not "New in kago"
    keys q
    wait_exit 0
}

test_tutorial_keys() {
    start_kago
    expect_page1
    # Each "next" key from page 1 to 2, each "back" key from page 2 to 1 (SPEC §3 table).
    local fwd=(Right l NPage) back=(Left h PPage) k
    for k in "${fwd[@]}"; do
        keys "$k"
        wait_for "$DOTS2"
        keys Left
        wait_for "$DOTS1"
    done
    for k in "${back[@]}"; do
        keys Right
        wait_for "$DOTS2"
        keys "$k"
        wait_for "$DOTS1"
    done
    # Back on page 1 stays on page 1; next on the last page stays there (does not start).
    keys Left
    keys Right
    wait_for "$DOTS2"
    keys Right
    wait_for "$DOTS3"
    keys Right
    wait_for "$DOTS4"
    keys Right
    keys h
    wait_for "$DOTS3"
    wait_for "$PAGE3_EN"
    # ? lists the tutorial's keys and the practice list's.
    keys '?'
    wait_for "Practice list"
    assert_has "next page"
    keys Escape
    wait_for "$PAGE3_EN"
    [[ -f $CONFIG ]] && fail "the config was written before Start or Skip"
    keys q
    wait_exit 0
}

# A config with comments, blank lines, an unknown key and a preference.
HAND_CONFIG=$'# kago settings, written by hand\n\ntheme = mono\n   # an indented comment\nfavourite_colour = teal\nsort = category\n'

test_s_sorts_the_practice_list_and_esc_keeps_config() {
    write_config "$HAND_CONFIG"
    start_kago
    wait_for "$PAGE1_EN"
    keys Right
    wait_for "$DOTS2"
    keys s                          # s sorts the practice list: it no longer skips
    wait_for "Sorted by"
    assert_has "$DOTS2"
    keys Escape
    wait_for "To buy 0"
    wait_for "$EMPTY_HINT"
    assert_file_is "$CONFIG" "${HAND_CONFIG}intro_seen = 2"$'\n'
    keys q
    wait_exit 0
}

test_skip_esc_keeps_config() {
    # intro_seen already there (0): that one line is rewritten in place.
    local before=$'# mine\nlanguage = en\nintro_seen = 0\n\n# unknown keys stay\nshopping_day = saturday\ntheme = mono\n'
    write_config "$before"
    start_kago
    wait_for "$PAGE1_EN"
    keys Escape
    wait_for "To buy 0"
    wait_for "$EMPTY_HINT"
    assert_file_is "$CONFIG" "${before/intro_seen = 0/intro_seen = 2}"
    keys q
    wait_exit 0
    start_kago
    wait_for "$EMPTY_HINT"
    assert_not "$PAGE1_EN"
    keys q
    wait_exit 0
}

test_quit_midway_q() {
    start_kago
    wait_for "$PAGE1_EN"
    keys Right
    wait_for "$DOTS2"
    keys q
    wait_exit 0
    [[ -e $CONFIG ]] && fail "quitting the tutorial wrote the config: $(cat "$CONFIG")"
    start_kago
    expect_page1
    keys q
    wait_exit 0
}

test_quit_midway_ctrl_c() {
    write_config $'theme = mono\n'
    start_kago
    wait_for "$PAGE1_EN"
    keys Right
    wait_for "$DOTS2"
    keys C-c
    wait_exit 0
    assert_file_is "$CONFIG" $'theme = mono\n'
    start_kago
    expect_page1
    keys C-c
    wait_exit 0
    assert_file_is "$CONFIG" $'theme = mono\n'
}

test_intro_flag() {
    write_config $'intro_seen = 2\n'
    start_kago -- --intro
    expect_page1
    keys Escape
    wait_for "$EMPTY_HINT"
    keys q
    wait_exit 0
    assert_file_is "$CONFIG" $'intro_seen = 2\n'
}

test_reset_intro() {
    local before=$'# keep me\nintro_seen = 2\ntheme = mono\n'
    write_config "$before"
    start_kago
    wait_for "$EMPTY_HINT"
    keys q
    wait_exit 0
    run_kago --reset-intro
    assert_eq "$RC" 0 "kago --reset-intro exit status"
    assert_eq "$OUT" "$CONFIG" "kago --reset-intro output"
    grep -q '^intro_seen = 2' "$CONFIG" && fail "--reset-intro left intro_seen = 2 in the config"
    grep -qx '# keep me' "$CONFIG" && grep -qx 'theme = mono' "$CONFIG" \
        || fail "--reset-intro lost other config lines: $(cat "$CONFIG")"
    start_kago
    expect_page1
    keys Escape
    wait_for "$EMPTY_HINT"
    keys q
    wait_exit 0
    assert_file_is "$CONFIG" "$before"
    # Without a config file: still prints the path, exits 0.
    rm -f "$CONFIG"
    run_kago --reset-intro
    assert_eq "$RC" 0 "kago --reset-intro (no config) exit status"
    assert_eq "$OUT" "$CONFIG" "kago --reset-intro (no config) output"
}

# expect_japanese: the pages, their practice list and the list in Japanese.
expect_japanese() {
    wait_for "🛒 アイテムを追加しよう"
    assert_has "買い物リストにアイテムを追加できます。"
    assert_has "やってみよう：a を押して「牛乳 x2」と入力し、Enter"
    assert_has "[ ] パン"
    assert_has "スキップ"
    assert_has "次へ"
    keys a
    wait_for "追加:"
    type_text "牛乳 x2"
    keys Enter
    wait_for "✓ できました。→ で次へ"
    wait_for "[ ] 牛乳"
    keys Right
    wait_for "$DOTS2"
    wait_for "✅ チェックで管理"
    assert_has "戻る"
    keys Right Right
    wait_for "はじめる"
    wait_for "お店ごとにリスト"
    keys ']'
    wait_for "ドラッグストア ▸"
    keys Enter
    wait_for "買うもの 0"
    assert_has "購入済み 0"
    assert_has "カテゴリ 0"
    keys q
    wait_exit 0
}

test_japanese_lang() {
    # ja_JP.UTF-8 is not installed here: kago still draws Japanese (C.UTF-8 fallback).
    start_kago LANG=ja_JP.UTF-8
    expect_japanese
}

test_japanese_config() {
    write_config $'language = ja\n'
    start_kago
    expect_japanese
    assert_file_is "$CONFIG" $'language = ja\nintro_seen = 2\n'
}

test_too_small_resize() {
    start_kago
    wait_for "$PAGE1_EN"
    keys Right
    wait_for "$DOTS2"
    keys a
    wait_for "Add:"
    type_text "half"
    tm resize-window -t "$CUR" -x 20 -y 5
    wait_for "too small"
    assert_not "$DOTS2"
    tm resize-window -t "$CUR" -x 40 -y 12
    wait_for "Add: half"
    tm resize-window -t "$CUR" -x 80 -y 24
    wait_for "$DOTS2"
    wait_for "$PAGE2_EN"
    wait_for "Add: half"
    # The tutorial still works after the resize.
    keys Escape
    wait_gone "Add: half"
    keys Right Right
    wait_for "$DOTS4"
    keys Enter
    wait_for "$EMPTY_HINT"
    # And on the list: the too-small screen and back.
    tm resize-window -t "$CUR" -x 29 -y 24
    wait_for "too small"
    tm resize-window -t "$CUR" -x 80 -y 7
    wait_for "too small"
    tm resize-window -t "$CUR" -x 80 -y 24
    wait_for "$EMPTY_HINT"
    keys q
    wait_exit 0
}
