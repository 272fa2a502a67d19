import BeckonTestSupport
import Foundation
import Testing

extension KeyboardOnlyCase.Step {
    /// The step as a Wayland compositor's own real keys, where
    /// ``perform(on:_:)`` uses XTEST: `key` presses combinations, `type`
    /// types text, and `gate` reads the terms window's gate words as the
    /// compositor lists its title. `desktop` names the suite in what is printed.
    func perform(_ process: RunningProcess, desktop: String, key: ([String]) throws -> Void,
                 type: (String) throws -> Void, gate: () throws -> Set<String>) throws {
        switch self {
        case .keys(let keys):
            try key(keys)
        case .type(let text):
            try type(text)
        case .keysAgainWhileWaiting(let keys, let again):
            try key(keys)
            var attempts = 1
            while attempts < 5, (try? poll("beckon to answer", seconds: 2, { process.process.isRunning }, until: { !$0 })) == nil {
                try key(again)
                attempts += 1
            }
            if attempts > 1 { print("\(desktop): on Wayland the keys were typed \(attempts) times") }
        case .gate(let words):
            try poll("the gate to show \(words.joined(separator: " ")), Accept not pressed", seconds: 10, every: 0.2) {
                try gate()
            } until: { $0.isSuperset(of: words) && !$0.contains("accept-pressed") }
        case .press(let pressed, let words):
            try poll("the gate to show \(words.joined(separator: " ")) after \(pressed)", seconds: 20, every: 0.2) {
                try key([pressed])
                return try gate()
            } until: { (shown: Set<String>) in words.allSatisfy(shown.contains) }
        }
    }
}
