"""The consent store: crafted files, concurrent writers killed with kill -9, permissions."""
import json
import os
import random
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time

from rel.harness import *  # noqa: F401,F403 (the shared layer: displays, runs, outcomes)
from rel.harness import BECKON, SAMPLE, TERMS_HARNESS, knob  # noqa: F401


def read_records(state):
    """The records in a state directory, parsed here; or words saying why not."""
    path = os.path.join(state, "beckon/consents.json")
    try:
        return json.load(open(path))["records"]
    except FileNotFoundError:
        return "absent"
    except (ValueError, KeyError, TypeError) as error:
        return "broken (%s)" % error


def terms(state_env, *extra, seconds=20, cwd=None):
    run = Run([TERMS_HARNESS, "accept", "--file", SAMPLE] + list(extra), state_env, cwd=cwd)
    return run.wait(seconds)


def section_store(report):
    rows, ok = [], True
    n = knob["REL_REPEAT"]
    base_env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}

    def attack(title, setup, check, runner=None):
        nonlocal ok
        runner = runner or terms
        outcomes, all_good = [], True
        for i in range(n):
            root = tempfile.mkdtemp(prefix="beckon-rel-store-")
            state = os.path.join(root, "state")
            env = dict(base_env, XDG_STATE_HOME=state, HOME=os.path.join(root, "home"))
            os.makedirs(env["HOME"])
            victim = setup(root, state, env)
            code, out, err = runner(env, "--id", "org.beckon.store%d" % i, cwd=root)
            words, good = check(root, state, env, victim, code, err)
            ok = ok and good
            all_good = all_good and good
            # One wording for every trial, whatever its temporary directory and time stamp.
            words = re.sub(r"corrupt-[0-9TZ-]+", "corrupt-TIME-PID", words.replace(root, "$TMP"))
            outcomes.append(words)
            subprocess.run(["chmod", "-R", "u+rwx", root])
            shutil.rmtree(root, ignore_errors=True)
        rows.append((title, str(n), tally(outcomes), "no consent store", all_good))

    def victim_file(root):
        path = os.path.join(root, "victim.txt")
        with open(path, "w") as f:
            f.write("do not touch\n")
        return path

    def refused(code, err, victim=None, reason=""):
        line = first_line(err, BECKON)
        untouched = victim is None or open(victim).read() == "do not touch\n"
        words = status(code) + " (" + md_escape(line) + ")" + ("" if untouched else ", THE LINKED FILE WAS WRITTEN")
        return words, code == 255 and line.startswith("beckon") and untouched

    def link_file(root, state, env):
        os.makedirs(state + "/beckon", mode=0o700)
        victim = victim_file(root)
        os.symlink(victim, state + "/beckon/consents.json")
        return victim
    attack("consents.json a symlink to another file", link_file,
           lambda root, state, env, victim, code, err: refused(code, err, victim))

    def link_dir(root, state, env):
        os.makedirs(state)
        target = os.path.join(root, "elsewhere")
        os.makedirs(target, mode=0o700)
        os.symlink(target, state + "/beckon")
        return target

    def check_link_dir(root, state, env, target, code, err):
        words, good = refused(code, err)
        if os.listdir(target):
            return words + ", files written in the link's target", False
        return words, good
    attack("the beckon directory a symlink to another directory", link_dir, check_link_dir)

    def as_directory(root, state, env):
        os.makedirs(state + "/beckon/consents.json", mode=0o700)
    attack("consents.json a directory", as_directory, lambda root, state, env, v, code, err: refused(code, err))

    def as_fifo(root, state, env):
        os.makedirs(state + "/beckon", mode=0o700)
        os.mkfifo(state + "/beckon/consents.json")
    attack("consents.json a FIFO", as_fifo, lambda root, state, env, v, code, err: refused(code, err))

    def corrupt(root, state, env):
        os.makedirs(state + "/beckon", mode=0o700)
        with open(state + "/beckon/consents.json", "wb") as f:
            f.write(b'{"format": 1, "records": [{"id": "org.x", \xff')
        return open(state + "/beckon/consents.json", "rb").read()

    def check_corrupt(root, state, env, before, code, err):
        # Its bytes are kept aside (consents.json.corrupt-…), a new file started, with a warning.
        line = first_line(err, BECKON)
        kept = [f for f in os.listdir(state + "/beckon")
                if f != "consents.json" and open(os.path.join(state, "beckon", f), "rb").read() == before]
        records = read_records(state)
        words = status(code) + " (" + md_escape(line) + ")"
        words += ", the corrupt bytes kept aside" if kept else ", THE CORRUPT BYTES LOST"
        words += ", a new file of %d record" % len(records) if isinstance(records, list) else ", the record file " + records
        return words, code == 0 and "warning" in line and bool(kept) and isinstance(records, list) and len(records) == 1
    attack("a corrupt consents.json", corrupt, check_corrupt)

    def read_only(root, state, env):
        os.makedirs(state, mode=0o700)
        os.chmod(state, 0o500)
        # root writes through any mode bits: the attack runs as nobody when we are root.
        if os.geteuid() == 0:
            subprocess.run(["chown", "-R", "nobody", root])
            os.chmod(root, 0o755)
    if os.geteuid() == 0:
        def terms_as_nobody(env, *extra, seconds=20, cwd=None):
            run = Run(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", TERMS_HARNESS, "accept", "--file",
                       SAMPLE] + list(extra), env, cwd=cwd)
            return run.wait(seconds)
        attack("a read-only state directory (as nobody)", read_only,
               lambda root, state, env, v, code, err: refused(code, err), runner=terms_as_nobody)
    else:
        attack("a read-only state directory", read_only, lambda root, state, env, v, code, err: refused(code, err))

    def relative(root, state, env):
        env["XDG_STATE_HOME"] = "relative/state"

    def check_fallback(root, state, env, v, code, err):
        home = os.path.join(env["HOME"], ".local/state/beckon/consents.json")
        stray = os.path.exists(os.path.join(root, "relative"))
        records = read_records(os.path.join(env["HOME"], ".local/state"))
        good = code == 0 and not stray and isinstance(records, list) and len(records) == 1
        where = "the record in $HOME/.local/state" if isinstance(records, list) else "no record in $HOME/.local/state"
        return status(code) + ", " + where + (", a relative directory created" if stray else ""), good
    attack("a relative XDG_STATE_HOME (ignored, as the XDG spec says)", relative, check_fallback)

    def unset(root, state, env):
        del env["XDG_STATE_HOME"]
    attack("XDG_STATE_HOME unset", unset, check_fallback)

    # 20 concurrent writers, killed with kill -9 at random moments.
    root = tempfile.mkdtemp(prefix="beckon-rel-store-")
    env = dict(base_env, XDG_STATE_HOME=os.path.join(root, "state"))
    rng = random.Random(knob["REL_SEED"])
    started = time.monotonic()
    terms(env, "--id", "org.beckon.baseline")
    span = (time.monotonic() - started) * 1.2
    lost, broken, killed, finished, rounds = 0, 0, 0, 0, n
    for r in range(rounds):
        runs = [Run([TERMS_HARNESS, "accept", "--file", SAMPLE, "--id", "org.beckon.w%d.%d" % (r, i)],
                    env) for i in range(knob["REL_WRITERS"])]
        victims = [run for run in runs if rng.random() < 0.5]
        for run in victims:
            threading.Timer(rng.uniform(0, span), lambda p=run.pid: os.kill(p, signal.SIGKILL)
                            if os.path.exists("/proc/%d" % p) else None).start()
        results = [(run, run.wait(30)) for run in runs]
        records = read_records(env["XDG_STATE_HOME"])
        if not isinstance(records, list):
            broken += 1
            continue
        ids = {rec.get("id") for rec in records}
        for i, (run, (code, out, err)) in enumerate(results):
            if code == 0:
                finished += 1
                if "org.beckon.w%d.%d" % (r, i) not in ids:
                    lost += 1
            elif code == -9:
                killed += 1
    leftovers = [f for f in os.listdir(env["XDG_STATE_HOME"] + "/beckon") if f.startswith(".consents.json.")]
    shutil.rmtree(root, ignore_errors=True)
    good = broken == 0 and lost == 0
    ok = ok and good
    rows.append(("%d concurrent writers, half of them killed with kill -9 at a random moment" % knob["REL_WRITERS"],
                 "%d rounds" % rounds,
                 "%d accepted, %d killed; %d records lost, %d broken files, %d temporary files left" % (
                     finished, killed, lost, broken, len(leftovers)),
                 "no consent store", good))
    report.section("The consent store",
                   "`BeckonTermsHarness accept` (the test build's program: the command's own path, answered as Accept "
                   "would be, without a window) against a prepared "
                   "state directory. Wanted: no file written through a link, no record lost, a clear message and "
                   "exit 255.", rows, ok)
