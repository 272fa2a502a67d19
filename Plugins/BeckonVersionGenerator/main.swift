import Glibc

// BeckonVersionGenerator VERSION-FILE OUTPUT: writes the Swift file that holds
// the version (BeckonVersionPlugin runs it at build time). It refuses a
// VERSION that is empty or has characters a Debian version cannot hold, so a
// stray edit fails the build instead of shipping.

/// A whole file as text, or nil.
func contents(of path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        guard count > 0 else { break }
        bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

func fail(_ message: String) -> Never {
    let line = "BeckonVersionGenerator: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: BeckonVersionGenerator VERSION-FILE OUTPUT") }
guard let text = contents(of: arguments[1]) else { fail("cannot read \(arguments[1])") }
let version = String(text.filter { !$0.isWhitespace })
let allowed = version.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".+~-".contains($0)) }
guard !version.isEmpty, allowed, version.first?.isNumber == true else {
    fail("\(arguments[1]) must hold one version such as 0.9.0, not \(text.debugDescription)")
}
let source = """
    // Generated from VERSION by BeckonVersionPlugin at build time; do not edit.

    /// The project's version, from the VERSION file at the package's root.
    enum BeckonVersion {
        /// What `beckon --beckon-version` prints; the man page and the .deb carry it too.
        static let text = "\(version)"
    }

    """
guard let output = fopen(arguments[2], "w") else { fail("cannot write \(arguments[2])") }
guard fputs(source, output) >= 0, fclose(output) == 0 else { fail("cannot write \(arguments[2])") }
