# Issue 16, Due again: milk bought three times a week apart is offered back the day it is due,
# at the end of To buy, and `+` adds it with its last quantity and category (undoable).

# iso_days_ago N: the moment N days ago (plus an hour, clear of midnight), ISO 8601 in UTC.
iso_days_ago() { date -u -d "@$(( $(date +%s) - $1 * 86400 + 3600 ))" +%Y-%m-%dT%H:%M:%SZ; }

test_a_due_staple_is_added_with_plus() {
    local f="$T_DIR/bought.json"
    printf '[{"name": "milk", "quantity": "2", "category": "dairy", "purchased_at": "%s"},\n' "$(iso_days_ago 21)" > "$f"
    printf ' {"name": "milk", "quantity": "2", "category": "dairy", "purchased_at": "%s"},\n' "$(iso_days_ago 14)" >> "$f"
    printf ' {"name": "milk", "quantity": "2", "category": "dairy", "purchased_at": "%s"}]\n' "$(iso_days_ago 7)" >> "$f"
    run_kago TZ=UTC import "$f"
    assert_eq "$RC" 0 "import ($ERR)"
    run_kago TZ=UTC add bread
    run_kago TZ=UTC suggest
    assert_eq "$OUT" "milk  every 7 days  last $(iso_days_ago 7 | cut -c1-10) (7 days ago)" "kago suggest"
    write_config $'intro_seen = 99\n'
    start_kago TZ=UTC
    wait_for "Due again"
    [[ $(line_with " +  milk") == *"×2  dairy"*"every 7 days · 7 days ago"* ]] || fail "the milk row: $(line_with " +  milk")"
    keys G
    wait_for "+ add  d hide"
    keys +
    wait_for "Added milk"
    wait_gone "Due again"
    [[ $(line_with "[ ] milk") == *"×2  dairy"* ]] || fail "milk added with its quantity and category: $(line_with "[ ] milk")"
    assert_has "To buy 2"
    keys u
    wait_for " +  milk"
    assert_has "To buy 1"
    keys G +
    wait_for "To buy 2"
    keys q
    wait_exit 0
    run_kago TZ=UTC list
    assert_eq "$OUT" $'4  [ ] bread\n6  [ ] milk   ×2  #dairy' "what was added is saved"
    run_kago TZ=UTC suggest
    assert_eq "$OUT" "" "milk is on the list: not suggested"
}
