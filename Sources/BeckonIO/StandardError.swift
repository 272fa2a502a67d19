/// The program's standard error: warnings and errors, written whole and at
/// once (no stdio buffer to lose at exit); a closed stderr is not worth a crash.
package enum StandardError {
    package static func write(_ text: String) { FileDescriptor.writeAll(2, text) }
}
