"""The attacks on the terms path (issue 19), each tried on beckon and, where zenity 3.44 has
the same dialog, on zenity with the same bytes: crafted record files, forged consent, huge
and deeply nested documents, escape sequences on a terminal, few file descriptors, links,
and the messages of the failures around them.

Every run is bounded: a program still running at its deadline is killed and reported as a
hang. Time is wall time from fork to exit on this noisy 2-core machine (±20 %), peak RSS
from the kernel's rusage of that one child: both are told as observed, and an attack's
verdict rests on exit codes, output and bounds far from the noise."""
import fcntl
import hashlib
import json
import os
import pty
import re
import select
import shutil
import signal
import subprocess
import tempfile
import termios
import threading
import time

from rel.harness import BECKON, ZENITY, SAMPLE, knob, Display, default_signals, status, first_line, md_escape, \
    run_quiet, until, log

ATTACKS_TITLE = "The terms path under attack"
SCREEN = (1280, 800)


# ---- one measured run --------------------------------------------------------

class Measured:
    """A program run once with its own rusage: exit code, wall time, peak RSS, output."""

    def __init__(self, argv, env, stdin=subprocess.DEVNULL, preexec=None, stdout=None):
        self.directory = tempfile.mkdtemp(prefix="beckon-rel-attack-")
        self.out_path = os.path.join(self.directory, "stdout")
        self.err_path = os.path.join(self.directory, "stderr")
        out = stdout if stdout is not None else open(self.out_path, "wb")
        with open(self.err_path, "wb") as err:
            self.process = subprocess.Popen(argv, env=env, stdin=stdin, stdout=out, stderr=err,
                                            start_new_session=preexec is None, preexec_fn=preexec or default_signals)
        if stdout is None:
            out.close()
        self.pid = self.process.pid
        self.started = time.monotonic()
        self.code = None
        self.rss_kib = 0
        self.took = None
        # Sampled on a thread of its own: the section waits for windows meanwhile.
        threading.Thread(target=self.sample_until_reaped, daemon=True).start()

    def sample_until_reaped(self):
        while self.took is None:
            self.sample_peak()
            time.sleep(0.02)

    def poll(self):
        """Whether it has ended (reaping it when it has); samples its peak RSS while it runs."""
        if self.took is not None:
            return True
        pid, wait_status, _ = os.wait4(self.pid, os.WNOHANG)
        if pid == 0:
            return False
        self.took = time.monotonic() - self.started
        self.code = -os.WTERMSIG(wait_status) if os.WIFSIGNALED(wait_status) else os.WEXITSTATUS(wait_status)
        self.process.returncode = self.code  # reaped here, not by Popen
        return True

    def sample_peak(self):
        """The kernel's high-water mark of the program's own memory (VmHWM), read while it runs.
        Not rusage's ru_maxrss: that counts this script's pages too, which a forked child holds
        until its exec; the last few milliseconds before the exit are all a sample can miss."""
        try:
            with open("/proc/%d/status" % self.pid) as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        self.rss_kib = max(self.rss_kib, int(line.split()[1]))
        except (OSError, ValueError):
            pass

    def wait(self, seconds):
        """(code or None for a hang, stdout, stderr); a hung process is killed, with its group."""
        deadline = self.started + seconds
        while not self.poll():
            if time.monotonic() > deadline:
                try:
                    os.killpg(self.pid, signal.SIGKILL)
                except OSError:
                    os.kill(self.pid, signal.SIGKILL)
                while not self.poll():
                    time.sleep(0.01)
                self.code = None
                break
            time.sleep(0.02)
        out = open(self.out_path, "rb").read() if os.path.exists(self.out_path) else b""
        err = open(self.err_path, "rb").read()
        shutil.rmtree(self.directory, ignore_errors=True)
        return self.code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")

    def figures(self):
        """'in 5.1 s, 48 MiB' for a run that ended."""
        if self.took is None:
            return ""
        if self.rss_kib == 0:  # ended before the first sample
            return "in %.1f s, < 20 ms" % self.took
        return "in %.1f s, %d MiB" % (self.took, round(self.rss_kib / 1024))


def same_paths(text):
    """One wording for every trial, whatever its temporary directories."""
    text = re.sub(r"/tmp/beckon-rel-attacks-[\w]+/beckon-rel-state-[\w]+", "$STATE", text)
    return re.sub(r"/tmp/beckon-rel-attacks-[\w]+", "$TMP", text)


def words(code, err, program, measured=None, extra=""):
    """How a run ended, with its first line on stderr and its figures."""
    text = status(code)
    if measured is not None and code is not None:
        text += " " + measured.figures()
    if extra:
        text += ", " + extra
    line = same_paths(first_line(err, program))
    if line:
        text += " (" + md_escape(line[:160]) + ")"
    return text


def geometry(display, window):
    """(x, y, width, height) of an X window, frame excluded, or None."""
    out = run_quiet(["xdotool", "getwindowgeometry", "--shell", window], display.env).decode()
    values = dict(line.split("=", 1) for line in out.split() if "=" in line)
    try:
        return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])
    except (KeyError, ValueError):
        return None


def on_screen(box):
    x, y, w, h = box
    return x >= 0 and y >= 0 and x + w <= SCREEN[0] and y + h <= SCREEN[1]


# ---- the files of the attacks ----------------------------------------------------

def sample_sha256():
    return hashlib.sha256(open(SAMPLE, "rb").read()).hexdigest()


def planted_records(sha256):
    """A record file that says the sample terms were accepted: what a forger plants."""
    return json.dumps({"format": 1, "records": [{"id": "org.beckon.forged", "version": None, "sha256": sha256,
                                                 "accepted_at": "2026-01-01T00:00:00Z", "user": "forger"}]})


def write(directory, name, data):
    path = os.path.join(directory, name)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return path


def documents(directory):
    """The hostile terms: (title, path, zenity's --text-info takes it too)."""
    mib = 1024 * 1024
    words_10m = (b"lorem ipsum dolor sit amet " * (10 * mib // 27 + 1))[:10 * mib]
    return [
        ("one unbroken line of 60 KB", write(directory, "line60k.md", b"a" * 60000 + b"\n")),
        ("one unbroken line of 100 KB", write(directory, "line100k.md", b"a" * 100000 + b"\n")),
        ("one unbroken line of 200 KB", write(directory, "line200k.md", b"a" * 200000 + b"\n")),
        ("one unbroken line of 10 MB", write(directory, "line10m.md", b"a" * (10 * mib) + b"\n")),
        ("10 MB in one paragraph, with spaces", write(directory, "words10m.md", words_10m + b"\n")),
        ("a million links in one paragraph", write(directory, "links.md", b"[a](b) " * 1000000 + b"\n")),
        ("a 400 KB line with NULs in it", write(directory, "nuls.md", (b"a" * 99 + b"\0") * 4000 + b"\n")),
    ]


def nested_documents(directory):
    return [
        ("100 bytes of nested quotes", write(directory, "quote100.md", "> " * 50 + "x\n")),
        ("10 KB of nested quotes", write(directory, "quote10k.md", "> " * 5000 + "x\n")),
        ("10 KB of nested lists", write(directory, "list10k.md", "- " * 5000 + "x\n")),
    ]


# ---- the section ---------------------------------------------------------------

def section_attacks(report):
    rows, ok = [], True
    n = max(1, knob["REL_REPEAT"] // 2)
    base_env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    work = tempfile.mkdtemp(prefix="beckon-rel-attacks-")
    display = Display()

    def row(title, tried, beckon, zenity, good):
        nonlocal ok
        ok = ok and good
        rows.append((title, str(tried), beckon, zenity, good))
        log("attacks: %s: %s" % (title, "as wanted" if good else "NOT AS WANTED"))

    def state_env(env=None, **extra):
        state = tempfile.mkdtemp(prefix="beckon-rel-state-", dir=work)
        return dict(env or base_env, XDG_STATE_HOME=state, HOME=os.path.join(state, "home"), **extra), state

    groups = os.environ.get("REL_ATTACK_GROUPS")  # e.g. "store,forged": a quick look at some attacks

    def wanted(group):
        return groups is None or group in groups.split(",")

    try:
        # 1. Crafted record files: nesting and size.
        if wanted('store'):
            deep = '{"format":1,"records":[],"x":' + "[" * 50000 + "]" * 50000 + "}"
            big = os.path.join(work, "big-consents.json")
            subprocess.run(["python3", "-c", "import json,sys; json.dump({'format': 1, 'records': [{'id': "
                            "'org.beckon.r%d' % i, 'version': '1', 'sha256': '0' * 64, 'accepted_at': "
                            "'2026-01-01T00:00:00Z', 'user': 'u' * 40} for i in range(300000)]}, open(sys.argv[1], 'w'))",
                            big], check=True)
            for label, contents in (("nested 50,000 deep (100 KB)", deep.encode()),
                                    ("of %d MB" % (os.path.getsize(big) >> 20), open(big, "rb").read())):
                for what, args in (("--status", ["--status"]), ("--once", ["--once", "--file", SAMPLE, "--timeout", "3"]),
                                   ("--revoke", ["--revoke"]), ("Accept, in the window", None)):
                    outcomes, good = [], True
                    for _ in range(n):
                        env, state = state_env(display.env)
                        os.makedirs(state + "/beckon", mode=0o700)
                        write(state + "/beckon", "consents.json", contents)
                        os.chmod(state + "/beckon/consents.json", 0o600)
                        if args is None:
                            run = Measured([BECKON, "terms", "--file", SAMPLE, "--id", "org.beckon.a"], env)
                            accept_by_keys(display, run)
                        else:
                            run = Measured([BECKON, "terms", "--id", "org.beckon.a"] + args, env)
                        code, out, err = run.wait(30)
                        aside = [f for f in os.listdir(state + "/beckon") if ".corrupt-" in f]
                        extra = "the file moved aside" if aside else ""
                        outcomes.append(words(code, err, BECKON, run, extra))
                        # Wanted: no crash and no hang; an Accept records (after moving the file aside);
                        # --once shows the window (timed out here) rather than pass; bounded memory.
                        fine = code is not None and code >= 0 and run.rss_kib < 200 * 1024
                        if args is None:
                            fine = fine and code == 0 and bool(aside)
                        good = good and fine
                    row("consents.json %s: %s" % (label, what), n, tally_words(outcomes), "no consent store", good)

        # 2. Forged consent: a record planted where the user does not own or control it.
        if wanted('forged'):
            sha = sample_sha256()

            def plant_symlinked_dir(state):
                elsewhere = os.path.join(state, "elsewhere")
                os.makedirs(elsewhere, mode=0o700)
                write(elsewhere, "consents.json", planted_records(sha))
                os.chmod(elsewhere + "/consents.json", 0o600)
                os.symlink(elsewhere, state + "/beckon")

            def plant_foreign_dir(state):
                os.makedirs(state + "/beckon", mode=0o755)
                write(state + "/beckon", "consents.json", planted_records(sha))
                os.chmod(state + "/beckon/consents.json", 0o644)
                owner = 65534 if os.geteuid() == 0 else None  # nobody
                if owner is not None:
                    os.chown(state + "/beckon", owner, owner)
                    os.chown(state + "/beckon/consents.json", owner, owner)

            def plant_world_writable(state):
                os.makedirs(state + "/beckon", mode=0o700)
                write(state + "/beckon", "consents.json", planted_records(sha))
                os.chmod(state + "/beckon/consents.json", 0o666)

            plants = [("the beckon directory a symlink to one holding a record", plant_symlinked_dir),
                      ("a record file in a directory another user owns", plant_foreign_dir),
                      ("a record file that others can write (0666)", plant_world_writable)]
            for title, plant in plants:
                for what, args in (("--once", ["--once", "--file", SAMPLE, "--timeout", "3"]), ("--status", ["--status"])):
                    outcomes, good = [], True
                    for _ in range(n):
                        env, state = state_env(display.env)
                        plant(state)
                        run = Measured([BECKON, "terms", "--id", "org.beckon.forged"] + args, env)
                        code, out, err = run.wait(20)
                        outcomes.append(words(code, err, BECKON))
                        good = good and code == 255 and "refusing" in err
                    row("forged: %s: %s" % (title, what), n, tally_words(outcomes), "no consent store", good)
            outcomes, good = [], True
            for _ in range(n):
                env, state = state_env(display.env)
                run = Measured([BECKON, "terms", "--file", SAMPLE, "--id", "org.beckon.t", "--test-answer", "accept"], env)
                code, out, err = run.wait(20)
                recorded = os.path.exists(state + "/beckon/consents.json")
                outcomes.append(words(code, err, BECKON, extra="A RECORD WRITTEN" if recorded else "no record"))
                good = good and code == 255 and not recorded
            row("forged: `terms --test-answer accept` (no window shown)", n, tally_words(outcomes), "no such option", good)

        # 3. Huge documents: the window shows, and --timeout 5 holds. zenity --text-info gets the same bytes.
        if wanted('documents'):
            for title, path in documents(work):
                def attempt(program):
                    env, state = state_env(display.env, LC_ALL="C.UTF-8")
                    run, shown, box, code, err = terms_window(display, program, path, env, 60, "--id", "org.beckon.big")
                    extra = ("shown" + ("" if box is None or on_screen(box) else ", OFF SCREEN %s" % (box,))) \
                        if shown else "no window"
                    return (words(code, err, program, run, extra),
                            bool(shown) and code == 5 and run.took <= 7 and (box is None or on_screen(box)))
                results = beside(n, attempt)
                row("terms: %s, `--timeout 5`" % title, n, results[BECKON][0], results[ZENITY][0], results[BECKON][1])

        # 4. Nesting: the window stays on the screen, so nothing is accepted unseen.
        if wanted('nesting'):
            for title, path in nested_documents(work):
                def attempt(program):
                    env, state = state_env(display.env)
                    run, shown, box, code, err = terms_window(display, program, path, env, 30)
                    where = ("%d×%d at (%d, %d), %s" % (box[2], box[3], box[0], box[1],
                                                         "on screen" if on_screen(box) else "OFF SCREEN")) \
                        if box else "no window"
                    return words(code, err, program, extra=where), box is not None and on_screen(box) and code == 5
                results = beside(n, attempt)
                row("terms: %s" % title, n, results[BECKON][0], results[ZENITY][0], results[BECKON][1])

        # 5. A stuck GTK loop: --timeout and SIGTERM/SIGINT still hold.
        if wanted('stuck'):
            columns = ["--column=c%d" % i for i in range(10000)]
            def attempt(program):
                run = Measured([program, "--list"] + columns + ["--timeout", "3"], display.env)
                code, out, err = run.wait(40)
                return words(code, err, program, run), code == 5 and run.took <= 5
            results = beside(n, attempt)
            row("`--list` with 10,000 columns, `--timeout 3`", n, results[BECKON][0], results[ZENITY][0],
                results[BECKON][1])
            for name, sig, want in (("SIGTERM", signal.SIGTERM, 143), ("SIGINT", signal.SIGINT, 130)):
                def attempt(program):
                    run = Measured([program, "--list"] + columns, display.env)
                    time.sleep(2)  # the loop is busy laying out the columns by now
                    sent = time.monotonic()
                    os.kill(run.pid, sig)
                    code, out, err = run.wait(40)
                    after = time.monotonic() - sent
                    return words(code, err, program, extra="%.1f s after the signal" % after), code == want and after <= 1.5
                results = beside(n, attempt)
                row("%s to `--list` with 10,000 columns" % name, n, results[BECKON][0], results[ZENITY][0],
                    results[BECKON][1])

        # 6. Few file descriptors.
        if wanted('fds'):
            for limit in (4, 6, 8, 9, 10, 11, 16):
                def attempt(program):
                    run = Measured(["prlimit", "--nofile=%d:%d" % (limit, limit), "--", program, "--question",
                                    "--text=hi", "--timeout=2"], display.env)
                    code, out, err = run.wait(20)
                    return words(code, err, program), code == 5 or (code == 255 and "descriptor" in err)
                results = beside(n, attempt)
                row("`--question` with %d file descriptors allowed" % limit, n, results[BECKON][0], results[ZENITY][0],
                    results[BECKON][1])

        # 7. The terminal: no control sequence from content, plain text for TERM=dumb, a linear paste.
        if wanted('terminal'):
            escapes = write(work, "escapes.md", b"hi \x1b]0;PWNED\x07\x1b[2J and \x9b2J\n")
            terminal_cases = [
                ("terms on a terminal, escapes in the file",
                 [BECKON, "terms", "--file", escapes, "--tty"], "xterm-256color", b"q"),
                ("a message on a terminal, escapes in --text",
                 [BECKON, "--info", "--tty", "--text=hi \x1b]0;PWNED\x07\x1b[2J"], "xterm-256color", b"\r"),
                ("terms on a terminal with TERM=dumb", [BECKON, "terms", "--file", SAMPLE, "--tty"], "dumb", b"q"),
                ("terms on a terminal with no TERM", [BECKON, "terms", "--file", SAMPLE, "--tty"], None, b"q"),
            ]
            for title, argv, term, key in terminal_cases:
                outcomes, good = [], True
                for _ in range(n):
                    env = dict(base_env)
                    env.pop("TERM", None)
                    if term:
                        env["TERM"] = term
                    code, screen, took = on_pty(argv, env, keys=[key])
                    forged = b"\x1b]0;PWNED" in screen or b"\x9b2J" in screen
                    ansi = b"\x1b" in screen
                    plain = term in ("dumb", None)
                    extra = ("THE CONTENT'S ESCAPES REACHED THE TERMINAL" if forged else "no escape from the content") + \
                        ((", ESCAPE SEQUENCES SENT" if ansi else ", plain text") if plain else "")
                    outcomes.append(status(code) + ", " + extra)
                    good = good and code is not None and code >= 0 and not forged and not (plain and ansi)
                row(title, n, tally_words(outcomes), "no terminal fallback", good)
            paste = []
            good = True
            for size in (64 * 1024, 256 * 1024, 1024 * 1024):
                text = (b"0123456789abcdef" * (size // 16))[:size]
                env = dict(base_env, TERM="xterm-256color")
                code, out, took = paste_into_entry(text, env)
                whole = out.rstrip(b"\n") == text
                paste.append((size, took, code, whole))
                good = good and code == 0 and whole
            rates = ", ".join("%d KiB in %s" % (s >> 10, "%.1f s" % t if t is not None else "HANG") for s, t, c, w in paste)
            linear = all(t is not None for _, t, _, _ in paste) and paste[-1][1] <= max(paste[0][1], 0.2) * 16 * 2
            row("a paste into `--entry` on a terminal (64 KiB, 256 KiB, 1 MiB)", 1,
                rates + ("; every byte back on stdout" if good else "; NOT ALL BYTES BACK") +
                ("; linear" if linear else "; SUPERLINEAR"), "no terminal fallback", good and linear)

        # 8. Links: one rule, http/https/mailto, for messages as for terms.
        if wanted('links'):
            rows.extend(link_rows(display, work, n))
            ok = ok and all(r[4] for r in rows)

        # 9. Messages that used to mislead or be missing.
        if wanted('messages'):
            env = dict(base_env, GDK_BACKEND="wayland", WAYLAND_DISPLAY="wayland-beckon-none", DISPLAY=display.name)
            results = {}
            for program in (BECKON, ZENITY):
                run = Measured([program, "--question", "--text=hi", "--timeout=2"], env)
                code, out, err = run.wait(20)
                results[program] = words(code, err, program)
            line = first_line(err, BECKON)
            row("`GDK_BACKEND=wayland` with no compositor (a working DISPLAY)", 1, results[BECKON], results[ZENITY],
                "compositor" in results[BECKON] and "DISPLAY=:" not in results[BECKON]
                and results[BECKON].startswith("exit 255"))
            run = Measured([BECKON, "terms", "--file", os.path.join(work, "missing.md"), "--json"], base_env)
            code, out, err = run.wait(20)
            try:
                ended = json.loads(out.strip().splitlines()[-1]).get("outcome") if out.strip() else None
            except ValueError:
                ended = "not JSON"
            row("`terms --json` on a missing file", 1, words(code, err, BECKON, extra="stdout %s" % (
                json.dumps(ended) if ended else "empty")), "no such dialog", code == 255 and ended == "error")
            for title, argv in (("terms", [BECKON, "terms", "--file", SAMPLE, "--tty"]),
                                ("progress", [BECKON, "--progress", "--tty", "--text=working"])):
                code, screen, took = on_pty(argv, dict(base_env, TERM="xterm-256color"), hangup=True)
                row("a terminal hang-up during %s" % title, 1, status(code), "no terminal fallback", code == 1)
            big_text = write(work, "big40m.txt", (b"x" * 79 + b"\n") * (40 * 1024 * 1024 // 80))
            sparse = os.path.join(work, "sparse2g.txt")
            with open(sparse, "wb") as f:
                f.truncate(2 * 1024 * 1024 * 1024)
            for title, path in (("a 40 MB file", big_text), ("a 2 GB sparse file", sparse)):
                results = {}
                for program in (BECKON, ZENITY):
                    run = Measured([program, "--text-info", "--filename", path, "--timeout=3"], display.env)
                    code, out, err = run.wait(60)
                    warned = "longer than" in err
                    results[program] = words(code, err, program, run, "a warning" if warned else "no warning")
                row("`--text-info` on %s" % title, 1, results[BECKON], results[ZENITY],
                    "a warning" in results[BECKON] and "exit 5" in results[BECKON])

        # 10. What held before and must keep holding.
        if wanted('held'):
            env, state = state_env(display.env)
            os.makedirs(state + "/beckon", mode=0o700)
            many = [{"id": "org.beckon.r%d" % i, "version": "1", "sha256": "0" * 64,
                     "accepted_at": "2026-01-01T00:00:00Z", "user": "u"} for i in range(10000)]
            write(state + "/beckon", "consents.json", json.dumps({"format": 1, "records": many}))
            os.chmod(state + "/beckon/consents.json", 0o600)
            run = Measured([BECKON, "terms", "--status", "--id", "org.beckon.r9999"], env)
            code, out, err = run.wait(20)
            row("10,000 records: `--status` of the last", 1, words(code, err, BECKON, run), "no consent store",
                code == 0 and "org.beckon.r9999" in out)
            for title, feed in (("`yes` into `--progress`", "yes"),
                                ("a 500 MB line into `--progress`", "head -c 500000000 /dev/zero | tr '\\0' 5")):
                results = {}
                for program in (BECKON, ZENITY):
                    feeder = subprocess.Popen(["sh", "-c", feed], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
                    run = Measured([program, "--progress", "--timeout=5"], display.env, stdin=feeder.stdout)
                    feeder.stdout.close()
                    code, out, err = run.wait(60)
                    feeder.kill()
                    feeder.wait()
                    results[program] = words(code, err, program, run)
                row(title, 1, results[BECKON], results[ZENITY],
                    results[BECKON].startswith("exit 5") or results[BECKON].startswith("exit 0"))
            results = {}
            for program in (BECKON, ZENITY):
                runs = [Measured([program, "--question", "--text=%d of 60" % i, "--timeout=8"], display.env)
                        for i in range(60)]
                ended = [r.wait(60) for r in runs]
                codes = sorted(set(status(c) for c, _, _ in ended))
                results[program] = "%d× %s" % (len(runs), ", ".join(codes))
            row("60 dialogs at once on one display, `--timeout=8`", 1, results[BECKON], results[ZENITY],
                results[BECKON] == "60× exit 5")
    finally:
        display.close()
        subprocess.run(["chmod", "-R", "u+rwx", work])
        shutil.rmtree(work, ignore_errors=True)
    report.section(ATTACKS_TITLE,
                   "Issue 19's reproducers, each against `%s` and, where zenity 3.44 has the same dialog, zenity "
                   "with the same bytes (terms files as `zenity --text-info --filename`). Times are wall time from "
                   "fork to exit on a 2-core machine, memory the child's peak RSS. Wanted from beckon: no crash, no "
                   "hang past `--timeout` (5 s here, 2 s of slack) or past a second after SIGTERM/SIGINT, no "
                   "forged record, the window on the screen, no control sequence from content on a terminal "
                   "(none at all with `TERM=dumb`), links opened only for http, https and mailto, and a clear "
                   "message with a documented exit code for every failure." % os.path.relpath(BECKON, os.getcwd()),
                   rows, ok)


def beside(n, attempt):
    """The same attack on beckon and on zenity, n times each: `attempt(program)` gives one
    run's (words, as wanted); returns {program: (the words tallied, every run as wanted)}."""
    results = {}
    for program in (BECKON, ZENITY):
        outcomes, good = [], True
        for _ in range(n):
            told, ok = attempt(program)
            outcomes.append(told)
            good = good and ok
        results[program] = (tally_words(outcomes), good)
    return results


def terms_window(display, program, path, env, seconds, *beckon_extra):
    """`path` shown with --timeout 5 by `beckon terms` (with `beckon_extra`) or zenity --text-info:
    (the run, its window or None, the window's geometry or None, exit code, stderr)."""
    argv = [BECKON, "terms", "--file", path, *beckon_extra, "--timeout", "5"] if program == BECKON \
        else [ZENITY, "--text-info", "--filename", path, "--timeout", "5"]
    run = Measured(argv, env)
    shown = display.window_of(run.pid, seconds=12)
    box = geometry(display, shown) if shown else None
    code, out, err = run.wait(seconds)
    return run, shown, box, code, err


def tally_words(outcomes):
    from rel.harness import tally
    # One wording whatever the run's own figures: times and sizes are told once, as a range.
    shapes = [re.sub(r"in [0-9.]+ s, [0-9]+ MiB", "in T", o) for o in outcomes]
    if len(set(shapes)) == 1 and len(outcomes) > 1 and "in T" in shapes[0]:
        figures = [re.search(r"in ([0-9.]+) s, ([0-9]+) MiB", o) for o in outcomes]
        times = sorted(float(f.group(1)) for f in figures)
        rss = sorted(int(f.group(2)) for f in figures)
        return "%d× %s" % (len(outcomes), shapes[0].replace(
            "in T", "in %.1f–%.1f s, %d–%d MiB" % (times[0], times[-1], rss[0], rss[-1])))
    return tally(outcomes)


def accept_by_keys(display, run):
    """Accept the terms as a person does: to the end (Ctrl+End), then Return until the program ends."""
    window = display.window_of(run.pid, seconds=15)
    if not window:
        return
    display.key(window, "ctrl+End")
    deadline = time.monotonic() + 15
    while not run.poll() and time.monotonic() < deadline:
        display.key(window, "Return")
        until(lambda: run.poll(), 0.5)


# ---- a pseudo-terminal -----------------------------------------------------------

def pty_child(slave):
    def preexec():
        default_signals()
        os.setsid()
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
    return preexec


def on_pty(argv, env, keys=(), hangup=False, seconds=20):
    """Runs argv with a pty as its controlling terminal, stdin and stderr (stdout a file); returns
    (code, every byte the terminal received, seconds). Keys are typed once the screen is drawn;
    `hangup` closes the terminal's master side instead (SIGHUP, as a closed terminal window)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, b"\x18\x00\x50\x00\x00\x00\x00\x00")  # 24 rows, 80 columns
    run = Measured(argv, env, stdin=slave, preexec=pty_child(slave))
    os.close(slave)
    screen = b""
    typed = False
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not run.poll():
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                screen += os.read(master, 65536)
            except OSError:
                pass
        if not typed and len(screen) > 0 and not select.select([master], [], [], 0.3)[0]:
            typed = True
            if hangup:
                os.close(master)
                master = None
                break
            for key in keys:
                os.write(master, key)
    code, out, err = run.wait(max(1, deadline - time.monotonic()))
    if master is not None:
        try:
            while select.select([master], [], [], 0)[0]:
                chunk = os.read(master, 65536)
                if not chunk:
                    break
                screen += chunk
        except OSError:
            pass
        os.close(master)
    return code, screen, run.took


def paste_into_entry(text, env, seconds=120):
    """Pastes `text` into `beckon --entry --tty` and presses Return; (code, stdout, seconds from the paste)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, b"\x18\x00\x50\x00\x00\x00\x00\x00")
    out_file = tempfile.NamedTemporaryFile(delete=False)
    run = Measured([BECKON, "--entry", "--tty", "--text=Paste"], env, stdin=slave, preexec=pty_child(slave),
                   stdout=out_file)
    out_file.close()
    os.close(slave)
    seen = b""
    while b"Paste" not in seen and not run.poll():
        if select.select([master], [], [], 5)[0]:
            seen += os.read(master, 65536)
    began = time.monotonic()
    data = b"\x1b[200~" + text + b"\x1b[201~\r"  # as a terminal with bracketed paste sends it
    offset = 0
    while offset < len(data) and time.monotonic() - began < seconds and not run.poll():
        ready_r, ready_w, _ = select.select([master], [master], [], 0.1)
        if ready_r:
            try:
                os.read(master, 1 << 20)  # drain the echo, so the child never blocks on its output
            except OSError:
                break
        if ready_w:
            offset += os.write(master, data[offset:offset + 4096])
    while not run.poll() and time.monotonic() - began < seconds:
        if select.select([master], [], [], 0.1)[0]:
            try:
                os.read(master, 1 << 20)
            except OSError:
                break
    code, _, _ = run.wait(1)
    # From the first byte of the paste to the exit; None for a paste still running at the deadline.
    took = run.started + run.took - began if code is not None else None
    os.close(master)
    out = open(out_file.name, "rb").read()
    os.unlink(out_file.name)
    return code, out, took


# ---- links ------------------------------------------------------------------------

class RecordingDesktop:
    """A private desktop whose only handler, for every scheme tried and for text/plain (what
    file:///etc/passwd opens with), writes each URI it is given to a file: as
    Tests/EndToEndTests/MessageLinkTests.swift makes it."""
    TYPES = ["x-scheme-handler/http", "x-scheme-handler/https", "x-scheme-handler/mailto", "x-scheme-handler/file",
             "x-scheme-handler/ssh", "text/plain"]

    def __init__(self, work):
        self.root = tempfile.mkdtemp(prefix="beckon-rel-links-", dir=work)
        os.makedirs(self.root + "/data/applications")
        os.makedirs(self.root + "/config")
        script = write(self.root, "record", "#!/bin/sh\nprintf '%%s\\n' \"$1\" >> '%s/opened'\n" % self.root)
        os.chmod(script, 0o755)
        write(self.root + "/data/applications", "beckon-recorder.desktop",
              "[Desktop Entry]\nType=Application\nName=Recorder\nExec=%s %%u\nMimeType=%s;\nNoDisplay=true\n"
              % (script, ";".join(self.TYPES)))
        write(self.root + "/config", "mimeapps.list",
              "[Default Applications]\n" + "".join("%s=beckon-recorder.desktop\n" % t for t in self.TYPES))
        self.env = {"XDG_DATA_HOME": self.root + "/data", "XDG_CONFIG_HOME": self.root + "/config",
                    "XDG_CURRENT_DESKTOP": "", "GTK_USE_PORTAL": "0", "BROWSER": ""}

    def uris(self):
        try:
            return open(self.root + "/opened").read().split()
        except OSError:
            return []


def link_rows(display, work, n):
    """A message whose --text links to a web page, a local file, an ssh host, a custom scheme and a mail
    with an attachment; each link activated by keys (Tab into the text, the cursor into a link,
    Return), as MessageLinkTests does. What reaches the desktop's handler is read from disk."""
    cases = [
        ("a message's `<a href>` links: https, then file:///etc/passwd",
         '<a href="https://example.org/terms">web</a> and <a href="file:///etc/passwd">file</a>',
         ["Tab", "End", "Left", "Return", "Home", "Return"], ["https://example.org/terms"]),
        ("a message's `<a href>` links: https, ssh:, a custom scheme",
         '<a href="https://example.org/">w</a> <a href="ssh://host">s</a> <a href="x-beckon-test:run">c</a>',
         ["Tab", "End", "Left", "Return", "Left", "Left", "Return", "Home", "Return"], ["https://example.org/"]),
        ("a message's mailto link with `?attach=/etc/shadow`",
         '<a href="MAILTO:legal@example.org?attach=/etc/shadow&amp;subject=Terms">mail</a>',
         ["Tab", "Home", "Return"], ["mailto:legal@example.org?subject=Terms"]),
    ]
    rows = []
    for title, markup, keys, wanted in cases:
        def attempt(program):
            desktop = RecordingDesktop(work)
            run = Measured([program, "--info", "--text=" + markup, "--timeout=20"], dict(display.env, **desktop.env))
            window = display.window_of(run.pid, seconds=12)
            if window:
                display.key(window, *keys)
                until(lambda: len(desktop.uris()) >= len(wanted), 15)
                time.sleep(1)  # the links before the last one would have reached the handler by now
                display.key(window, "Escape")
            code, out, err = run.wait(30)
            opened = desktop.uris()
            return status(code) + ", the handler got " + (", ".join(opened) if opened else "nothing"), opened == wanted
        results = beside(n, attempt)
        rows.append((title, str(n), results[BECKON][0], results[ZENITY][0], results[BECKON][1]))
        log("attacks: %s: %s" % (title, "as wanted" if results[BECKON][1] else "NOT AS WANTED"))
    return rows
