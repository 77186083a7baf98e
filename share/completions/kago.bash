# bash completion for kago: commands, options, item names for check/uncheck/rm/move, and list
# names after -l, --list and --to and for lists use|rm|rename.
# Installed as share/bash-completion/completions/kago.

# Prints one item name per line, cut from `kago list` output ("ID  [ ] NAME  QTY  #CAT  @DATE";
# a name ends at the first double space, so a name holding two spaces in a row is cut short).
_kago_item_names() {
    command kago list "$@" 2>/dev/null | sed -n 's/^[0-9][0-9]* *\[.\] //p' | sed 's/  .*//'
}

# Prints one list name per line, cut from `kago lists` output ("* NAME  N to buy  M purchased",
# then "  ⇅ URL" for a linked list).
_kago_list_names() {
    command kago lists 2>/dev/null | sed 's/^..//; s/  ⇅ .*$//; s/  [0-9][0-9]* to buy  [0-9][0-9]* purchased$//'
}

# Adds the names printed by a command that start with the word being completed, quoted.
# Names are matched and quoted here, not by `compgen -W`, which would expand a `$(...)` inside a name.
_kago_names() {
    local name typed=${cur//\\/}
    while IFS= read -r name; do
        [[ ${name,,} == "${typed,,}"* ]] && COMPREPLY+=("$(printf '%q' "$name")")
    done < <("$@")
}

_kago() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    local commands="add list check done uncheck rm move export import lists sync suggest paths help"
    COMPREPLY=()
    case $prev in
        -l|--list|--to) _kago_names _kago_list_names; return ;;
    esac
    # The command is the first word that is not -l LIST (it may come before the command).
    local i=1 command=""
    while (( i < COMP_CWORD )); do
        case ${COMP_WORDS[i]} in
            -l|--list) (( i += 2 )) ;;
            *) command=${COMP_WORDS[i]}; break ;;
        esac
    done
    if [[ -z $command ]]; then
        COMPREPLY=($(compgen -W "$commands -l --list --intro --reset-intro --help -h --version" -- "$cur"))
        return
    fi
    local list_flag
    case $command in
        list)
            COMPREPLY=($(compgen -W "--purchased --all --json -l --list --help" -- "$cur")) ;;
        check|done|uncheck|rm|move)
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W "$([[ $command == move ]] && echo --to) -l --list --help" -- "$cur"))
                return
            fi
            case $command in
                uncheck) list_flag=--purchased ;;
                rm|move) list_flag=--all ;;
            esac
            _kago_names _kago_item_names $list_flag
            ;;
        lists)
            case ${COMP_WORDS[i+1]} in
                use|rm|remove|rename|link|unlink) (( COMP_CWORD == i + 2 )) && _kago_names _kago_list_names ;;
                *) (( COMP_CWORD == i + 1 )) && COMPREPLY=($(compgen -W "add use rm rename link unlink remote --json --force" -- "$cur")) ;;
            esac ;;
        export)
            case $prev in
                --format) COMPREPLY=($(compgen -W "json csv md" -- "$cur")) ;;
                -o|--output) COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null ;;
                *) COMPREPLY=($(compgen -W "--format -o --output --all-lists --history -l --list --help" -- "$cur")) ;;
            esac ;;
        import)
            case $prev in
                --format) COMPREPLY=($(compgen -W "json csv" -- "$cur")) ;;
                *)
                    if [[ $cur == -* ]]; then
                        COMPREPLY=($(compgen -W "--format --help" -- "$cur"))
                    else
                        COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null
                    fi ;;
            esac ;;
        sync)
            COMPREPLY=($(compgen -W "-l --list --help" -- "$cur")) ;;
        suggest)
            COMPREPLY=($(compgen -W "--json --add -l --list --help" -- "$cur")) ;;
        help)
            (( COMP_CWORD == 2 )) && COMPREPLY=($(compgen -W "$commands" -- "$cur")) ;;
        add)
            # Categories after '#', from the categories in use.
            if [[ $cur == '#'* ]]; then
                local category
                while IFS= read -r category; do
                    [[ $category == "${cur#\#}"* ]] && COMPREPLY+=("$(printf '#%q' "$category")")
                done < <(command kago list --all 2>/dev/null | grep -o ' #[^ ]*' | sed 's/^ #//' | sort -u)
            fi ;;
    esac
}

complete -F _kago kago
