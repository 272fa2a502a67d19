# bash completion for beckon (zenity-compatible dialogs, and `beckon terms`).

_beckon() {
    local cur prev
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}

    # `beckon terms …`: its options come from its own help, so they never go stale.
    if [[ ${COMP_WORDS[1]} == terms ]]; then
        if [[ $cur == -* ]]; then
            local opts
            opts=$("${COMP_WORDS[0]}" terms --help 2>/dev/null | grep -o -- '--[A-Za-z0-9-]*=\?' | sort -u)
            COMPREPLY=($(compgen -W "$opts" -- "$cur"))
            [[ ${COMPREPLY[0]} == *= ]] && compopt -o nospace
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        return
    fi

    local dialogs="--question --info --warning --error"
    local general="--title= --window-icon= --width= --height= --timeout= --ok-label= --cancel-label=
        --extra-button= --modal --attach="
    local message="--text= --icon-name= --no-wrap --no-markup --ellipsize --default-cancel --switch"
    local extras="--button= --json --countdown"
    local other="--help --help-all --help-general --help-question --help-info --help-warning --help-error
        --help-beckon --help-misc --help-gtk --version --display= --class= --name="

    # The value of `--option value` and `--option=value`.
    local option=$prev value=$cur
    if [[ $cur == --*=* ]]; then
        option=${cur%%=*}
        value=${cur#*=}
    elif [[ $cur == = ]]; then
        option=$prev value=""
    elif [[ $prev == = ]]; then
        # COMP_WORDBREAKS splits `--opt=val` into `--opt`, `=`, `val`.
        option=${COMP_WORDS[COMP_CWORD-2]}
    fi
    case $option in
        --window-icon)
            COMPREPLY=($(compgen -W "error info question warning" -f -- "$value"))
            return ;;
        --icon-name)
            COMPREPLY=($(compgen -W "dialog-information dialog-warning dialog-error dialog-question
                dialog-password" -- "$value"))
            return ;;
        --title|--width|--height|--timeout|--ok-label|--cancel-label|--extra-button|--attach|--text|--button|--display|--class|--name)
            return ;;
    esac

    if [[ $COMP_CWORD -eq 1 && $cur != -* ]]; then
        COMPREPLY=($(compgen -W "terms" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -W "$dialogs $general $message $extras $other" -- "$cur"))
    [[ ${COMPREPLY[0]} == *= ]] && compopt -o nospace
}
complete -F _beckon beckon
