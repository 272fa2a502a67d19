import Foundation

/// Random numbers a failing run can repeat: the seed comes from
/// BECKON_TEST_SEED when set, is fresh otherwise, and is printed either way.
/// (SplitMix64: small, fast, and good enough for spreading test timings.)
package struct SeededRandom: RandomNumberGenerator, Sendable {
    package let seed: UInt64
    private var state: UInt64

    /// A generator for `what` (a test's name), printing its seed.
    package init(_ what: String) {
        let given = ProcessInfo.processInfo.environment["BECKON_TEST_SEED"].flatMap { UInt64($0) }
        self.init(seed: given ?? UInt64.random(in: 1...UInt64.max))
        print("\(what): random seed \(seed) (BECKON_TEST_SEED=\(seed) repeats it)")
    }

    package init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
