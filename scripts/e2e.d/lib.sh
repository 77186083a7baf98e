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

# click TEXT [DX]: a left click on the first cell of TEXT on the screen (plus DX cells), sent
# as the SGR (1006) mouse report a terminal writes; kago asks tmux for that encoding.
click() {
    local s y x
    s=$(screen)
    y=$(grep -nF -m1 -- "$1" <<< "$s" | cut -d: -f1)
    [[ -n $y ]] || fail "cannot click '$1': not on the screen"
    x=$(cell_of "$(sed -n "${y}p" <<< "$s")" "$1")
    click_at $((x + ${2:-0} + 1)) "$y"
}

# click_at X Y: a left press and release at 1-based column X, row Y.
click_at() { type_text $'\e[<0;'"$1;$2"'M'$'\e[<0;'"$1;$2"'m'; }

# cell_of LINE TEXT: the display column (0-based) where TEXT starts in LINE: East Asian wide
# characters and emoji take two cells (as in tmux), everything else one.
cell_of() {
    python3 -c 'import sys, unicodedata as u
line, text = sys.argv[1], sys.argv[2]
print(sum(2 if u.east_asian_width(c) in "WF" else 1 for c in line[:line.index(text)]))' "$1" "$2"
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
