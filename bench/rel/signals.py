"""Signals and standard output: a signal while the window is up, stdout closed or full."""
import os
import shutil
import signal
import tempfile

from rel.harness import *  # noqa: F401,F403 (the shared layer: displays, runs, outcomes)
from rel.harness import BECKON, ZENITY, SAMPLE, TERMS_HARNESS, knob  # noqa: F401
from rel.store import read_records


def section_signals(report):
    rows, ok = [], True
    n = knob["REL_REPEAT"]
    display = Display()
    try:
        for name, sig, want in (("SIGTERM", signal.SIGTERM, 143), ("SIGINT", signal.SIGINT, 130),
                                ("SIGHUP", signal.SIGHUP, 129)):
            for dialog, args in (("question", ["--question", "--text=Stop?"]),
                                 ("terms", ["terms", "--file", SAMPLE, "--id", "org.beckon.signal"])):
                results = {}
                for program in (BECKON, ZENITY):
                    if program == ZENITY and dialog == "terms":
                        results[program] = "no such dialog"
                        continue
                    outcomes = []
                    for _ in range(n):
                        state = tempfile.mkdtemp(prefix="beckon-rel-state-")
                        run = Run([program] + args, dict(display.env, XDG_STATE_HOME=state))
                        if not display.window_of(run.pid):
                            outcomes.append("no window")
                            run.wait(5)
                            continue
                        os.kill(run.pid, sig)
                        code, out, err = run.wait(10)
                        line = first_line(err, program)
                        words = status(code) + (" (" + md_escape(line) + ")" if line else ", no message")
                        if os.path.exists(os.path.join(state, "beckon/consents.json")):
                            words += ", a consent record written"
                        shutil.rmtree(state, ignore_errors=True)
                        outcomes.append(words)
                    results[program] = tally(outcomes)
                good = uniform(results[BECKON], "exit %d (beckon: stopped by %s" % (want, name))
                ok = ok and good
                rows.append(("%s with the window up: %s" % (name, dialog), str(n), results[BECKON], results[ZENITY], good))

        # stdout that cannot take the answer: a pipe whose reader is gone, a full disk.
        writes = [
            ("stdout a pipe with no reader (SIGPIPE/EPIPE): entry, Return", ["--entry", "--entry-text=typed"], "pipe", ["Return"]),
            ("stdout on /dev/full: question --json, Return", ["--question", "--text=Full?", "--json"], "full", ["Return"]),
            ("stdout on /dev/full: an extra button (alt+l)", ["--question", "--text=Full?", "--extra-button=_Later"],
             "full", ["alt+l"]),
        ]
        for title, args, sink, keys in writes:
            results = {}
            for program in (BECKON, ZENITY):
                z = zenity_args(args) if program == ZENITY else args
                outcomes = []
                for _ in range(n):
                    if sink == "pipe":
                        read, write = os.pipe()
                        os.close(read)
                        out = os.fdopen(write, "wb")
                    else:
                        out = open("/dev/full", "wb")
                    run = Run([program] + z, display.env, stdout=out)
                    out.close()
                    window = display.window_of(run.pid)
                    if not window:
                        outcomes.append("no window")
                        run.wait(5)
                        continue
                    display.key(window, *keys)
                    code, _, err = run.wait(10)
                    line = first_line(err, program)
                    outcomes.append(status(code) + (" (" + md_escape(line) + ")" if line else ", no message"))
                results[program] = tally(outcomes)
            good = uniform(results[BECKON], "exit 255 (beckon: ")
            ok = ok and good
            rows.append((title, str(n), results[BECKON], results[ZENITY], good))

        # The consent record after an accepted terms whose --json line cannot be written.
        state = tempfile.mkdtemp(prefix="beckon-rel-state-")
        outcomes = []
        for i in range(n):
            with open("/dev/full", "wb") as out:
                run = Run([TERMS_HARNESS, "accept", "--file", SAMPLE, "--id", "org.beckon.full%d" % i, "--json"],
                          dict(display.env, XDG_STATE_HOME=state), stdout=out)
            code, _, err = run.wait(20)
            outcomes.append(status(code) + (" (" + md_escape(first_line(err, BECKON)) + ")"))
        records = read_records(state)
        whole = isinstance(records, list) and len(records) == n
        good = whole and outcomes[0].startswith("exit 255") and len(set(outcomes)) == 1
        ok = ok and good
        rows.append(("terms accepted, --json on /dev/full", str(n),
                     tally(outcomes) + "; the record file: %s" % (
                         "whole, %d records" % len(records) if isinstance(records, list) else records),
                     "no such dialog", good))
        shutil.rmtree(state, ignore_errors=True)
    finally:
        display.close()
    report.section("Signals and standard output",
                   "A signal sent once the window is mapped; stdout that fails when the answer is written. Wanted "
                   "from beckon: a documented exit code (128 + the signal; 255 for an answer that could not be "
                   "written) and a line on stderr; no consent record from a stopped dialog, a whole one from an "
                   "accepted one.", rows, ok)
