import Foundation

/// Typing characters that are not on the keyboard map, without losing any.
///
/// `xdotool type` types such a character by binding its keysym to one spare
/// keycode, pressing that keycode, and binding the next character to the same
/// keycode a few milliseconds later. A program translates a key press into a
/// character when it reads the event, with the map the X server holds *then*
/// (GDK refetches it on each MappingNotify): one that reads its events late,
/// on a loaded machine, turns a press into the next character, or into none.
/// `こんにちは` came back as `こんに`, `こにちは`, `にに` from zenity 3.44 and
/// from beckon alike, with any input method or none (issue 37,
/// docs/cli.md "Input methods"). Here each character gets a keycode of its own,
/// bound before the first key is pressed and left bound (a later call reuses
/// it), so no press can be read with a map other than the one it was typed with.
extension Xdotool {
    package static func typeBound(_ text: String) throws {
        try bind(Set(text.unicodeScalars.filter { $0.value > 0x7E }).map(keysym))
        // ASCII runs as before; the others by their keysyms, now on the map.
        var ascii = "", keys: [String] = []
        func flush() throws {
            if !ascii.isEmpty { try run(["type", "--delay", "5", ascii], deadline: 20); ascii = "" }
            if !keys.isEmpty { try run(["key", "--delay", "5"] + keys, deadline: 20); keys = [] }
        }
        for scalar in text.unicodeScalars {
            if scalar.value > 0x7E {
                if !ascii.isEmpty { try flush() }
                keys.append(keysym(scalar))
            } else {
                if !keys.isEmpty { try flush() }
                ascii.unicodeScalars.append(scalar)
            }
        }
        try flush()
    }

    /// Binds each of `keysyms` (names: `U3053`, `dead_acute`) that is not on
    /// the keyboard map yet to a spare keycode of its own, and leaves it bound,
    /// so that `xdotool key` finds it there instead of binding a scratch
    /// keycode while it types.
    package static func bind(_ keysyms: [String]) throws {
        let xmodmap = try tool("xmodmap")
        var (bound, spare) = try keymap(xmodmap)
        var bindings: [String] = []
        for name in keysyms where bound[name] == nil {
            guard !spare.isEmpty else { throw Failed("no spare keycode left for \(name)") }
            let code = spare.removeFirst()
            bound[name] = code
            bindings += ["-e", "keycode \(code) = \(name)"]
        }
        guard !bindings.isEmpty else { return }
        let result = try BeckonTestSupport.run(xmodmap, bindings, deadline: 10)
        guard result.exitCode == 0 else { throw Failed("xmodmap \(bindings): \(result)") }
    }

    /// The keysym name X gives a Unicode character: U3053 for こ.
    private static func keysym(_ scalar: Unicode.Scalar) -> String {
        "U" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
    }

    /// The keysyms bound to a keycode now, by name, and the keycodes bound to nothing.
    private static func keymap(_ xmodmap: String) throws -> (bound: [String: Int], spare: [Int]) {
        let result = try BeckonTestSupport.run(xmodmap, ["-pke"], deadline: 10)
        guard result.exitCode == 0 else { throw Failed("xmodmap -pke: \(result)") }
        var bound: [String: Int] = [:], spare: [Int] = []
        for line in result.stdout.split(separator: "\n") {
            // "keycode  38 = a A a A", or "keycode 200 =" for a spare one.
            let words = line.split(separator: " ")
            guard words.count >= 3, words[0] == "keycode", words[2] == "=", let code = Int(words[1]) else { continue }
            if words.count == 3 {
                spare.append(code)
            } else {
                for word in words.dropFirst(3) where bound[String(word)] == nil { bound[String(word)] = code }
            }
        }
        return (bound, spare.reversed()) // the highest first, far from any real key
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
