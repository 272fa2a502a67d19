#!/bin/sh
# The SetupMachine example from a shell script: beckon dialog in the
# background, driven through its command file while the work runs, as
# swiftDialog's "Setup Your Mac" scripts drive theirs. Exit status: the
# dialog's (0 Continue, 2 Cancel, 10 Ctrl+Q).
set -u
dir=${XDG_RUNTIME_DIR:?needs a login session}/beckon
mkdir -p -m 700 "$dir"
commands=$dir/setup-$$.log
: >"$commands" && chmod 600 "$commands"
say() { printf '%s\n' "$*" >>"$commands"; }

beckon dialog --title "Set up this machine" --message "Beckon checks a few things before you start." \
  --icon computer --button1text Continue --button1disabled --button2text Cancel \
  --listitem "Free space in /,status=pending" --listitem "A shell,status=pending" \
  --listitem "Name resolution,status=pending" --progress 3 --commandfile "$commands" &
dialog=$!

# beckon reads only what is written after it opened the file (as swiftDialog,
# whose scripts sleep 0.1 here): wait until it holds it, or has ended.
for _ in $(seq 100); do
  kill -0 "$dialog" 2>/dev/null || break
  for fd in /proc/"$dialog"/fd/*; do
    [ "$(readlink "$fd" 2>/dev/null)" = "$commands" ] && break 2
  done
  sleep 0.05
done

check() { # INDEX TITLE COMMAND...
  index=$1; title=$2; shift 2
  say "listitem: index: $index, status: wait"
  say "progresstext: $title"
  if "$@" >/dev/null 2>&1; then
    say "listitem: index: $index, status: success, statustext: OK"
  else
    say "listitem: index: $index, status: fail, statustext: Failed"
  fi
  say "progress: increment"
}
check 0 "Free space in /" sh -c 'test "$(df --output=avail / | tail -1)" -gt 1000000'
check 1 "A shell" test -x /bin/sh
check 2 "Name resolution" getent hosts localhost
say "progresstext: Done"
say "button1: enable"

wait "$dialog"
status=$?
rm -f "$commands"
exit "$status"
