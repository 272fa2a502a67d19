import BeckonTestSupport
import Foundation
import Testing

/// The GTK runtime's resource promises, measured in a process of their own
/// (BeckonSoak) so the test runner's own allocations don't blur them.
@Suite(.serialized, .guiHangLimit) struct RuntimeResourceTests {
    private func figures(_ output: String) -> [String: String] {
        Dictionary(output.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }, uniquingKeysWith: { $1 })
    }

    private var soak: String { Products.directory.appendingPathComponent("BeckonSoak").path }

    @Test func anIdleLoopStaysIdleAndMainActorRunsOnGtksThread() throws {
        try X11.require()
        let result = try run(soak, ["idle"], deadline: 30)
        #expect(result.exitCode == 0, "\(result)")
        let f = figures(result.stdout)
        let cpu = try #require(f["idle_cpu_ms"].flatMap(Double.init), "\(result)")
        #expect(cpu < 5, "CPU time over one idle second: \(cpu) ms")
        #expect(f["main_actor_on_main_thread"] == "true")
        #expect(f["main_queue_ran"] == "true")
    }

    @Test func aThousandSequentialDialogsGrowRSSByLessThanOneMiB() throws {
        try X11.require()
        let result = try run(soak, ["rss", "1000"], deadline: 300)
        #expect(result.exitCode == 0, "\(result)")
        let f = figures(result.stdout)
        let growth = try #require(f["rss_growth_kib"].flatMap(Int.init), "\(result)")
        #expect(growth < 1024, "RSS grew \(growth) KiB over 1,000 dialogs")
        #expect(f["windows_left"] == "0")
        #expect(f["queued"] == "0")
    }

    @Test func aMixedSoakHasNoHangsAndNoContinuationMisuse() throws {
        try X11.require()
        let result = try run(soak, ["soak", "300"], deadline: 300)
        #expect(result.exitCode == 0, "\(result)")
        #expect(figures(result.stdout)["hangs"] == "0", "\(result)")
        #expect(!result.stderr.contains("misuse") && !result.stderr.contains("leaked"), "\(result.stderr)")
    }
}
