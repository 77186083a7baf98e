# bash completion for kago: commands, options, and item names for check/uncheck/rm.
# Installed as share/bash-completion/completions/kago.

# Prints one item name per line, cut from `kago list` output ("ID  [ ] NAME  QTY  #CAT  @DATE";
# a name ends at the first double space, so a name holding two spaces in a row is cut short).
_kago_item_names() {
    command kago list "$@" 2>/dev/null | sed -n 's/^[0-9][0-9]* *\[.\] //p' | sed 's/  .*//'
}

_kago() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    local commands="add list check done uncheck rm export import paths help"
    COMPREPLY=()
    if (( COMP_CWORD == 1 )); then
        COMPREPLY=($(compgen -W "$commands --intro --reset-intro --help -h --version" -- "$cur"))
        return
    fi
    local command=${COMP_WORDS[1]} list_flag
    case $command in
        list)
            COMPREPLY=($(compgen -W "--purchased --all --json --help" -- "$cur")) ;;
        check|done|uncheck|rm)
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W "--help" -- "$cur"))
                return
            fi
            case $command in
                uncheck) list_flag=--purchased ;;
                rm) list_flag=--all ;;
            esac
            # Names are matched and quoted here, not by `compgen -W`, which would expand a
            # `$(...)` inside a name.
            local name typed=${cur//\\/}
            while IFS= read -r name; do
                [[ ${name,,} == "${typed,,}"* ]] && COMPREPLY+=("$(printf '%q' "$name")")
            done < <(_kago_item_names $list_flag)
            ;;
        export)
            case $prev in
                --format) COMPREPLY=($(compgen -W "json csv md" -- "$cur")) ;;
                -o|--output) COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null ;;
                *) COMPREPLY=($(compgen -W "--format -o --output --help" -- "$cur")) ;;
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
