"""The display going away under a shown dialog: the server killed, the connection cut, no display."""
import os
import random
import shutil
import subprocess
import tempfile
import time

from rel.harness import *  # noqa: F401,F403 (the shared layer: displays, runs, outcomes)
from rel.harness import BECKON, ZENITY, SAMPLE, knob  # noqa: F401


DISPLAY_DIALOGS = [
    ("question", ["--question", "--text=Still there?"]),
    ("entry --json", ["--entry", "--text=Name?", "--json"]),
    ("terms", ["terms", "--file", SAMPLE, "--id", "org.beckon.reliability"]),
]


def display_trial(program, args, loss, state):
    """One dialog on its own display, then the display goes away by `loss`."""
    display = Display(wm=True)
    try:
        env = dict(display.env, XDG_STATE_HOME=state)
        if loss == "nothing":
            env["DISPLAY"] = ":%d" % (900 + random.randrange(90))
            run = Run([program] + args, env)
            code, out, err = run.wait(15)
            return outcome_lost(code, err, run.ended - run.started, env["DISPLAY"], state)
        run = Run([program] + args, env)
        window = display.window_of(run.pid)
        if not window:
            code, out, err = run.wait(5)
            return "no window (%s)" % status(code)
        lost = time.monotonic()
        if loss == "server":
            display.kill_server()
        elif loss == "xkill":
            subprocess.run(["xkill", "-display", display.name, "-id", window], capture_output=True, timeout=10)
        elif loss == "wm":
            display.kill_wm()
            time.sleep(0.3)  # the WM's death reaches the client; then a key must still answer
            still = run.process.poll() is None
            display.key(window, "Escape")
            code, out, err = run.wait(10)
            return ("dialog stays up, Escape answers: %s" % status(code)) if still else "ended with the WM: " + status(code)
        code, out, err = run.wait(10)
        return outcome_lost(code, err, run.ended - lost, display.name, state)
    finally:
        display.close()


def outcome_lost(code, err, took, name, state):
    record = os.path.join(state, "beckon/consents.json")
    words = status(code)
    if code is not None and code >= 0:
        named = any(name in line for line in err.splitlines())
        words += ", a line naming the display" if named else ", no line naming the display"
        words += " in %s" % ("≤ 1 s" if took <= 1 else "%.1f s" % took)
    if os.path.exists(record):
        words += ", a consent record written"
    return words


def section_display(report):
    rows, ok = [], True
    losses = [("X server killed (SIGKILL to Xvfb)", "server"), ("connection cut (xkill of the window)", "xkill"),
              ("DISPLAY pointing at nothing", "nothing"), ("window manager killed", "wm")]
    n = knob["REL_REPEAT"]
    for title, loss in losses:
        for dialog, args in DISPLAY_DIALOGS:
            log("display: %s, %s × %d" % (loss, dialog, n))
            state = tempfile.mkdtemp(prefix="beckon-rel-state-")
            b = tally([display_trial(BECKON, args, loss, state) for _ in range(n)])
            z_args = zenity_args(args)
            z = tally([display_trial(ZENITY, z_args, loss, state) for _ in range(n)]) if z_args else "no such dialog"
            shutil.rmtree(state, ignore_errors=True)
            if loss == "wm":
                good = uniform(b, "dialog stays up, Escape answers: exit 1")
            else:
                good = uniform(b, "exit 255, a line naming the display in ≤ 1 s") and "record" not in b
            ok = ok and good
            rows.append(("%s: %s" % (title, dialog), str(n), b, z, good))
    report.section("The display going away",
                   "Each trial has its own Xvfb + openbox. Wanted from beckon: exit 255 with a line naming the display "
                   "within 1 s, never Cancel's 1, no core dump, no consent record; with the window manager gone the "
                   "dialog stays and still answers (Escape: 1).", rows, ok)
