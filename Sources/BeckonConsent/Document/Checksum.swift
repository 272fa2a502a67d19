import CGLib

/// Digests through GLib's GChecksum, so no hash is written by hand.
enum Checksum {
    /// The SHA-256 of `bytes` as 64 lowercase hex digits.
    static func sha256(_ bytes: [UInt8]) -> String {
        let hex = bytes.withUnsafeBufferPointer { buffer in
            g_compute_checksum_for_data(G_CHECKSUM_SHA256, buffer.baseAddress, gsize(buffer.count))
        }
        guard let hex else { return "" } // only for an unknown checksum type
        defer { g_free(hex) }
        return String(cString: hex)
    }
}
