import BeckonTestSupport
import Foundation
import Testing

/// The gate's own process against the user who runs it (issue 51, rows 4 to
/// 6), on a booted machine with the enforcer: what the user's environment,
/// display settings and X clients can do to the gate, and what a gate's
/// command line may change. Each test is an attack that worked before.
@Suite(.serialized, .guiHangLimit) struct GateProcessBootedTests {
    static let home = "/home/\(EnforcedMachine.user)"
    /// Where the attacking module says it ran.
    static let moduleMark = "\(home)/module-ran"

    /// A GTK module as the attack round wrote it: once Accept can be
    /// pressed it schedules its own unloading (dlclose twice: its own
    /// reference and GModule's), then presses Accept, so by `accepted` it is
    /// no longer mapped for the enforcer to see. It first leaves a mark.
    static let clickingModule = """
        #define _GNU_SOURCE
        #include <gtk/gtk.h>
        #include <dlfcn.h>
        #include <stdio.h>
        #include <unistd.h>
        static gboolean press(gpointer unused) {
          GList *tops = gtk_window_list_toplevels();
          GtkWidget *accept = NULL;
          for (GList *l = tops; l; l = l->next)
            if (GTK_IS_DIALOG(l->data)) {
              GtkWidget *b = gtk_dialog_get_widget_for_response(GTK_DIALOG(l->data), 1);
              if (b && gtk_widget_get_sensitive(b) && gtk_widget_get_mapped(b)) accept = b;
            }
          g_list_free(tops);
          if (!accept) return G_SOURCE_CONTINUE;
          Dl_info info;
          if (dladdr((void *)press, &info)) {
            void *self = dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD);
            g_idle_add((GSourceFunc)dlclose, self);
            g_idle_add((GSourceFunc)dlclose, self);
          }
          gtk_button_clicked(GTK_BUTTON(accept));
          return G_SOURCE_REMOVE;
        }
        G_MODULE_EXPORT void gtk_module_init(gint *argc, gchar ***argv) {
          FILE *mark = fopen("\(moduleMark)", "w");
          if (mark) { fprintf(mark, "%d\\n", (int)getpid()); fclose(mark); }
          g_timeout_add(300, press, NULL);
        }
        """

    /// An X client of the user's that keeps the window named on its command
    /// line inside an unmapped 1×1 window of its own, every 100 ms for a
    /// minute (or as many times as its second argument says), then stays a
    /// minute: a client that exits takes its windows, and any window of
    /// another's inside them, with it (the gate's process then ends, and
    /// the enforcer ends the session: `gate-exited`).
    static let reparenter = """
        #include <X11/Xlib.h>
        #include <stdlib.h>
        #include <unistd.h>
        static int ignore(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }
        int main(int argc, char **argv) {
          Display *d = XOpenDisplay(NULL);
          if (!d || argc < 2) return 1;
          XSetErrorHandler(ignore);
          Window target = strtoul(argv[1], NULL, 0);
          Window hideout = XCreateSimpleWindow(d, DefaultRootWindow(d), 0, 0, 1, 1, 0, 0, 0);
          int times = argc > 2 ? atoi(argv[2]) : 600;
          for (int i = 0; i < times; i++) {
            XReparentWindow(d, target, hideout, 0, 0);
            XSync(d, False);
            usleep(100000);
          }
          /* Alive, so its window and what is inside are not destroyed with it. */
          sleep(60);
          return 0;
        }
        """

    static let gateConfig = "[Terms]\nVersion=1\nFile=aup.md\nGate=true\nRequireScroll=false\n"

    /// Compiles `source` as the user, in the machine, to `output` in their home.
    static func compile(_ enforced: EnforcedMachine, _ source: String, to output: String, packages: String,
                        shared: Bool) throws {
        let file = "\(output).c"
        try EnforcedMachine.write(source, to: enforced.machine.root + file)
        try enforced.machine.run(["chown", EnforcedMachine.user, file])
        let result = try enforced.machine.run(["runuser", "-u", EnforcedMachine.user, "--", "sh", "-c",
                                               "cc \(shared ? "-shared -fPIC" : "") -o \(output) \(file) "
                                               + "$(pkg-config --cflags --libs \(packages))"], deadline: 60)
        #expect(result.exitCode == 0, "\(result)")
    }

    /// An Xvfb of the user's in the machine, as EnforcerWindowBootedTests starts it; its display number.
    static func startDisplay(_ enforced: EnforcedMachine) throws -> Int {
        try enforced.machine.runInUserManager(user: EnforcedMachine.user, uid: enforced.uid, ["/bin/true"])
        let display = try #require(try EnforcerWindowBootedTests.freeDisplay(in: enforced), "no free X display number")
        try EnforcerWindowBootedTests.asUser(enforced, display,
                                             "systemd-run --user --unit=beckon-xvfb --collect --quiet Xvfb :\(display) -nolisten tcp")
        try poll("the machine's Xvfb", seconds: 20, every: 0.2) {
            try enforced.machine.run(["test", "-S", "/tmp/.X11-unix/X\(display)"]).exitCode
        } until: { $0 == 0 }
        return display
    }

    /// The real gate (the test build's `beckon terms --managed`) started in
    /// the user's manager with `environment` as the user set it; returns its
    /// window once its state says `ready` (a word of its role).
    static func showGate(_ enforced: EnforcedMachine, _ display: Int, environment: [String] = [],
                         ready: String = "keyboard-grabbed") throws -> String {
        let variables = (["DISPLAY=:\(display)", "BECKON_TEST_EXPOSE_GATE=1"] + environment).map { "-E '\($0)' " }.joined()
        try EnforcerWindowBootedTests.asUser(enforced, display, "systemd-run --user --unit=beckon-gate --quiet \(variables)"
                                             + "\(EnforcedMachine.beckon) terms --managed")
        do {
            let window = try poll("the gate's window", seconds: 30, every: 0.3) {
                try EnforcerWindowBootedTests.asUser(enforced, display, "for w in $(xdotool search --onlyvisible --name . 2>/dev/null); do "
                                                     + "xprop -id $w WM_WINDOW_ROLE | grep -q beckon-terms-gate && echo $w; done").stdout
                    .split(separator: "\n").first.map(String.init) ?? ""
            } until: { !$0.isEmpty }
            try poll("the gate to be \(ready)", seconds: 20, every: 0.2) {
                try EnforcerWindowBootedTests.asUser(enforced, display, "xprop -id \(window) WM_WINDOW_ROLE").stdout
            } until: { $0.contains(ready) }
            return window
        } catch {
            Issue.record("the gate's unit said:\n\(try gateLog(enforced))\nthe enforcer:\n\(try enforced.enforcerLog())")
            throw error
        }
    }

    static func gateLog(_ enforced: EnforcedMachine) throws -> String {
        try enforced.machine.run(["journalctl", "--no-pager", "-o", "cat", "_SYSTEMD_USER_UNIT=beckon-gate.service",
                                  "+", "USER_UNIT=beckon-gate.service"]).stdout
    }

    /// The process id of the gate that said it shows the terms (its own `shown` entry).
    static func shownGatePID(_ enforced: EnforcedMachine) throws -> Int {
        let entries = try poll("the gate to be shown", seconds: 20, every: 0.2) {
            try enforced.journal(["BECKON_OUTCOME=shown", "_UID=\(enforced.uid)"])
        } until: { !$0.isEmpty }
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(entries.last!.utf8)) as? [String: Any])
        return try #require((entry["_PID"] as? String).flatMap { Int($0) }, "\(entry)")
    }

    /// The gate's initial environment, read as root.
    static func environment(of pid: Int, in enforced: EnforcedMachine) throws -> [String] {
        try enforced.machine.run(["cat", "/proc/\(pid)/environ"]).stdout.split(separator: "\0").map(String.init)
    }

    static func gateIsRunning(_ enforced: EnforcedMachine, _ display: Int) throws -> Bool {
        try EnforcerWindowBootedTests.asUser(enforced, display, "systemctl --user is-active beckon-gate").stdout.hasPrefix("active")
    }

    // MARK: Row 4: a clean process

    /// The variables the attack round set, each of which reached the gate as the user set it.
    static let attackVariables = [
        "GTK_MODULES", "GTK3_MODULES", "GTK_PATH", "GIO_EXTRA_MODULES", "GIO_MODULE_DIR", "GTK_IM_MODULE_FILE",
        "GDK_PIXBUF_MODULE_FILE", "GTK_DEBUG", "GTK_THEME",
    ]

    /// Before: each of these reached the gate's process as the user set it.
    /// Now the gate starts itself again in its own environment before any
    /// library reads one; the enforcer, reading /proc/PID/environ as root,
    /// sees what the gate runs with.
    @Test func noVariableTheUserSetsReachesTheGatesProcess() throws {
        let enforced = try EnforcedMachine.start()
        defer { enforced.stop() }
        try enforced.holdGate(Self.attackVariables.flatMap { ["-E", "\($0)=\(Self.home)/evil"] })
        let pid = try Self.shownGatePID(enforced)
        let environment = try Self.environment(of: pid, in: enforced)
        for name in Self.attackVariables {
            #expect(!environment.contains { $0.hasPrefix(name + "=") }, "\(name) reached the gate: \(environment)")
        }
        #expect(environment.contains("HOME=/nonexistent/beckon-gate"), "\(environment)")
        // Its records are still the user's own.
        #expect(environment.contains("XDG_STATE_HOME=\(Self.home)/.local/state"), "\(environment)")
    }

    /// Before: `GTK_MODULES=$HOME/m.so` pressed Accept in the real window and
    /// unloaded itself; the enforcer recorded the acceptance. Now the module
    /// never loads: no one pressed anything, and the gate is still shown.
    @Test func aModuleInGTKModulesNeverLoads() throws {
        let enforced = try EnforcedMachine.start(gateConfig: Self.gateConfig)
        defer { enforced.stop() }
        try Self.compile(enforced, Self.clickingModule, to: "\(Self.home)/m.so", packages: "gtk+-3.0", shared: true)
        let display = try Self.startDisplay(enforced)
        _ = try Self.showGate(enforced, display, environment: ["GTK_MODULES=\(Self.home)/m.so"])
        try expectNothingPressed(enforced, display, "GTK_MODULES")
    }

    /// Before: a settings daemon of the user's (xsettingsd) naming a module
    /// of theirs in `Gtk/Modules` (absolute paths allowed) had GTK load it
    /// into the gate, whatever its environment said: it pressed Accept. Now
    /// the gate loads modules from root's files alone (GateModulePolicy).
    @Test func aModuleNamedByTheUsersXSettingsNeverLoads() throws {
        let enforced = try EnforcedMachine.start(gateConfig: Self.gateConfig)
        defer { enforced.stop() }
        try Self.compile(enforced, Self.clickingModule, to: "\(Self.home)/m.so", packages: "gtk+-3.0", shared: true)
        try EnforcedMachine.write("Gtk/Modules \"\(Self.home)/m.so\"\n", to: enforced.machine.root + "\(Self.home)/xsettingsd.conf")
        let display = try Self.startDisplay(enforced)
        try Self.startXSettings(enforced, display)
        _ = try Self.showGate(enforced, display)
        try expectNothingPressed(enforced, display, "Gtk/Modules")
        #expect(try Self.gateLog(enforced).contains("not loading \(Self.home)/m.so under a gate"))
    }

    /// Waits what the module needs to press Accept (300 ms, many times over),
    /// then: no acceptance, no mark of the module, the gate still shown.
    private func expectNothingPressed(_ enforced: EnforcedMachine, _ display: Int, _ how: String) throws {
        usleep(6_000_000)
        let accepted = try enforced.journal(["BECKON_OUTCOME=enforcer-accepted"])
        #expect(accepted.isEmpty, "a module given by \(how) pressed Accept: \(accepted)")
        let mark = try enforced.machine.run(["cat", Self.moduleMark])
        #expect(mark.exitCode != 0, "the module given by \(how) ran in process \(mark.stdout)")
        let log = (try? Self.gateLog(enforced)) ?? ""
        #expect(try Self.gateIsRunning(enforced, display), "the gate is gone:\n\(log)")
    }

    /// Before: `~/.config/gtk-3.0/gtk.css` styled the gate: one colour for
    /// text and background alike left a uniform window with nothing to read.
    /// Now the gate's home is not the user's; its theme comes from system
    /// paths alone and the window has its text.
    @Test func theUsersGtkCSSDoesNotStyleTheGate() throws {
        let enforced = try EnforcedMachine.start(gateConfig: Self.gateConfig)
        defer { enforced.stop() }
        let css = "\(Self.home)/.config/gtk-3.0/gtk.css"
        try EnforcedMachine.write(Self.hidingCSS, to: enforced.machine.root + css)
        try enforced.machine.run(["chown", "-R", EnforcedMachine.user, "\(Self.home)/.config"])
        let display = try Self.startDisplay(enforced)
        let window = try Self.showGate(enforced, display)
        try Self.expectTextShown(enforced, display, window, "the user's gtk.css")
    }

    /// A stylesheet that paints text and background one colour.
    static let hidingCSS = "* { all: unset; background-color: #ff00ff; color: #ff00ff; }\n"

    /// The gate's window, a second after it is ready, has more colours than a
    /// stylesheet that hides everything would leave (one, and the caret's).
    static func expectTextShown(_ enforced: EnforcedMachine, _ display: Int, _ window: String, _ attack: String) throws {
        usleep(1_000_000)
        let colours = try EnforcerWindowBootedTests.asUser(enforced, display, "import -window \(window) png:- | convert png:- -format %k info:")
        let count = Int(colours.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(count > 8, "the gate's window has \(count) colours: \(attack) hid its text (\(colours))")
    }

    /// Before: a theme name with "../" given by the user's xsettingsd
    /// (`Net/ThemeName`) led GTK from /usr/share/themes into the user's home,
    /// so a stylesheet of theirs styled the gate even with its home
    /// replaced. Now such a name is replaced by GTK's default under a gate.
    @Test func aThemeNamedByTheUsersXSettingsStaysInTheSystemsThemes() throws {
        let enforced = try EnforcedMachine.start(gateConfig: Self.gateConfig)
        defer { enforced.stop() }
        let theme = "\(Self.home)/evil"
        try EnforcedMachine.write(Self.hidingCSS, to: enforced.machine.root + "\(theme)/gtk-3.0/gtk.css")
        try EnforcedMachine.write("Net/ThemeName \"../../../..\(theme)\"\n", to: enforced.machine.root + "\(Self.home)/xsettingsd.conf")
        try enforced.machine.run(["chown", "-R", EnforcedMachine.user, theme])
        let display = try Self.startDisplay(enforced)
        try Self.startXSettings(enforced, display)
        let window = try Self.showGate(enforced, display)
        try Self.expectTextShown(enforced, display, window, "a theme in the user's home named by their xsettingsd")
    }

    /// The user's xsettingsd on `display`, with ~/xsettingsd.conf.
    static func startXSettings(_ enforced: EnforcedMachine, _ display: Int) throws {
        try EnforcerWindowBootedTests.asUser(enforced, display, "systemd-run --user --unit=beckon-xsettings --collect --quiet "
                                             + "-E DISPLAY=:\(display) xsettingsd -c \(Self.home)/xsettingsd.conf")
        try poll("xsettingsd to run", seconds: 10, every: 0.2) {
            try EnforcerWindowBootedTests.asUser(enforced, display, "systemctl --user is-active beckon-xsettings").stdout
        } until: { $0.hasPrefix("active") }
        // It takes the screen's _XSETTINGS_S0 selection as it starts.
        usleep(1_000_000)
    }

    // MARK: Row 5: the gate watches its own windows

    /// Before: any X client of the user's could keep the gate's window in an
    /// unmapped 1×1 window of its own; the keyboard was free and the session
    /// kept. Now the gate puts itself back each time, and hidden still after
    /// 2 s it tells the enforcer, which ends the session (`gate-hidden`).
    @Test func aGateKeptReparentedIntoAnUnmappedWindowEndsTheSession() throws {
        let enforced = try EnforcedMachine.start(gateConfig: Self.gateConfig)
        defer { enforced.stop() }
        try Self.compile(enforced, Self.reparenter, to: "\(Self.home)/hide", packages: "x11", shared: false)
        let display = try Self.startDisplay(enforced)
        let window = try Self.showGate(enforced, display)
        try EnforcerWindowBootedTests.asUser(enforced, display, "systemd-run --user --unit=beckon-hide --collect --quiet "
                                             + "-E DISPLAY=:\(display) \(Self.home)/hide \(window)")
        try expectEndedHidden(enforced, "the gate's window kept in an unmapped 1×1 window")
    }

    /// Hidden once, the gate is back within a check (0.5 s) and the session
    /// goes on: only a gate kept hidden ends it.
    @Test func aGateReparentedOnceIsPutBackAndTheSessionGoesOn() throws {
        let enforced = try EnforcedMachine.start(gateConfig: Self.gateConfig)
        defer { enforced.stop() }
        try Self.compile(enforced, Self.reparenter, to: "\(Self.home)/hide", packages: "x11", shared: false)
        let display = try Self.startDisplay(enforced)
        let window = try Self.showGate(enforced, display)
        try EnforcerWindowBootedTests.asUser(enforced, display, "\(Self.home)/hide \(window) 1")
        try poll("the gate's window back under the root and viewable", seconds: 2, every: 0.1) {
            try EnforcerWindowBootedTests.asUser(enforced, display, "xwininfo -id \(window) -tree; xwininfo -id \(window)").stdout
        } until: { info in
            info.split(separator: "\n").contains { $0.contains("Parent window id:") && $0.contains("(the root window)") }
                && info.contains("IsViewable")
        }
        try enforced.expectSessionKept("the gate put itself back at once")
        #expect(try enforced.journal(["BECKON_REASON=gate-hidden"]).isEmpty)
    }

    /// Before: a window unmapped by another client stayed so; the session was kept.
    @Test func aGateKeptUnmappedEndsTheSession() throws {
        let enforced = try EnforcedMachine.start(gateConfig: Self.gateConfig)
        defer { enforced.stop() }
        let display = try Self.startDisplay(enforced)
        let window = try Self.showGate(enforced, display)
        try EnforcerWindowBootedTests.asUser(enforced, display, "systemd-run --user --unit=beckon-hide --collect --quiet "
                                             + "-E DISPLAY=:\(display) sh -c 'for i in $(seq 600); do xdotool windowunmap \(window); sleep 0.1; done'")
        try expectEndedHidden(enforced, "the gate's window kept unmapped")
    }

    private func expectEndedHidden(_ enforced: EnforcedMachine, _ why: String) throws {
        // 2 s of checks, the report, the logout; margin for a loaded machine.
        do {
            try enforced.expectSessionEnded(why, within: 10)
        } catch {
            Issue.record("the gate said:\n\(try Self.gateLog(enforced))\nthe enforcer:\n\(try enforced.enforcerLog())")
            throw error
        }
        let ended = try enforced.journal(["BECKON_OUTCOME=session-ended", "BECKON_REASON=gate-hidden"])
        let log = (try? enforced.enforcerLog()) ?? ""
        #expect(!ended.isEmpty, "\(log)")
    }

    // MARK: Row 6: what is recorded is what was shown

    /// Before: `--managed ID --file ~/mine.md` showed the user's text and the
    /// enforcer recorded an acceptance of the system's. Now every option the
    /// gate's key file decides is refused on the command line (exit 255),
    /// before anything is shown, and nothing is recorded.
    @Test func aGatesTextAndWordsCannotBeChangedOnTheCommandLine() throws {
        let enforced = try EnforcedMachine.start()
        defer { enforced.stop() }
        let mine = "\(Self.home)/mine.md"
        try EnforcedMachine.write("# Mine\n\nNothing at all.\n", to: enforced.machine.root + mine)
        for option in [["--file", mine], ["--version", "9"], ["--accept-label", "Fine"], ["--checkbox", "Sure"]] {
            let result = try enforced.gate("accept", ["--managed", EnforcedMachine.gateID] + option)
            #expect(result.exitCode == 255, "\(option): \(result)")
            #expect(result.stderr.contains("\(option[0]) cannot be used with --managed for \(EnforcedMachine.gateID), a gate"),
                    "\(option): \(result)")
        }
        #expect(try enforced.journal(["BECKON_OUTCOME=enforcer-accepted"]).isEmpty)
        #expect(try enforced.journal(["BECKON_OUTCOME=shown", "_UID=\(enforced.uid)"]).isEmpty)
    }
}
