# What the bench/ scripts share; sourced (`. "$root/bench/lib.sh"`) after they set $root.
#
#   bench_own_display "$@"   rerun the calling script on a private Xvfb without a window
#                            manager (scripts/with-display --no-wm), unless it already runs
#                            on one; call it before anything that needs the display
#   bench_ref_dialog DIR     build the C floor (bench/tools/ref_dialog.c) into DIR/ref_dialog
#   bench_make_var NAME      a variable of the Makefile, fully expanded
#   bench_write_section DOC NAME FILE [HEADING]
#                            put FILE between DOC's "<!-- NAME: results begin/end -->" markers;
#                            with HEADING, a missing pair is added at the end under "## HEADING"

bench_own_display() {
  # with-display sets WITH_DISPLAY_NO_WM to the display it started without a window manager.
  if [ -n "${WITH_DISPLAY_NO_WM:-}" ] && [ "${WITH_DISPLAY_NO_WM}" = "${DISPLAY:-}" ]; then return 0; fi
  exec "$root/scripts/with-display" --no-wm "$root/bench/$(basename "$0")" "$@"
}

bench_ref_dialog() {
  local dir=$1 shared=${BECKON_SHARED:-$root/bench}
  [ -f "$shared/tools/ref_dialog.c" ] || { echo "bench: no ref_dialog.c in $shared/tools (set BECKON_SHARED to the shared/ directory)" >&2; return 2; }
  mkdir -p "$dir"
  # shellcheck disable=SC2046 # pkg-config output is meant to split
  cc -O2 -o "$dir/ref_dialog" "$shared/tools/ref_dialog.c" $(pkg-config --cflags --libs gtk+-3.0) ||
    { echo "bench: cannot build ref_dialog" >&2; return 2; }
}

bench_make_var() {
  make -s --no-print-directory -C "$root" -f Makefile -f - bench-print-var <<EOF
bench-print-var: ; @echo '\$($1)'
EOF
}

bench_write_section() {
  local doc=$1 name=$2 file=$3 heading=${4:-}
  local begin="<!-- $name: results begin -->" end="<!-- $name: results end -->"
  if ! { [ -f "$doc" ] && grep -qF "$begin" "$doc" && grep -qF "$end" "$doc"; }; then
    if [ -z "$heading" ]; then
      echo "bench: $doc has no $name markers; paste the tables above" >&2
      return 0
    fi
    printf '\n## %s\n\n%s\n%s\n' "$heading" "$begin" "$end" >>"$doc"
  fi
  awk -v begin="$begin" -v end="$end" -v file="$file" '
    $0 == begin { print; while ((getline line < file) > 0) print line; skip = 1; next }
    $0 == end { skip = 0 }
    !skip { print }' "$doc" >"$doc.tmp" && mv "$doc.tmp" "$doc"
  echo "bench: $name's results written into $(basename "$doc")" >&2
}
