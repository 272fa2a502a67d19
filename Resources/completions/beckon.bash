# bash completion for beckon (zenity-compatible dialogs, `beckon terms` and `beckon dialog`).

# BEGIN GENERATED OPTIONS (scripts/generate-reference; do not edit by hand)
_beckon_subcommands="terms dialog"
_beckon_dialogs="--calendar --entry --error --info --file-selection --list --notification --progress --question --warning --scale --text-info --color-selection --password --forms"
_beckon_general="--title= --window-icon= --width= --height= --timeout= --ok-label= --cancel-label= --extra-button= --modal --attach= --button= --json --countdown --tty --no-tty --zenity-compat= --beckon-version"
_beckon_other="--help --help-all --version --display= --class= --name= --help-general --help-calendar --help-entry --help-error --help-info --help-file-selection --help-list --help-notification --help-progress --help-question --help-warning --help-scale --help-text-info --help-color-selection --help-password --help-forms --help-beckon --help-misc --help-gtk"
declare -gA _beckon_dialog_options=(
  [calendar]="--text= --day= --month= --year= --date-format="
  [entry]="--text= --entry-text= --hide-text"
  [error]="--text= --icon-name= --no-wrap --no-markup --ellipsize --icon="
  [info]="--text= --icon-name= --no-wrap --no-markup --ellipsize --icon="
  [file-selection]="--filename= --multiple --directory --save --separator= --confirm-overwrite --file-filter="
  [list]="--text= --column= --checklist --radiolist --imagelist --separator= --multiple --editable --print-column= --hide-column= --hide-header --mid-search"
  [notification]="--text= --listen --hint= --icon="
  [progress]="--text= --percentage= --pulsate --auto-close --auto-kill --no-cancel --time-remaining --kill-writers"
  [question]="--text= --icon-name= --no-wrap --no-markup --default-cancel --ellipsize --switch --icon="
  [warning]="--text= --icon-name= --no-wrap --no-markup --ellipsize --icon="
  [scale]="--text= --value= --min-value= --max-value= --step= --print-partial --hide-value"
  [text-info]="--filename= --editable --font= --checkbox= --html --no-interaction --url= --auto-scroll"
  [color-selection]="--color= --show-palette"
  [password]="--username"
  [forms]="--add-entry= --add-password= --add-calendar= --add-list= --list-values= --column-values= --add-combo= --combo-values= --show-header --text= --separator= --forms-date-format= --field-value= --required --field-pattern= --field-range= --add-multiline-entry="
)
declare -gA _beckon_values=(
  [zenity-compat]="3.44 4.2"
)
declare -gA _beckon_terms_values=(
  [reread]="changes all"
  [outcome]="shown accepted declined dismissed timeout interrupted revoked session-ended enforcer-accepted enforcer-revoked session-spared session-would-end enforcer-refused configuration-error"
)
# END GENERATED OPTIONS

_beckon() {
    local cur prev
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}

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
    # An option whose value is one of an enum's cases: the generated lists above.
    local choices=_beckon_values
    [[ ${COMP_WORDS[1]} == terms ]] && choices=_beckon_terms_values
    if [[ $option == --?* ]]; then
        local -n _beckon_choices=$choices
        if [[ -n ${_beckon_choices[${option#--}]-} ]]; then
            COMPREPLY=($(compgen -W "${_beckon_choices[${option#--}]}" -- "$value"))
            return
        fi
    fi

    # `beckon terms …`: its options come from its own help, so they never go stale.
    if [[ ${COMP_WORDS[1]} == terms ]]; then
        if [[ $cur == -* ]]; then
            local opts
            opts=$("${COMP_WORDS[0]}" terms --help 2>/dev/null | grep -o -- '--[A-Za-z0-9-]*=\?' | sort -u)
            COMPREPLY=($(compgen -W "$opts" -- "$cur"))
            [[ ${COMPREPLY[0]} == *= ]] && compopt -o nospace
        elif [[ " ${COMP_WORDS[*]:2:COMP_CWORD-2} " == *" --managed "* ]]; then
            # The managed ids: each beckon/terms.d/ID.conf of $XDG_CONFIG_DIRS
            # (/etc/xdg when unset), as `beckon terms --managed` finds them.
            local dir file ids=""
            local IFS=:
            for dir in ${XDG_CONFIG_DIRS:-/etc/xdg}; do
                [[ $dir == /* ]] || continue
                for file in "$dir"/beckon/terms.d/*.conf; do
                    [[ -f $file ]] || continue
                    file=${file##*/}
                    ids+=" ${file%.conf}"
                done
            done
            unset IFS
            COMPREPLY=($(compgen -W "$ids" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        return
    fi

    # `beckon dialog …`: swiftDialog's options, from its own help.
    if [[ ${COMP_WORDS[1]} == dialog ]]; then
        case $option in
            --icon|--overlayicon|--bannerimage|--jsonfile|--commandfile)
                COMPREPLY=($(compgen -f -- "$value")); return ;;
        esac
        if [[ $cur == -* ]]; then
            local opts
            opts=$("${COMP_WORDS[0]}" dialog --help 2>/dev/null | grep -o -- '^  --[A-Za-z0-9-]*' | sort -u)
            COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        return
    fi

    case $option in
        --window-icon)
            COMPREPLY=($(compgen -W "error info question warning" -f -- "$value"))
            return ;;
        --icon-name)
            COMPREPLY=($(compgen -W "dialog-information dialog-warning dialog-error dialog-question
                dialog-password" -- "$value"))
            return ;;
        --icon)
            # zenity 4's: a theme name or an image file.
            COMPREPLY=($(compgen -W "dialog-information dialog-warning dialog-error dialog-question
                dialog-password" -f -- "$value"))
            return ;;
        --filename)
            COMPREPLY=($(compgen -f -- "$value"))
            return ;;
        --*)
            # Any other option that takes a value: free text.
            [[ " $_beckon_dialogs $_beckon_general $_beckon_other ${_beckon_dialog_options[*]} " == *" $option= "* ]] && return ;;
    esac

    if [[ $COMP_CWORD -eq 1 && $cur != -* ]]; then
        COMPREPLY=($(compgen -W "$_beckon_subcommands" -- "$cur"))
        return
    fi
    # The dialog already given decides which of its own options are offered.
    local word dialog_options="${_beckon_dialog_options[*]}"
    for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
        if [[ " $_beckon_dialogs " == *" $word "* ]]; then
            dialog_options=${_beckon_dialog_options[${word#--}]}
            break
        fi
    done
    COMPREPLY=($(compgen -W "$_beckon_dialogs $_beckon_general $dialog_options $_beckon_other" -- "$cur"))
    [[ ${COMPREPLY[0]} == *= ]] && compopt -o nospace
}
complete -F _beckon beckon
# zenity's name only where zenity is beckon (the package's zenity alternative,
# a symlink): where zenity is zenity, its completion is not beckon's to take.
if _beckon_zenity=$(command -v zenity 2>/dev/null) && [[ $(readlink -f "$_beckon_zenity") == */beckon ]]; then
    complete -F _beckon zenity
fi
unset _beckon_zenity
