import BeckonTestSupport
import Foundation
import Testing

/// Pango's thread that loads fontconfig's configuration starts before GTK
/// opens the display (font_map.c), so that it runs beside GTK's start instead
/// of being waited for when the first widget needs fonts: seen by strace in a
/// real `beckon --question` on the test's display.
@Suite(.serialized, .guiHangLimit) struct FontConfigurationLoadingTests {
    @Test func fontconfigLoadsOnItsThreadBeforeTheDisplayIsOpened() throws {
        try X11.require()
        let trace = FileManager.default.temporaryDirectory
            .appendingPathComponent("beckon-fcinit-\(getpid()).trace").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let result = try run("/usr/bin/strace", ["-f", "-e", "trace=prctl,connect", "-o", trace,
                                                 Products.beckon, "--question", "--text", "Fonts?", "--timeout", "1"],
                             deadline: 60)
        #expect(result.exitCode == 5, "the question should end at its timeout: \(result)")
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        let fontThread = try #require(lines.firstIndex { $0.contains("PR_SET_NAME, \"[pango] FcInit\"") },
                                      "no [pango] FcInit thread in the trace")
        let display = try #require(lines.firstIndex { $0.contains("connect(") && $0.contains(".X11-unix/X") },
                                   "no connection to the X server in the trace")
        #expect(fontThread < display, "fontconfig's thread started after the display was opened:\n\(lines.joined(separator: "\n"))")
    }
}
