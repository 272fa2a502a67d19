import Foundation

/// A wait on a real condition that did not come true in time.
package struct WaitFailed: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// Observes until `accept` holds for what `observe` returns, and returns that;
/// throws after `seconds`, naming `what` and the last observation. The first
/// observation is taken at once; with `seconds` 0 there is just that one.
/// For waits on something a test can see, instead of sleeping and hoping.
@discardableResult
package func poll<T>(_ what: String, seconds: Double = 10, every interval: Double = 0.02,
                     _ observe: () throws -> T, until accept: (T) -> Bool) throws -> T {
    let end = Date().addingTimeInterval(seconds)
    while true {
        let observed = try observe()
        if accept(observed) { return observed }
        guard Date() < end else {
            var last = String(describing: observed)
            if last.count > 600 { last = "\(last.prefix(300)) … \(last.suffix(200)) (\(last.count) characters)" }
            throw WaitFailed("waited \(seconds) s for \(what); last seen: \(last)")
        }
        usleep(UInt32(interval * 1_000_000))
    }
}
