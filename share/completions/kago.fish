# fish completion for kago: commands, options, and item names (with their ids) for
# check/uncheck/rm. Installed as share/fish/vendor_completions.d/kago.fish.

# "NAME<TAB>id N" per item, from `kago list` output ("ID  [ ] NAME  QTY  #CAT  @DATE"); a name
# ends at the first double space.
function __kago_items
    command kago list $argv 2>/dev/null | string replace -rf '^([0-9]+) *\[.\] (.*?)(?:  .*)?$' '$2\tid $1'
end

# List names, from `kago lists` output ("* NAME  N to buy  M purchased").
function __kago_lists
    command kago lists 2>/dev/null | string replace -r '  ⇅ .*$' '' | string replace -rf '^..(.*)  [0-9]+ to buy  [0-9]+ purchased$' '$1'
end

set -l commands add list check done uncheck rm move export import lists sync suggest paths help

complete -c kago -f
complete -c kago -n "not __fish_seen_subcommand_from $commands" -s h -l help -d 'show help'
complete -c kago -n "not __fish_seen_subcommand_from $commands" -l version -d 'print the version'
complete -c kago -n "not __fish_seen_subcommand_from $commands" -l intro -d 'open with the tutorial'
complete -c kago -n "not __fish_seen_subcommand_from $commands" -l reset-intro -d 'forget that the tutorial was seen'

complete -c kago -n "not __fish_seen_subcommand_from $commands" -a add -d 'add one item (quick-add syntax)'
complete -c kago -n "not __fish_seen_subcommand_from $commands" -a list -d 'print the to-buy list'
complete -c kago -n "not __fish_seen_subcommand_from $commands" -a 'check done' -d 'mark items purchased'
complete -c kago -n "not __fish_seen_subcommand_from $commands" -a uncheck -d 'put items back onto the to-buy list'
complete -c kago -n "not __fish_seen_subcommand_from $commands" -a rm -d 'delete items'
complete -c kago -n "not __fish_seen_subcommand_from $commands" -a export -d 'write every item as json, csv or md'
complete -c kago -n "not __fish_seen_subcommand_from $commands" -a import -d 'add the items of a json or csv file'
complete -c kago -n "not __fish_seen_subcommand_from $commands" -a move -d 'move items to another list'
complete -c kago -n "not __fish_seen_subcommand_from $commands" -a lists -d 'the lists; add, use, rm, rename, link, unlink, remote'
complete -c kago -n "not __fish_seen_subcommand_from $commands" -a sync -d 'sync the linked lists with the CalDAV server'
complete -c kago -n "not __fish_seen_subcommand_from $commands" -a suggest -d 'items due to be bought again'
complete -c kago -n "not __fish_seen_subcommand_from $commands" -a paths -d 'print the config and data paths'
complete -c kago -n "not __fish_seen_subcommand_from $commands" -a help -d 'help on a command'

complete -c kago -n '__fish_seen_subcommand_from list' -l purchased -d 'the purchased items'
complete -c kago -n '__fish_seen_subcommand_from list' -l all -d 'both lists'
complete -c kago -n '__fish_seen_subcommand_from list' -l json -d 'a JSON array'

complete -c kago -n '__fish_seen_subcommand_from check done' -a '(__kago_items)'
complete -c kago -n '__fish_seen_subcommand_from uncheck' -a '(__kago_items --purchased)'
complete -c kago -n '__fish_seen_subcommand_from rm move' -a '(__kago_items --all)'
complete -c kago -s l -l list -x -a '(__kago_lists)' -d 'the list to act on'
complete -c kago -n '__fish_seen_subcommand_from move' -l to -x -a '(__kago_lists)' -d 'the list to move to'
complete -c kago -n '__fish_seen_subcommand_from lists; and not __fish_seen_subcommand_from add use rm rename link unlink remote' -a 'add use rm rename link unlink remote' -d 'lists command'
complete -c kago -n '__fish_seen_subcommand_from lists; and __fish_seen_subcommand_from use rm rename link unlink' -a '(__kago_lists)'
complete -c kago -n '__fish_seen_subcommand_from lists' -l json -d 'a JSON array'
complete -c kago -n '__fish_seen_subcommand_from lists' -l force -d 'rm: a list with items too'
complete -c kago -n '__fish_seen_subcommand_from export' -l all-lists -d 'every list'
complete -c kago -n '__fish_seen_subcommand_from export' -l history -d 'the purchases instead of the items'
complete -c kago -n '__fish_seen_subcommand_from suggest' -l json -d 'a JSON array'
complete -c kago -n '__fish_seen_subcommand_from suggest' -l add -d 'add them all to the list'

complete -c kago -n '__fish_seen_subcommand_from export' -l format -x -a 'json csv md' -d 'file format'
complete -c kago -n '__fish_seen_subcommand_from export' -s o -l output -r -F -d 'write to a file'
complete -c kago -n '__fish_seen_subcommand_from import' -l format -x -a 'json csv' -d 'file format'
complete -c kago -n '__fish_seen_subcommand_from import' -F
complete -c kago -n '__fish_seen_subcommand_from help' -x -a "$commands"
