"""Text: invalid UTF-8, NULs and long text in every kind that shows text."""
import os
import shutil
import tempfile

from rel.harness import *  # noqa: F401,F403 (the shared layer: displays, runs, outcomes)
from rel.harness import BECKON, ZENITY, knob  # noqa: F401


def section_text(report):
    rows, ok = [], True
    n = max(1, knob["REL_REPEAT"] // 2)
    big = "x" * (128 * 1024 - 16)
    bad = b"caf\xe9 \xff\xfe end"
    cases = [
        ("invalid UTF-8 in --text", ["--question", b"--text=" + bad]),
        ("invalid UTF-8 in --title", ["--info", b"--title=" + bad]),
        ("invalid UTF-8 in --ok-label", ["--question", b"--ok-label=" + bad]),
        ("invalid UTF-8 in --cancel-label", ["--question", b"--cancel-label=" + bad]),
        ("invalid UTF-8 in --extra-button", ["--info", b"--extra-button=" + bad]),
        ("invalid UTF-8 in --entry-text", ["--entry", b"--entry-text=" + bad]),
        ("broken markup in --text", ["--info", "--text=<b>bold & <i>unclosed"]),
        ("--text of 128 KiB (the most Linux passes in one argument)", ["--info", "--text=" + big]),
        ("control characters in --text and --title", ["--info", "--text=a\x01b\x07c\x1bd\x7f", "--title=t\x08\x0c"]),
        ("RTL and combining text", ["--question", "--text=\u202e\u05e9\u05dc\u05d5\u05dd e\u0301\u0301\u0301 \u0645\u0631\u062d\u0628\u0627"]),
    ]
    display = Display()
    terms_dir = tempfile.mkdtemp(prefix="beckon-rel-terms-")
    try:
        def write(name, data):
            path = os.path.join(terms_dir, name)
            with open(path, "wb") as f:
                f.write(data)
            return path
        hostile = write("hostile.md", b"# Terms\n\n<script>alert(1)</script> <b>raw</b> <img src=x onerror=y>\n\n"
                        b"[run](javascript:alert(1)) [local](file:///etc/passwd) [ok](https://example.org)\n")
        invalid = write("invalid.md", b"# Terms\n\nCaf\xe9 \xff\xfe and more.\n")
        controls = write("controls.md", b"# Terms\n\na\x01b\x07c\x1bd\x00e\n")
        cases += [
            ("terms: Markdown with raw HTML and javascript:/file: links", ["terms", "--file", hostile, "--id", "org.r"]),
            ("terms: an input file that is not UTF-8 (C.UTF-8 locale)", ["terms", "--file", invalid, "--id", "org.r"]),
            ("terms: control characters and NUL in the file", ["terms", "--file", controls, "--id", "org.r"]),
            ("terms: --file /dev/zero", ["terms", "--file", "/dev/zero", "--id", "org.r"]),
            ("terms: --file a directory", ["terms", "--file", "/", "--id", "org.r"]),
        ]
        for title, args in cases:
            results = {}
            for program in (BECKON, ZENITY):
                z = args if program == BECKON else zenity_args(args)
                if z is None:
                    results[program] = "no such dialog"
                    continue
                outcomes = []
                for _ in range(n):
                    state = tempfile.mkdtemp(prefix="beckon-rel-state-")
                    env = dict(display.env, XDG_STATE_HOME=state, LC_ALL="C.UTF-8")
                    run = Run([program] + z + ["--timeout=2"], env)
                    shown = display.window_of(run.pid, seconds=12)
                    code, out, err = run.wait(25)
                    line = first_line(err, program)
                    words = ("shown, " if shown else "no window, ") + status(code)
                    if line:
                        words += " (" + md_escape(line) + ")"
                    outcomes.append(words)
                    shutil.rmtree(state, ignore_errors=True)
                results[program] = tally(outcomes)
            b = results[BECKON]
            good = uniform(b, "shown, exit 5") or uniform(b, "no window, exit 255 (beckon")
            ok = ok and good
            rows.append((title, str(n), b, results[ZENITY], good))
    finally:
        display.close()
        shutil.rmtree(terms_dir, ignore_errors=True)
    report.section("Text", "Each dialog ends by `--timeout=2` once shown, in the C.UTF-8 locale. Wanted: shown "
                   "(exit 5 by the timeout; a warning on stderr where text was changed) or refused with exit 255 "
                   "and a message naming the problem. Linux passes at most 128 KiB in one argument "
                   "(MAX_ARG_STRLEN), so a 10 MB `--text` cannot reach any program: the largest that can is tried.",
                   rows, ok)
