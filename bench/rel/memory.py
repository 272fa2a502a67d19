"""Memory: bench/memcheck (valgrind) over every kind the library shows."""
import json
import os
import subprocess

from rel.harness import *  # noqa: F401,F403 (the shared layer: displays, runs, outcomes)
from rel.harness import ROOT, knob  # noqa: F401


def section_memory(report):
    count = knob["REL_MEMCHECK"]
    if count <= 0:
        return
    log("memory: make memcheck MEMCHECK_DIALOGS=%d" % count)
    result = subprocess.run(["make", "--no-print-directory", "-o", "deps", "memcheck", "MEMCHECK_DIALOGS=%d" % count],
                            cwd=ROOT, capture_output=True, text=True)
    summary_path = os.path.join(ROOT, "bench/out/memcheck-summary.json")
    try:
        summary = json.load(open(summary_path))
    except (OSError, ValueError):
        report.section("Memory", "make memcheck did not finish.", [
            ("valgrind memcheck", str(count), "did not finish: " + md_escape(result.stderr[-300:]), "—", False)], False)
        return
    # The kinds and their counts are the soak's own (BeckonSoak kinds), never a number written here.
    kinds = summary.get("per_kind") or {name: count for name in summary.get("kind_names", [])}
    rows = [("valgrind memcheck over BeckonSoak (real keys, WM closes, destroys, timeouts, cancellations, "
             "responses from code)",
             "%d dialogs (%d of each of %d kinds: %s)" % (
                 summary["dialogs"], count, summary["kinds"], ", ".join("%s %d" % kv for kv in kinds.items())),
             "%s; definitely lost from beckon's code: %d blocks (%d bytes); other definitely lost after "
             "bench/valgrind.supp: %d blocks; Swift weak-reference side tables of objects alive at exit (valgrind "
             "cannot see their shifted pointer): %d blocks; invalid reads/writes: %d; soak: %s" % (
                 summary["verdict"], summary["ours_blocks"], summary["ours_bytes"], summary["other_blocks"],
                 summary["side_table_blocks"], summary["errors"], summary["soak"]),
             "not measured (a C program; its leaks are GTK's)", result.returncode == 0)]
    report.section("Memory", "`make memcheck` (bench/memcheck): BeckonSoak built with DWARF 4 under valgrind "
                   "3.19 with NO_AT_BRIDGE=1 and bench/valgrind.supp, over every kind `BeckonSoak kinds` names "
                   "(%d: %s; the notifications on a session bus of the soak's own with notification-daemon). "
                   "`make asan` runs the GTK API suites against "
                   "an AddressSanitizer build of the C shim and the library." % (
                       summary["kinds"], ", ".join(summary.get("kind_names", []))), rows, result.returncode == 0)
