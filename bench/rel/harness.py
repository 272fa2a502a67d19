"""What every section of bench/reliability shares: the programs under attack, the knobs,
private displays, one bounded run of a program, and the words a run's outcome is told in."""
import collections
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BECKON = os.environ.get("BECKON", os.path.join(ROOT, ".build/debug/beckon"))
ZENITY = os.environ.get("ZENITY", shutil.which("zenity") or "/usr/bin/zenity")
# What Accept does, without a window: the test build's own program (the product has no such option).
TERMS_HARNESS = os.environ.get("TERMS_HARNESS", os.path.join(ROOT, ".build/debug/BeckonTermsHarness"))
SAMPLE = os.path.join(ROOT, "Resources/terms/sample-terms.md")
KNOBS = {
    "REL_PARSE": 100000, "REL_FULL": 2000, "REL_REPEAT": 5, "REL_WRITERS": 20, "REL_MEMCHECK": 200, "REL_SEED": 1,
    "REL_TESTRUNS": 10,
}
knob = {name: int(os.environ.get(name, default)) for name, default in KNOBS.items()}


def log(text):
    print(text, file=sys.stderr, flush=True)


# ---- displays --------------------------------------------------------------

class Display:
    """A private Xvfb, with openbox if asked, started by scripts/with-display (which retries
    when two servers race for one display number) and kept until close()."""

    def __init__(self, wm=True):
        command = [os.path.join(ROOT, "scripts/with-display")] + ([] if wm else ["--no-wm"])
        # The held command prints what with-display exported, then waits for its stdin to close.
        command += ["sh", "-c", 'echo "$DISPLAY $WITH_DISPLAY_XVFB_PID $WITH_DISPLAY_WM_PID"; exec cat >/dev/null']
        errors = tempfile.TemporaryFile()
        self.holder = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=errors, start_new_session=True)
        fields = self.holder.stdout.readline().decode().split()
        if len(fields) < 2:
            self.holder.kill()
            self.holder.wait()
            errors.seek(0)
            raise RuntimeError("scripts/with-display did not start a display: %s"
                               % errors.read().decode("utf-8", "replace").strip())
        errors.close()
        self.name = fields[0]
        self.xvfb_pid = int(fields[1])
        self.wm_pid = int(fields[2]) if len(fields) > 2 else None
        self.env = dict(os.environ, DISPLAY=self.name)
        self.env.pop("WAYLAND_DISPLAY", None)
        for name in ("WITH_DISPLAY_XVFB_PID", "WITH_DISPLAY_WM_PID", "WITH_DISPLAY_NO_WM"):
            self.env.pop(name, None)

    def window_of(self, pid, seconds=15):
        """The first visible window of process `pid`, or None after `seconds`."""
        def find():
            out = run_quiet(["xdotool", "search", "--onlyvisible", "--pid", str(pid)], self.env)
            return out.split()[0].decode() if out.split() else None
        return until(find, seconds)

    def key(self, window, *keys):
        # windowactivate needs a window manager; windowfocus (XSetInputFocus) works without one.
        subprocess.run(["xdotool", "windowactivate", "--sync", window], env=self.env, capture_output=True, timeout=5)
        subprocess.run(["xdotool", "windowfocus", "--sync", window], env=self.env, capture_output=True, timeout=5)
        subprocess.run(["xdotool", "key", "--clearmodifiers", *keys], env=self.env, capture_output=True, timeout=10)

    def kill_server(self):
        self._kill(self.xvfb_pid)

    def kill_wm(self):
        if self.wm_pid:
            self._kill(self.wm_pid)
            self.wm_pid = None

    @staticmethod
    def _kill(pid):
        """SIGKILL to a process of the display (not our child: with-display's), and wait until it is gone."""
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            return
        def gone():
            try:
                with open("/proc/%d/stat" % pid) as stat:
                    return stat.read().rsplit(") ", 1)[1].startswith("Z")
            except OSError:
                return True
        until(gone, 10)

    def close(self):
        """Closing the held command's stdin ends it; with-display then stops openbox and Xvfb."""
        if self.holder.poll() is None:
            self.holder.stdin.close()
            try:
                self.holder.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.holder.pid, signal.SIGKILL)
                self.holder.wait()
        self.holder.stdout.close()


def run_quiet(command, env, seconds=5):
    try:
        return subprocess.run(command, env=env, capture_output=True, timeout=seconds).stdout
    except (subprocess.TimeoutExpired, OSError):
        return b""


def until(probe, seconds, every=0.05):
    deadline = time.monotonic() + seconds
    while True:
        value = probe()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(every)


def zenity_args(args):
    """The same dialog for zenity: --json is beckon's; terms has no zenity counterpart."""
    if args[0] == "terms":
        return None
    return [a for a in args if a != "--json"]


# ---- one run of a program --------------------------------------------------

def default_signals():
    """The program under attack starts with SIGINT and SIGHUP at their defaults,
    as from a desktop session, even when this script runs under `nohup` or from
    `&` in a script: both programs rightly keep an inherited ignore
    (InheritedIgnoredSignalTests), and the signal attacks would then hang."""
    for number in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM, signal.SIGQUIT):
        signal.signal(number, signal.SIG_DFL)


class Run:
    """A program started with stdout and stderr captured to files (so a full pipe never stalls it)."""

    def __init__(self, argv, env, stdout=None, cwd=None):
        self.directory = tempfile.mkdtemp(prefix="beckon-rel-")
        self.err_path = os.path.join(self.directory, "stderr")
        self.out_path = os.path.join(self.directory, "stdout")
        out = stdout if stdout is not None else open(self.out_path, "wb")
        with open(self.err_path, "wb") as err:
            self.process = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                            cwd=cwd, start_new_session=True, preexec_fn=default_signals)
        if stdout is None:
            out.close()
        self.pid = self.process.pid
        self.started = time.monotonic()

    def wait(self, seconds):
        """(exit code or None on a hang, stdout, stderr); a hung process is killed."""
        try:
            code = self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            os.killpg(self.pid, signal.SIGKILL)
            self.process.wait()
            code = None
        self.ended = time.monotonic()
        out = open(self.out_path, "rb").read() if os.path.exists(self.out_path) else b""
        err = open(self.err_path, "rb").read()
        shutil.rmtree(self.directory, ignore_errors=True)
        return code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def status(code):
    """How a run ended, in words: 'exit 255', 'died of SIGSEGV', 'hang'."""
    if code is None:
        return "hang (killed)"
    if code < 0:
        return "died of " + signal.Signals(-code).name
    return "exit %d" % code


def first_line(err, program):
    """The first line on stderr that the program wrote itself (GTK's warnings aside)."""
    for line in err.splitlines():
        if line.strip() and not line.startswith("(") and "Gtk-WARNING" not in line and "dbind-WARNING" not in line:
            return line.strip()[:240]
    return ""


def tally(outcomes):
    """'3× exit 255 … · 2× exit 1 …' from a list of outcome strings, most common first."""
    counts = collections.Counter(outcomes)
    return " · ".join(("%d× %s" % (n, o)) if len(counts) > 1 or n > 1 else o for o, n in counts.most_common())


def uniform(tallied, prefix):
    """Whether every run of a tally had one outcome, starting with `prefix`."""
    return " · " not in tallied and re.sub(r"^\d+× ", "", tallied).startswith(prefix)


def md_escape(text):
    return text.replace("|", "\\|").replace("\n", " ")
