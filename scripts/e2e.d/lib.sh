# Helpers for scripts/e2e: drive the real kago binary in tmux on a private socket.
# Sourced by scripts/e2e, not executed. Every test runs in its own subshell, so `fail` may
# simply exit; the runner turns the status into ok / FAIL / skip / KNOWN-FAIL.
#
# Globals set by the runner: KAGO (absolute path of the binary), E2E_SOCK (tmux socket name),
# E2E_ROOT (temp dir of the run), TEST (the running test's name), T_DIR (its private dir).

E2E_PATH=/usr/local/bin:/usr/bin:/bin
E2E_TIMEOUT=${E2E_TIMEOUT:-10}

# tm ARGS...: tmux on the private socket, with a clean environment (the developer's TMUX,
# locale and config never leak in). UTF-8 so captures keep Japanese text and emoji.
tm() {
    env -i PATH="$E2E_PATH" HOME="$E2E_ROOT" LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color \
        tmux -L "$E2E_SOCK" -f /dev/null "$@"
}

# ---------------------------------------------------------------------------------------------
# The test's files: a fresh HOME, XDG_CONFIG_HOME and XDG_DATA_HOME for each test.

# new_env: called by the runner before each test.
new_env() {
    T_DIR="$E2E_ROOT/$TEST"
    mkdir -p "$T_DIR/home" "$T_DIR/config" "$T_DIR/data"
    T_HOME="$T_DIR/home"
    T_CONFIG_DIR="$T_DIR/config/kago"
    CONFIG="$T_CONFIG_DIR/config"
    DB="$T_DIR/data/kago/kago.sqlite3"
    LAUNCHES=0
    CUR=""
    # The environment kago gets (env -i + these). Override with VAR=value, drop with -VAR.
    T_ENV=(HOME="$T_HOME" XDG_CONFIG_HOME="$T_DIR/config" XDG_DATA_HOME="$T_DIR/data"
           LANG=C.UTF-8 TERM=xterm-256color PATH="$E2E_PATH")
}

# write_config TEXT: writes the config file exactly (printf %s: no newline is added).
write_config() {
    mkdir -p "$T_CONFIG_DIR"
    printf '%s' "$1" > "$CONFIG"
}

# env_with ASSIGNMENTS...: sets ENV_OUT to T_ENV with VAR=value overrides and -VAR removals.
env_with() {
    ENV_OUT=("${T_ENV[@]}")
    local a kv
    for a in "$@"; do
        local name=${a#-}
        name=${name%%=*}
        local kept=()
        for kv in "${ENV_OUT[@]}"; do [[ ${kv%%=*} == "$name" ]] || kept+=("$kv"); done
        ENV_OUT=("${kept[@]}")
        [[ $a == -* ]] || ENV_OUT+=("$a")
    done
}

# ---------------------------------------------------------------------------------------------
# Launching kago in a pane.

# start_kago [--as NAME] [--stty] [--stdin FILE] [--stdout FILE] [VAR=value | -VAR]... [--] [ARGS...]
# Opens a new 80×24 tmux session running kago with a clean environment; it becomes the current
# target (CUR). When kago ends the pane prints `EXIT=<status>` and stays open. --stty saves
# `stty -g` before and after kago into $T_DIR/<name>.stty-before / .stty-after.
start_kago() {
    local name="" stty=0 assigns=() redirect=""
    while [[ $# -gt 0 ]]; do
        case $1 in
            --as) name=$2; shift 2 ;;
            --stty) stty=1; shift ;;
            --stdin) redirect+=" < $(printf %q "$2")"; shift 2 ;;
            --stdout) redirect+=" > $(printf %q "$2")"; shift 2 ;;
            --) shift; break ;;
            -[A-Z]*|[A-Z]*=*) assigns+=("$1"); shift ;;
            *) break ;;
        esac
    done
    LAUNCHES=$((LAUNCHES + 1))
    [[ -n $name ]] || name="k$LAUNCHES"
    env_with "${assigns[@]}"
    local script="$T_DIR/$name.sh" q
    {
        echo "cd $(printf %q "$T_HOME")"
        [[ $stty == 1 ]] && echo "stty -g > $(printf %q "$T_DIR/$name.stty-before")"
        printf 'env -i'; for q in "${ENV_OUT[@]}"; do printf ' %q' "$q"; done
        printf ' %q' "$KAGO" "$@"; echo "$redirect"
        echo 'status=$?'
        [[ $stty == 1 ]] && echo "stty -g > $(printf %q "$T_DIR/$name.stty-after")"
        echo "echo \$status > $(printf %q "$T_DIR/$name.exit")"
        echo 'echo "EXIT=$status"'
        echo 'exec sleep 2147483647'
    } > "$script"
    rm -f "$T_DIR/$name.exit"
    CUR="${TEST}--$name"
    tm kill-session -t "=$CUR" 2>/dev/null || true
    tm new-session -d -s "$CUR" -x 80 -y 24 "/bin/sh $(printf %q "$script")" \
        || fail "could not start a tmux session for $name"
    CUR_NAME=$name
}

# use NAME: makes an earlier launch the current target.
use() { CUR="${TEST}--$1"; CUR_NAME=$1; }

# kago_pid: the pid of kago running in the current pane (the child of the pane's shell).
kago_pid() {
    local shell_pid
    shell_pid=$(tm display-message -p -t "$CUR" '#{pane_pid}')
    ps -o pid= --ppid "$shell_pid" | awk 'NR==1{print $1}'
}

# ---------------------------------------------------------------------------------------------
# Looking at the screen.

# screen [-e]: the current pane's text (trailing blanks trimmed by tmux).
screen() { tm capture-pane -p "$@" -t "$CUR"; }

# show_screen: prints the screen, framed, for failure reports.
show_screen() {
    local s
    s=$(screen 2>/dev/null) || { echo "    (no screen: the session is gone)"; return; }
    echo "    ┌─ screen of $CUR ($(tm display-message -p -t "$CUR" '#{pane_width}×#{pane_height}' 2>/dev/null))"
    while IFS= read -r line; do echo "    │$line"; done <<< "$s"
    echo "    └─"
}

# fail MESSAGE: reports and ends the test (it runs in a subshell).
fail() {
    echo "  $TEST: $1" >&2
    [[ -n $CUR ]] && show_screen >&2
    exit 1
}

# skip REASON: the test cannot run yet (a feature still missing); not a failure.
skip() {
    echo "  $TEST: skipped: $1" >&2
    exit 3
}

now_ms() { local t=${EPOCHREALTIME//[.,]/}; echo $((10#$t / 1000)); }
# to_ms SECONDS: "10" or "1.5" → milliseconds.
to_ms() {
    local int=${1%%.*} frac=000
    [[ $1 == *.* ]] && frac="${1#*.}000"
    echo $(( 10#${int:-0} * 1000 + 10#${frac:0:3} ))
}

# wait_for TEXT [TIMEOUT_SECONDS]: polls the screen every 50 ms until TEXT is on it.
wait_for() {
    local text=$1 timeout=${2:-$E2E_TIMEOUT} s
    local deadline=$(( $(now_ms) + $(to_ms "$timeout") ))
    while :; do
        s=$(screen 2>/dev/null) || fail "waiting for '$text': the tmux session ended"
        [[ $s == *"$text"* ]] && return 0
        (( $(now_ms) >= deadline )) && fail "timed out after ${timeout}s waiting for: $text"
        sleep 0.05
    done
}

# wait_gone TEXT [TIMEOUT_SECONDS]: polls until TEXT is no longer on the screen.
wait_gone() {
    local text=$1 timeout=${2:-$E2E_TIMEOUT} s deadline
    deadline=$(( $(now_ms) + $(to_ms "$timeout") ))
    while :; do
        s=$(screen 2>/dev/null) || fail "waiting for '$text' to go: the tmux session ended"
        [[ $s == *"$text"* ]] || return 0
        (( $(now_ms) >= deadline )) && fail "timed out after ${timeout}s waiting for this to go: $text"
        sleep 0.05
    done
}

# colour_sgrs: the SGR sequences on the current screen (capture-pane -e) that set a colour
# (30–38, 40–48, 90–97, 100–107; 39/49 "default colour" and attributes such as 7 are fine).
colour_sgrs() {
    screen -e | grep -aoE $'\e\\[[0-9;:]*m' | while IFS= read -r seq; do
        local params=${seq#$'\e['}
        params=${params%m}
        local p
        for p in ${params//[;:]/ }; do
            p=$((10#$p))
            if (( (p >= 30 && p <= 38) || (p >= 40 && p <= 48) || (p >= 90 && p <= 97) || (p >= 100 && p <= 107) )); then
                printf '%q\n' "$seq"
                break
            fi
        done
    done | sort -u
}

# assert_has TEXT / assert_not TEXT: the screen as it is now (after a wait_for).
assert_has() { [[ $(screen) == *"$1"* ]] || fail "expected on screen: $1"; }
assert_not() { [[ $(screen) != *"$1"* ]] || fail "not expected on screen: $1"; }

# line_with TEXT: the first screen line containing TEXT (empty if none).
line_with() { screen | grep -F -m1 -- "$1" || true; }

# ---------------------------------------------------------------------------------------------
# Typing.

# keys KEY...: tmux key names (Enter, Escape, Space, C-c, Right, NPage, BSpace, ...).
keys() { tm send-keys -t "$CUR" "$@"; }
# type_text TEXT: literal UTF-8 text.
type_text() { tm send-keys -t "$CUR" -l -- "$1"; }

# xterm_key Home|End: the key as xterm sends it in keypad mode (ESC O H / ESC O F), which is
# what the xterm-256color terminfo lists; tmux's own Home/End are ESC [1~ / ESC [4~.
xterm_key() {
    case $1 in
        Home) type_text $'\eOH' ;;
        End) type_text $'\eOF' ;;
        *) fail "xterm_key: no sequence for $1" ;;
    esac
}

# click TEXT [DX]: a left click on the first cell of TEXT on the screen (plus DX cells), sent
# as the SGR (1006) mouse report a terminal writes; kago asks tmux for that encoding.
click() {
    local s y x
    s=$(screen)
    y=$(grep -nF -m1 -- "$1" <<< "$s" | cut -d: -f1)
    [[ -n $y ]] || fail "cannot click '$1': not on the screen"
    x=$(cell_of "$(sed -n "${y}p" <<< "$s")" "$1")
    (( x >= 0 )) || fail "cannot click '$1': not found on line $y"
    click_at $((x + ${2:-0} + 1)) "$y"
}

# click_at X Y: a left press and release at 1-based column X, row Y.
click_at() { type_text $'\e[<0;'"$1;$2"'M'$'\e[<0;'"$1;$2"'m'; }

# tmux_columns TEXT N: the columns where tmux itself placed the first N matches of TEXT on the
# screen, top to bottom, one per line (its copy-mode cursor: the terminal's own geometry).
tmux_columns() {
    local i at
    tm copy-mode -t "$CUR"
    tm send-keys -t "$CUR" -X history-top
    for ((i = 0; i < $2; i++)); do
        tm send-keys -t "$CUR" -X search-forward "$1"
        at=$(tm display-message -p -t "$CUR" '#{copy_cursor_x}')
        echo "$at"
    done
    tm send-keys -t "$CUR" -X cancel
}

# cell_of LINE TEXT: the display column (0-based) where TEXT starts in LINE: East Asian wide
# characters and emoji take two cells (as tmux draws them), everything else one.
cell_of() {
    local LC_ALL=C.UTF-8
    local before=${1%%"$2"*} cells=0 i cp
    [[ $before != "$1" ]] || { echo -1; return; }
    for ((i = 0; i < ${#before}; i++)); do
        printf -v cp '%d' "'${before:i:1}"
        is_zero_width "$cp" && continue
        cells=$((cells + 1))
        is_wide "$cp" && cells=$((cells + 1))
    done
    echo "$cells"
}

# is_zero_width CODEPOINT: combining marks, zero-width joiners and spaces, variation selectors.
is_zero_width() {
    local c=$1
    (( (c >= 0x300 && c <= 0x36F) || (c >= 0x200B && c <= 0x200F) || (c >= 0x20D0 && c <= 0x20FF)
       || (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0x3099 && c <= 0x309A) || (c >= 0xE0100 && c <= 0xE01EF) ))
}

# is_wide CODEPOINT: East Asian Wide/Fullwidth or emoji presentation (the ranges kago's lists
# and tutorial use: CJK, kana, Hangul, fullwidth forms, the emoji blocks).
is_wide() {
    local c=$1
    (( c < 0x1100 )) && return 1
    (( (c >= 0x1100 && c <= 0x115F) || c == 0x231A || c == 0x231B || (c >= 0x23E9 && c <= 0x23EC)
       || c == 0x23F0 || c == 0x23F3 || (c >= 0x25FD && c <= 0x25FE) || (c >= 0x2614 && c <= 0x2615)
       || (c >= 0x2648 && c <= 0x2653) || c == 0x267F || c == 0x2693 || c == 0x26A1
       || (c >= 0x26AA && c <= 0x26AB) || (c >= 0x26BD && c <= 0x26BE) || (c >= 0x26C4 && c <= 0x26C5)
       || c == 0x26CE || c == 0x26D4 || c == 0x26EA || (c >= 0x26F2 && c <= 0x26F3) || c == 0x26F5
       || c == 0x26FA || c == 0x26FD || c == 0x2705 || (c >= 0x270A && c <= 0x270B) || c == 0x2728
       || c == 0x274C || c == 0x274E || (c >= 0x2753 && c <= 0x2755) || c == 0x2757
       || (c >= 0x2795 && c <= 0x2797) || c == 0x27B0 || c == 0x27BF || (c >= 0x2B1B && c <= 0x2B1C)
       || c == 0x2B50 || c == 0x2B55 || (c >= 0x2E80 && c <= 0x303E) || (c >= 0x3041 && c <= 0x33FF)
       || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF)
       || (c >= 0xA960 && c <= 0xA97F) || (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF)
       || (c >= 0xFE10 && c <= 0xFE19) || (c >= 0xFE30 && c <= 0xFE6F) || (c >= 0xFF00 && c <= 0xFF60)
       || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F320) || (c >= 0x1F32D && c <= 0x1F335)
       || (c >= 0x1F337 && c <= 0x1F37C) || (c >= 0x1F37E && c <= 0x1F393) || (c >= 0x1F3A0 && c <= 0x1F3CA)
       || (c >= 0x1F3CF && c <= 0x1F3D3) || (c >= 0x1F3E0 && c <= 0x1F3F0) || c == 0x1F3F4
       || (c >= 0x1F3F8 && c <= 0x1F43E) || c == 0x1F440 || (c >= 0x1F442 && c <= 0x1F4FC)
       || (c >= 0x1F4FF && c <= 0x1F53D) || (c >= 0x1F54B && c <= 0x1F54E) || (c >= 0x1F550 && c <= 0x1F567)
       || c == 0x1F57A || (c >= 0x1F595 && c <= 0x1F596) || c == 0x1F5A4 || (c >= 0x1F5FB && c <= 0x1F64F)
       || (c >= 0x1F680 && c <= 0x1F6C5) || c == 0x1F6CC || (c >= 0x1F6D0 && c <= 0x1F6D2)
       || (c >= 0x1F6D5 && c <= 0x1F6D7) || (c >= 0x1F6DC && c <= 0x1F6DF) || (c >= 0x1F6EB && c <= 0x1F6EC)
       || (c >= 0x1F6F4 && c <= 0x1F6FC) || (c >= 0x1F7E0 && c <= 0x1F7EB) || c == 0x1F7F0
       || (c >= 0x1F90C && c <= 0x1F93A) || (c >= 0x1F93C && c <= 0x1F945) || (c >= 0x1F947 && c <= 0x1F9FF)
       || (c >= 0x1FA70 && c <= 0x1FAFF) || (c >= 0x20000 && c <= 0x3FFFD) ))
}

# add_item TEXT: `a`, the text, Enter on the To buy screen; waits for the input line to close.
add_item() {
    keys a
    wait_for "Add:"
    type_text "$1"
    keys Enter
    wait_gone "Add: $1"
}

# ---------------------------------------------------------------------------------------------
# Process exit.

# wait_exit [STATUS]: waits for kago to end in the current pane; checks its status if given.
wait_exit() {
    wait_for "EXIT="
    local got
    got=$(cat "$T_DIR/$CUR_NAME.exit" 2>/dev/null) || fail "no exit status recorded"
    EXIT_STATUS=$got
    if [[ $# -gt 0 && $got != "$1" ]]; then fail "kago exited with $got, expected $1"; fi
    return 0
}

# run_kago [VAR=value | -VAR]... [--] ARGS...: runs kago outside tmux (stdin /dev/null,
# stdout and stderr to files); sets OUT, ERR and RC.
run_kago() {
    local assigns=()
    while [[ $# -gt 0 ]]; do
        case $1 in
            --) shift; break ;;
            -[A-Z]*|[A-Z]*=*) assigns+=("$1"); shift ;;
            *) break ;;
        esac
    done
    env_with "${assigns[@]}"
    RC=0
    ( cd "$T_HOME" && env -i "${ENV_OUT[@]}" "$KAGO" "$@" < /dev/null > "$T_DIR/out" 2> "$T_DIR/err" ) || RC=$?
    OUT=$(cat "$T_DIR/out")
    ERR=$(cat "$T_DIR/err")
}

# ---------------------------------------------------------------------------------------------
# Files.

# assert_file_is PATH EXPECTED: the file holds exactly these bytes.
assert_file_is() {
    local path=$1 expected=$2
    [[ -f $path ]] || fail "$path does not exist; expected:"$'\n'"$expected"
    if ! cmp -s "$path" <(printf '%s' "$expected"); then
        echo "  $TEST: $path differs from what was expected (diff expected actual):" >&2
        diff <(printf '%s' "$expected") "$path" | sed 's/^/    /' >&2
        echo "    bytes: $(od -c "$path" | head -20)" >&2
        exit 1
    fi
}

# assert_eq ACTUAL EXPECTED WHAT
assert_eq() {
    [[ $1 == "$2" ]] || fail "$3: got '$1', expected '$2'"
}
