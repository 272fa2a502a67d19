# Beckon: the two commands a newcomer needs are `make demo` and `make test`.
PREFIX ?= /usr/local
# Where the XDG autostart entry goes: /etc/xdg is the default of XDG_CONFIG_DIRS,
# which desktops read (unlike $(PREFIX)/etc/xdg).
SYSCONFDIR ?= /etc
SWIFT ?= swift
# The release link, for start-up time and memory (docs/performance-notes.md, "Where the time
# goes"): lld packs the ~21,000 relative relocations of the static Swift runtime
# into DT_RELR, and libstdc++ (the runtime's C++ support) is linked in rather
# than loaded. The -L directory holds only libstdc++.a, so the linker takes it
# over libstdc++.so; left empty when there is no libstdc++.a, the link stays dynamic.
# bench/link-order.txt (bench/make-link-order) lays out the code the dialogs run
# first and together, so the kernel's 64 KiB fault-around keeps fewer pages;
# every function has a section of its own (Swift's -function-sections, C's
# -ffunction-sections) so that the order can move it alone, not its whole file.
# --no-export-dynamic: nothing looks a symbol up in the executable, and its
# 5,600 exported stdlib symbols made ld.so search (and fault in) 480 KiB of
# .dynsym and .dynstr on every lookup of every library.
# -disable-concrete-type-metadata-mangled-name-accessors: a concrete generic
# type (`[String: Int]`, `Set<Options>`) gets its metadata from its accessor,
# given the witness tables, not from its mangled name, which has the runtime
# demangle it and, for each Hashable or other requirement, scan every protocol
# conformance in the executable (docs/performance-notes.md, issue 36).
# -static-libgcc: the unwinder (libgcc_eh) linked in, as libstdc++ is, rather
# than libgcc_s.so loaded at every start for code that runs only when a C++
# exception or a backtrace unwinds (92 KiB resident; issue 36).
# --disable-local-rpath: no RUNPATH of $$ORIGIN, which had ld.so look for each of
# the ~40 libraries (and libm's glibc-hwcaps variants) beside the executable
# first, ~30 failed opens at every start, in /usr/bin once installed.
# --export-dynamic-symbol=g_module_open: the one symbol the executable must
# export, its replacement of GLib's g_module_open (CBeckonGLib/module_policy.c):
# under a gate, GTK, GIO and gdk-pixbuf load modules only from root's files,
# and the dynamic loader finds ours before libgmodule's only if it is exported.
# bench/private-functions.ld gathers the functions that have no symbol (the
# closure-context destructors), which the link order cannot name (same notes).
STATIC_CXX = $(CURDIR)/.build/static-libstdc++
# cmark (the terms' Markdown) linked in from libcmark.a, where Debian ships it:
# loaded as libcmark.so it cost every dialog 164 KiB resident (its symbol tables
# searched by ld.so, its relocated data) for code only `beckon terms` runs. The
# linker would take the .so over the .a whatever -L says (pkg-config's
# -L/usr/lib/... comes first), so a libcmark.pc of our own names the archive
# (issue 36). RELEASE_ENV is the environment every release build runs in.
STATIC_PC = $(CURDIR)/.build/static-pkgconfig
RELEASE_ENV = PKG_CONFIG_PATH=$(STATIC_PC)$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))
LINK_ORDER = $(wildcard $(CURDIR)/bench/link-order.txt)
RELEASE_FLAGS = -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -use-ld=lld \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xlinker --no-export-dynamic -Xlinker --export-dynamic-symbol=g_module_open -Xlinker -T -Xlinker $(CURDIR)/bench/private-functions.ld \
	-Xlinker -z -Xlinker pack-relative-relocs -Xlinker -L$(STATIC_CXX) \
	-Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
	$(if $(LINK_ORDER),-Xlinker --symbol-ordering-file=$(LINK_ORDER) -Xlinker --no-warn-symbol-ordering)
BIN = $(shell $(SWIFT) build $(RELEASE_FLAGS) --show-bin-path 2>/dev/null)

.PHONY: all deps deps-build build release test test-suites test-desktops deps-desktops desktop-screenshots test-unit fuzz fuzz-short asan memcheck reliability deb deb-check demo bench instructions soak install uninstall clean

all: build

# What the tests and benchmarks need (both package lists, the test locales);
# deps-build only what building and running need, for make demo.
deps:
	scripts/install-deps

deps-build:
	scripts/install-deps --build

build: deps
	$(SWIFT) build

release: deps-build $(STATIC_CXX)/.done $(STATIC_PC)/.done
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE_FLAGS) --product beckon
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE_FLAGS) --product beckon-enforcer

$(STATIC_CXX)/.done:
	mkdir -p $(STATIC_CXX)
	a=$$($(CC) -print-file-name=libstdc++.a); if [ -f "$$a" ]; then ln -sf "$$a" $(STATIC_CXX)/libstdc++.a; fi
	touch $@

# Left empty when there is no libcmark.a: the link stays dynamic.
$(STATIC_PC)/.done:
	mkdir -p $(STATIC_PC)
	pc=$$(pkg-config --variable=pcfiledir libcmark)/libcmark.pc; \
	if [ -f "$$(pkg-config --variable=libdir libcmark)/libcmark.a" ]; then \
	  sed 's/^Libs:.*/Libs: -l:libcmark.a/' "$$pc" >$(STATIC_PC)/libcmark.pc; fi
	touch $@

# Unit tests need no display; everything else runs on a private Xvfb + openbox.
# Every Swift test, suite by suite on BECKON_TEST_SHARDS private displays
# (scripts/run-tests), beside the short fuzz: most of a GUI test is waiting for
# a window or an exit, so the displays' waits overlap.
# scripts/check-modules first: the consent and login-gate modules must not reach GTK;
# scripts/check-doc-links: every relative link and anchor in README.md and docs/ resolves.
test: deps
	$(SWIFT) build --build-tests
	scripts/check-modules
	scripts/check-doc-links
	$(MAKE) --no-print-directory -j 2 test-suites fuzz-short

# The desktop suites (Tests/EndToEndTests/Desktops: a real GNOME, KDE Plasma or
# XFCE session each, some 500 Debian packages) are left to make test-desktops,
# which installs the desktops and runs the suites one at a time: a whole
# desktop starting on a loaded machine is not yet steady enough for every run.
test-suites:
	scripts/run-tests --except 'DesktopTests'

deps-desktops:
	scripts/install-deps --desktops

# deb: GnomeDesktopTests' and PlasmaDesktopTests' booted logins install the .deb (G7, P7 in docs/terms.md).
test-desktops: deps-desktops deb
	$(SWIFT) build --build-tests
	scripts/run-tests --shards 1 'DesktopTests'

# The same suites, writing their screenshots into docs/images/desktops.
desktop-screenshots: deps-desktops
	$(SWIFT) build --build-tests
	BECKON_WRITE_SCREENSHOTS=1 scripts/run-tests --shards 1 'DesktopTests'

# Argument fuzzing (scripts/fuzz-arguments): a short run in every `make test`;
# `make fuzz` is the full one (100,000 parse-only runs, 2,000 on a display).
fuzz-short:
	scripts/fuzz-arguments parse 1000 --seed $${FUZZ_SEED:-1}
	scripts/with-display scripts/fuzz-arguments full 100 --seed $${FUZZ_SEED:-1}

fuzz: deps
	$(SWIFT) build
	scripts/fuzz-arguments parse 100000 --seed $${FUZZ_SEED:-1} --out bench/out/fuzz-parse.json
	scripts/with-display scripts/fuzz-arguments full 2000 --seed $${FUZZ_SEED:-1} --out bench/out/fuzz-full.json

# Every logic test target, with no display to reach: all test targets but
# those Package.swift marks BECKON_NEEDS_DISPLAY (scripts/unit-test-targets),
# so a unit test that opens a window fails here instead of passing on the
# developer's desktop.
test-unit: deps
	$(SWIFT) build --build-tests
	env -u DISPLAY -u WAYLAND_DISPLAY $(SWIFT) test --skip-build --filter "$$(scripts/unit-test-targets)"

# The headline job on the bundled sample terms. Declining is an answer, not a
# failed build: the demo reports the exit status instead of failing on it.
# Without a display (SSH, a server, a container) beckon shows the terms on the
# terminal instead, so the demo works there too.
demo: release
	@status=0; $(BIN)/beckon terms --file Resources/terms/sample-terms.md --id org.beckon.demo --version 1 --json || status=$$?; \
	case $$status in \
	  0) echo "demo: accepted (exit 0); the record is in $${XDG_STATE_HOME:-$$HOME/.local/state}/beckon/consents.json" ;; \
	  1) echo "demo: declined or closed (exit 1)" ;; \
	  5) echo "demo: timed out (exit 5)" ;; \
	  *) echo "demo: beckon terms failed (exit $$status)"; exit $$status ;; \
	esac

bench: deps
	bench/run

# Start-up in instructions: callgrind over one whole question answered by Return,
# beckon beside the C floor, yad and zenity (issue 20: the count must not grow).
instructions: deps
	bench/instructions

# 10,000 dialogs taken in turn from every kind the library shows (`BeckonSoak
# kinds`: 12 kinds, 833 or 834 each), ended by mixed paths; the soak starts its
# own session bus with notification-daemon for the notifications. Fails on a
# hang, an answer that does not fit its path, a window left over or
# continuation misuse, and on taking more than an hour: at about 0.065 s a
# dialog on Xvfb (1,200 in 77 s) the run takes some 11 minutes, so the hour
# bounds a run gone slow rather than cutting a sound one. stderr is shown when
# it fails.
soak: deps
	$(SWIFT) build --product BeckonSoak
	scripts/with-display sh -c 'bin=$$($(SWIFT) build --show-bin-path)/BeckonSoak; \
	  timeout 3600 "$$bin" soak 10000 2>soak.stderr; rc=$$?; \
	  if grep -Ei "misuse|leaked" soak.stderr; then rc=1; fi; \
	  if [ $$rc -ne 0 ]; then echo "soak: failed (exit $$rc); its stderr:" >&2; cat soak.stderr >&2; fi; \
	  rm -f soak.stderr; exit $$rc'

install: release
	install -Dm755 $(BIN)/beckon $(DESTDIR)$(PREFIX)/bin/beckon
	install -Dm644 Resources/beckon.1 $(DESTDIR)$(PREFIX)/share/man/man1/beckon.1
	install -Dm644 Resources/beckon-terms.conf.5 $(DESTDIR)$(PREFIX)/share/man/man5/beckon-terms.conf.5
	install -Dm644 Resources/beckon-enforcer.conf.5 $(DESTDIR)$(PREFIX)/share/man/man5/beckon-enforcer.conf.5
	install -Dm644 Resources/completions/beckon.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/beckon
	install -Dm644 Resources/terms/sample-terms.md $(DESTDIR)$(PREFIX)/share/beckon/sample-terms.md
	install -Dm644 Resources/beckon-json.schema.json $(DESTDIR)$(PREFIX)/share/beckon/beckon-json.schema.json
	install -d $(DESTDIR)$(PREFIX)/share/applications
	sed 's|@DATADIR@|$(PREFIX)/share|g' Resources/beckon-terms.desktop >$(DESTDIR)$(PREFIX)/share/applications/org.beckon.Terms.desktop
	install -Dm644 Resources/icons/beckon.svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/beckon.svg
	# What a Wayland compositor knows each of beckon's app_ids by (its icon, its name): hidden from menus.
	install -m644 Resources/applications/beckon.desktop Resources/applications/beckon-terms-gate.desktop \
	  Resources/applications/beckon-shield.desktop $(DESTDIR)$(PREFIX)/share/applications/
	# Managed terms at login (docs/administrators.md, "Running the gates at login"): one script, run by an XDG
	# autostart entry (desktops that start autostart entries themselves) and a systemd user unit.
	install -d $(DESTDIR)$(PREFIX)/libexec/beckon $(DESTDIR)$(SYSCONFDIR)/xdg/autostart $(DESTDIR)$(PREFIX)/lib/systemd/user
	sed 's|/usr/bin/beckon|$(PREFIX)/bin/beckon|g' packaging/beckon-login-terms >$(DESTDIR)$(PREFIX)/libexec/beckon/beckon-login-terms
	chmod 755 $(DESTDIR)$(PREFIX)/libexec/beckon/beckon-login-terms
	sed 's|/usr/libexec/|$(PREFIX)/libexec/|; s|/usr/bin/beckon|$(PREFIX)/bin/beckon|' packaging/org.beckon.LoginTerms.desktop \
	  >$(DESTDIR)$(SYSCONFDIR)/xdg/autostart/org.beckon.LoginTerms.desktop
	sed 's|/usr/libexec/|$(PREFIX)/libexec/|' packaging/beckon-login-terms.service \
	  >$(DESTDIR)$(PREFIX)/lib/systemd/user/beckon-login-terms.service
	# The enforcer (docs/administrators.md, "The enforcer"): the system service that holds the login gate.
	install -Dm755 $(BIN)/beckon-enforcer $(DESTDIR)$(PREFIX)/libexec/beckon/beckon-enforcer
	install -d $(DESTDIR)$(PREFIX)/lib/systemd/system
	sed 's|/usr/libexec/|$(PREFIX)/libexec/|' packaging/beckon-enforcer.service \
	  >$(DESTDIR)$(PREFIX)/lib/systemd/system/beckon-enforcer.service
	# The journal's catalogue: what `journalctl -x` says beside beckon's entries (docs/audit.md).
	install -Dm644 packaging/beckon.catalog $(DESTDIR)$(PREFIX)/lib/systemd/catalog/beckon.catalog
	# A KWin script, on by default, that gives the focus back to a login gate a desktop window took it from (KDE Plasma).
	install -Dm644 packaging/kwin/beckon-gate-focus/metadata.json $(DESTDIR)$(PREFIX)/share/kwin/scripts/beckon-gate-focus/metadata.json
	install -Dm644 packaging/kwin/beckon-gate-focus/contents/code/main.js \
	  $(DESTDIR)$(PREFIX)/share/kwin/scripts/beckon-gate-focus/contents/code/main.js

# A Debian package (scripts/make-deb): the route the README shows first.
deb: deps release
	scripts/make-deb

# Build, install, run and remove the package on this machine (root); CI does.
deb-check: release
	scripts/with-display scripts/check-deb

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/beckon $(DESTDIR)$(PREFIX)/share/man/man1/beckon.1 \
	  $(DESTDIR)$(PREFIX)/share/man/man5/beckon-terms.conf.5 \
	  $(DESTDIR)$(PREFIX)/share/man/man5/beckon-enforcer.conf.5 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/beckon \
	  $(DESTDIR)$(PREFIX)/share/applications/org.beckon.Terms.desktop \
	  $(DESTDIR)$(PREFIX)/share/applications/beckon.desktop \
	  $(DESTDIR)$(PREFIX)/share/applications/beckon-terms-gate.desktop \
	  $(DESTDIR)$(PREFIX)/share/applications/beckon-shield.desktop \
	  $(DESTDIR)$(PREFIX)/share/beckon/sample-terms.md \
	  $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/beckon.svg \
	  $(DESTDIR)$(PREFIX)/libexec/beckon/beckon-login-terms \
	  $(DESTDIR)$(SYSCONFDIR)/xdg/autostart/org.beckon.LoginTerms.desktop \
	  $(DESTDIR)$(PREFIX)/lib/systemd/user/beckon-login-terms.service \
	  $(DESTDIR)$(PREFIX)/lib/systemd/catalog/beckon.catalog \
	  $(DESTDIR)$(PREFIX)/libexec/beckon/beckon-enforcer \
	  $(DESTDIR)$(PREFIX)/lib/systemd/system/beckon-enforcer.service
	rm -rf $(DESTDIR)$(PREFIX)/share/kwin/scripts/beckon-gate-focus

clean:
	rm -rf .build

# The C shim and the library under AddressSanitizer: every GTK API suite (real
# windows, real keys) against an instrumented build. GTK's one-time allocations
# are not leaks of ours, so LeakSanitizer is off; any memory error fails.
asan: deps
	$(SWIFT) build --sanitize=address --build-tests --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 scripts/with-display $(SWIFT) test --sanitize=address \
	  --skip-build --scratch-path .build-asan --no-parallel --filter BeckonGTKTests

# valgrind memcheck over BeckonSoak: MEMCHECK_DIALOGS dialogs of each kind the
# library shows (bench/memcheck asks `BeckonSoak kinds`), ended by real keys
# and every other path. Fails on a definitely
# lost block from beckon's code, on any unsuppressed definite leak (GTK's,
# atk's and fontconfig's one-time allocations are in bench/valgrind.supp) and
# on any invalid read or write. valgrind 3.19 cannot read DWARF 5: DWARF 4 build.
MEMCHECK_DIALOGS ?= 200
memcheck: deps
	$(SWIFT) build --product BeckonSoak --scratch-path .build-memcheck -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4
	scripts/with-display bench/memcheck $(MEMCHECK_DIALOGS)

# Every attack of RELIABILITY.md, beside zenity on the same attack, and
# `make test` ten times in a row (about an hour, then about 75 minutes of test runs;
# REL_* knobs in bench/reliability make a quick run, REL_TESTRUNS=0 skips them).
reliability: deps
	$(SWIFT) build
	bench/reliability
