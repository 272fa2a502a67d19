"""`make test`, again and again: scripts/test-repeatedly until the first failure."""
import os
import re
import statistics
import subprocess
import time

from rel.harness import *  # noqa: F401,F403 (the shared layer: displays, runs, outcomes)
from rel.harness import ROOT, knob  # noqa: F401


def parse_test_runs(text):
    """scripts/test-repeatedly's summary: its commit, each run (passed, seconds), the count asked for."""
    header = re.search(r"^make test × (\d+) at (\S+),", text, re.M)
    runs = [(verdict == "passed", int(seconds))
            for verdict, seconds in re.findall(r"^run \d+: (passed|FAILED) (?:in|after) (\d+) s", text, re.M)]
    return (header.group(2) if header else "?"), runs, (int(header.group(1)) if header else 0)


def section_repeat(report):
    count = knob["REL_TESTRUNS"]
    if count <= 0:
        return
    source = os.environ.get("REL_TESTRUNS_FROM")
    if source:
        log("repeat: the summary of an earlier run, %s" % source)
        when = time.strftime("%Y-%m-%d", time.localtime(os.path.getmtime(source)))
        text = open(source).read()
    else:
        log("repeat: scripts/test-repeatedly %d (about 8 min a run)" % count)
        result = subprocess.run([os.path.join(ROOT, "scripts/test-repeatedly"), str(count)],
                                capture_output=True, text=True)
        when, text = time.strftime("%Y-%m-%d"), result.stdout
    commit, runs, asked = parse_test_runs(text)
    passed = [seconds for good, seconds in runs if good]
    failed = [seconds for good, seconds in runs if not good]
    ended = re.search(r"^\d+ of \d+ passed$", text, re.M) is not None
    ok = ended and asked == count and len(passed) == count and not failed
    median = statistics.median(passed) if passed else 0
    # The lines the script quotes from a failed run's log: its first ✘ names the test.
    quoted = re.search(r"^run \d+: FAILED[^\n]*\n(.*?)^\d+ of \d+ passed", text, re.M | re.S)
    reason = (quoted.group(1).strip().splitlines() or ["no ✘ line"])[0][:300] if quoted else ""
    # A shorter run's summary (REL_TESTRUNS_FROM) says how many it tried, not only how many were wanted.
    tried = "" if asked in (0, count) else " (a run of %d, of the %d wanted)" % (asked, count)
    outcome = "%d of %d passed in a row%s%s%s; median run %.1f min, slowest %.1f min" % (
        len(passed), count, tried, "" if ended else " (the summary is of a run still going)", ", then run %d failed after %d s: %s" % (len(runs), failed[0], reason) if failed else "",
        median / 60, max(passed, default=0) / 60)
    rows = [("`make test` in a fresh clone of %s, one run after another" % commit, str(len(runs)), outcome,
             "—", ok)]
    report.section("`make test`, again and again",
                   "scripts/test-repeatedly clones the commit, runs `make test` (every Swift test, suite by suite on "
                   "three private Xvfb + openbox displays, beside the short fuzz) until the first failure, and counts the passes; "
                   "its summary, test-runs/summary.txt, is the source of this row%s. The summary, as the script wrote it:"
                   "\n\n%s" % (", from its run of %s" % when if source else "",
                                 "\n".join("    " + line for line in text.strip().splitlines())), rows, ok)
    # The runs' own time, not this script's, when the summary came from an earlier run.
    report.sections["repeat"]["minutes"] = round(sum(seconds for _, seconds in runs) / 60, 1)
    report.sections["repeat"]["date"] = when
