"""Arguments: the fuzzer beside zenity, parse-only and on a display."""
import json
import os
import subprocess

from rel.harness import *  # noqa: F401,F403 (the shared layer: displays, runs, outcomes)
from rel.harness import ROOT, BECKON, ZENITY, knob  # noqa: F401


def section_arguments(report):
    log("arguments: fuzz-arguments parse %d, full %d" % (knob["REL_PARSE"], knob["REL_FULL"]))
    rows, ok = [], True
    fuzz = os.path.join(ROOT, "scripts/fuzz-arguments")
    for mode, count in (("parse", knob["REL_PARSE"]), ("full", knob["REL_FULL"])):
        if count <= 0:
            continue
        out = os.path.join(ROOT, "bench/out/fuzz-%s.json" % mode)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        command = [fuzz, mode, str(count), "--seed", str(knob["REL_SEED"]), "--beckon", BECKON, "--out", out]
        if mode == "full":
            command = [os.path.join(ROOT, "scripts/with-display")] + command
        result = subprocess.run(command, capture_output=True, text=True)
        try:
            summary = json.load(open(out))
        except (OSError, ValueError):
            summary = None
        if summary is None:
            rows.append(("fuzz %s" % mode, str(count), "the fuzzer did not finish: " + result.stderr[-200:], "—", False))
            ok = False
            continue
        ok = ok and result.returncode == 0
        codes = ", ".join("%s×%s" % (k, v) for k, v in sorted(summary["exit_codes"].items(), key=lambda kv: -kv[1]))
        rows.append(("Fuzzed arguments, %s (%s)" % (
                        "parse only, no display" if mode == "parse" else "on Xvfb, each ended by --timeout=1",
                        "seed %d" % summary["seed"]),
                     "%d" % summary["runs"],
                     "%d crashes, %d hangs, %d errors without a message, %d planted faults misnamed; slowest %.2f s; exits: %s"
                     % (summary["crashes"], summary["hangs"], summary["unexplained_errors"],
                        summary["misnamed_faults"], summary["slowest_seconds"], codes)
                     + "".join("; FAILED: %s: beckon %s" % (f["problem"], f["arguments"][:160])
                               for f in summary["failures"][:3]),
                     "not fuzzed (its crashes are below)", result.returncode == 0))
    # zenity's own known faults from the issue, on both programs.
    display = Display()
    try:
        vectors = [
            ("`--forms --column-values=a` alone", ["--forms", "--column-values=a"]),
            ("`--color-selection --ok-label=Pick`", ["--color-selection", "--ok-label=Pick"]),
            ("`--question --text=<invalid UTF-8>`", ["--question", b"--text=caf\xe9 \xff"]),
            ("`--info --width=-5 --height=99999999999`", ["--info", "--width=-5", "--height=99999999999"]),
            ("`--scale --value=200 --max-value=100`", ["--scale", "--value=200", "--max-value=100"]),
            ("`--calendar --day=31 --month=2`", ["--calendar", "--day=31", "--month=2"]),
        ]
        for name, args in vectors:
            results = {}
            for program in (BECKON, ZENITY):
                outcomes = []
                for _ in range(max(1, knob["REL_REPEAT"] // 2)):
                    run = Run([program] + args + ["--timeout=2"], display.env)
                    code, out, err = run.wait(20)
                    line = first_line(err, program)
                    outcomes.append(status(code) + (" (" + md_escape(line) + ")" if line else ""))
                results[program] = tally(outcomes)
            good = "died" not in results[BECKON] and "hang" not in results[BECKON]
            ok = ok and good
            rows.append((name, str(max(1, knob["REL_REPEAT"] // 2)), results[BECKON], results[ZENITY], good))
    finally:
        display.close()
    report.section("Arguments", "scripts/fuzz-arguments (vectors from beckon's own option tables plus garbage: "
                   "empty, 128 KiB, invalid UTF-8, overflowing numbers, unknown options, stray words, `terms`), "
                   "then the vectors that crash or mislead zenity, each given `--timeout=2` and bounded at 20 s.",
                   rows, ok)
