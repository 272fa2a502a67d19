import Foundation

/// What a window shows on screen, pixel by pixel: ImageMagick's `import`
/// of the real X window, read as PPM. For tests that must see a colour (a
/// page rendered, a theme in force) rather than trust what a program says.
package struct WindowPicture: Sendable {
    package var width: Int
    package var height: Int
    /// RGB, 8 bits each, row by row.
    package var pixels: [UInt8]

    /// The picture of `window` now; nil when `import` gave none.
    package static func capture(_ window: String, importTool: String) throws -> WindowPicture? {
        try capture(window, importTool: importTool, display: nil)
    }

    /// The picture of `window` ("root": the whole screen) on X display
    /// `display` (nil: $DISPLAY) now; nil when `import` gave none, or when it
    /// took longer than `deadline` seconds (then killed: a display that stops
    /// answering must fail a test, not hang it).
    package static func capture(_ window: String, importTool: String, display: String?,
                                deadline: Int? = nil) throws -> WindowPicture? {
        let capture = Process()
        let arguments = (display.map { ["-display", $0] } ?? []) + ["-window", window, "-depth", "8", "ppm:-"]
        if let deadline {
            capture.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
            capture.arguments = ["-s", "KILL", "\(deadline)", importTool] + arguments
        } else {
            capture.executableURL = URL(fileURLWithPath: importTool)
            capture.arguments = arguments
        }
        let output = Pipe()
        capture.standardOutput = output
        capture.standardError = FileHandle.nullDevice
        try capture.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        capture.waitUntilExit()
        // P6, width, height, maximum value, each followed by whitespace, then RGB bytes.
        var fields: [Int] = []
        var index = data.startIndex
        var token = ""
        while fields.count < 4, index < data.endIndex {
            let byte = data[index]
            index += 1
            if [0x20, 0x0A, 0x09, 0x0D].contains(byte) {
                if !token.isEmpty { fields.append(token == "P6" ? 6 : Int(token) ?? -1); token = "" }
            } else {
                token.append(Character(UnicodeScalar(byte)))
            }
        }
        guard fields.count == 4, fields[0] == 6, fields[3] == 255, fields[1] > 0, fields[2] > 0,
              data.endIndex - index >= fields[1] * fields[2] * 3 else { return nil }
        return WindowPicture(width: fields[1], height: fields[2],
                             pixels: Array(data[index..<(index + fields[1] * fields[2] * 3)]))
    }

    /// The colour of the pixel at (x, y) as 0xRRGGBB.
    package func colour(x: Int, y: Int) -> Int {
        let index = (y * width + x) * 3
        return Int(pixels[index]) << 16 | Int(pixels[index + 1]) << 8 | Int(pixels[index + 2])
    }

    /// Each pixel's colour as 0xRRGGBB.
    package var colours: [Int] {
        stride(from: 0, to: pixels.count, by: 3).map { Int(pixels[$0]) << 16 | Int(pixels[$0 + 1]) << 8 | Int(pixels[$0 + 2]) }
    }
}
