import Beckon
import CGtk
import Testing

/// `Dialog.color` through a scripted presenter: the request it shows and the
/// one meaning of every ending. And RGBAColor's text, against GDK's own.
@Suite struct ColorAPITests {
    static let red = RGBAColor(red: 1, green: 0, blue: 0)
    static let halfBlue = RGBAColor(red: 0, green: 0, blue: 1, alpha: 0.5)

    private func color(_ answer: ScriptedPresenter.Answer, initial: RGBAColor? = nil,
                       allowsAlpha: Bool = true) async throws -> RGBAColor? {
        try await Dialog(presenter: ScriptedPresenter([answer])).color(initial: initial, allowsAlpha: allowsAlpha)
    }

    @Test func theRequestIsGtksColourDialog() async throws {
        let presenter = ScriptedPresenter([.button("Select")])
        let answer = try await Dialog(presenter: presenter).color(
            title: "Paint", initial: Self.halfBlue, showsPalette: true, timeout: .seconds(9))
        #expect(answer == Self.halfBlue)
        let request = try #require(await presenter.shown.first as? ColorRequest)
        #expect(request.title == "Paint")
        #expect(request.frame.buttons == [DialogButton("_Cancel", role: .cancel), DialogButton("_Select", role: .default)])
        #expect(request.frame.defaultButtonIndex == 1)
        #expect(request.frame.timeout == .seconds(9))
        #expect(request.initial == Self.halfBlue)
        #expect(request.showsPalette && request.allowsAlpha)
    }

    @Test func selectGivesTheColourShown() async throws {
        #expect(try await color(.role(.default)) == .white)
        #expect(try await color(.role(.default), initial: Self.red) == Self.red)
        #expect(try await color(.enter(Self.halfBlue), initial: Self.red) == Self.halfBlue)
    }

    @Test func withoutAlphaEveryAnswerIsOpaque() async throws {
        #expect(try await color(.role(.default), initial: Self.halfBlue, allowsAlpha: false) == Self.halfBlue.opaque)
        #expect(try await color(.enter(Self.halfBlue), allowsAlpha: false) == Self.halfBlue.opaque)
    }

    @Test(arguments: [ScriptedPresenter.Answer.button("Cancel"), .escape, .close, .destroyed])
    func everyDismissalIsNil(_ answer: ScriptedPresenter.Answer) async throws {
        #expect(try await color(answer, initial: Self.red) == nil)
    }

    @Test func timeoutThrowsTimedOut() async throws {
        await #expect(throws: DialogError.timedOut) { try await color(.timeout) }
    }

    @Test func cancellationThrowsBeforeAnything() async throws {
        let presenter = ScriptedPresenter([.role(.default)])
        let task = Task {
            try await Task.sleep(for: .seconds(60))
            return try await Dialog(presenter: presenter).color()
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await presenter.shown.isEmpty)
    }

    @Test func anInitialColourOutsideTheGamutIsRefusedBeforeAnyWindow() async throws {
        for bad in [RGBAColor(red: 2, green: 0, blue: 0), RGBAColor(red: 0, green: -0.1, blue: 0),
                    RGBAColor(red: 0, green: 0, blue: .nan), RGBAColor(red: 0, green: 0, blue: 0, alpha: 1.5)] {
            let presenter = ScriptedPresenter([.role(.default)])
            await #expect(throws: DialogError.self) { try await Dialog(presenter: presenter).color(initial: bad) }
            #expect(await presenter.shown.isEmpty)
        }
    }

    @Test func aValueOfAnotherKindDoesNotFit() async throws {
        await #expect(throws: ScriptedPresenter.ScriptError.self) { try await color(.enter("red")) }
    }

    // MARK: - RGBAColor as text

    @Test(arguments: ["red", "SteelBlue", "#123", "#abcdef", "#abcabcabc", "#aaaabbbbcccc", "rgb(1,2,3)",
                      "rgba(255,0,0,0.5)", "rgb(100%,50%,0%)", "rgba(10,20,30,0.333)", "rgba(0,0,0,0)",
                      "transparent"])
    func parsingIsGdkRgbaParse(_ text: String) throws {
        var gdk = GdkRGBA()
        let gdkTakes = gdk_rgba_parse(&gdk, text) != 0
        let color = RGBAColor(parsing: text)
        #expect((color != nil) == gdkTakes)
        if let color {
            #expect(color == RGBAColor(red: gdk.red, green: gdk.green, blue: gdk.blue, alpha: gdk.alpha))
        }
    }

    @Test(arguments: ["", "bogus", "#abcdef80", "#fff0", "hsl(120,100%,50%)", "rgb(1,2)", "rgba(1,2,3)"])
    func whatGdkRefusesIsNil(_ text: String) {
        #expect(RGBAColor(parsing: text) == nil)
    }

    /// Every printed colour is gdk_rgba_to_string's, byte for byte: the
    /// rounding of each channel, the 0.999 threshold for rgba(), %g for alpha.
    @Test func cssStringIsGdkRgbaToString() {
        var channels: [Double] = [0, 1, 0.5, 1.0 / 3, 2.0 / 3, 0.001, 0.999, 0.9990001, 0.99899, 127.5 / 255,
                                  128.5 / 255, 0.1 + 0.2, 1e-5, 1e-7, 0.123456789, -0.5, 1.5, .infinity, -.infinity]
        channels += (0...255).map { Double($0) / 255 }
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            channels.append(Double(seed >> 11) / Double(1 << 53))
        }
        for (index, value) in channels.enumerated() {
            let other = channels[(index * 7 + 3) % channels.count]
            for color in [RGBAColor(red: value, green: other, blue: 1 - value, alpha: 1),
                          RGBAColor(red: other, green: value, blue: value, alpha: value),
                          RGBAColor(red: value, green: 0, blue: other, alpha: other)] {
                #expect(color.cssString == Self.gdkString(color), "\(color.red) \(color.green) \(color.blue) \(color.alpha)")
            }
        }
    }

    @Test func cssStringExamples() {
        #expect(RGBAColor.white.cssString == "rgb(255,255,255)")
        #expect(Self.halfBlue.cssString == "rgba(0,0,255,0.5)")
        #expect(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.9995).cssString == "rgb(0,0,0)")
        #expect(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.999).cssString == "rgba(0,0,0,0.999)")
        #expect(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.00001).cssString == "rgba(0,0,0,1e-05)")
        #expect("\(Self.red)" == "rgb(255,0,0)")
        // No NaN from GDK's rounding: a NaN channel counts as 0.
        #expect(RGBAColor(red: .nan, green: 0, blue: 0, alpha: .nan).cssString == "rgba(0,0,0,0)")
    }

    static func gdkString(_ color: RGBAColor) -> String {
        var rgba = GdkRGBA(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        let text = gdk_rgba_to_string(&rgba)!
        defer { g_free(text) }
        return String(cString: text)
    }
}
