import Foundation
import Synchronization
import Testing
@testable import BeckonLiveDialog

/// SF Symbols as swiftDialog's scripts write them, read as swiftDialog's
/// IconView.swift and ButtonBarView.swift read them, and the icons
/// SFSymbolMap declares for them.
@Suite struct SFSymbolTests {
    private static let green = SFSymbolColour.rgb(0x34, 0xC7, 0x59)

    @Test func anIconSpecificationWithColours() throws {
        let symbol = try #require(SFSymbol(iconSpecification: "SF=checkmark.circle.fill,colour1=green"))
        #expect(symbol.name == "checkmark.circle.fill")
        #expect(symbol.colour1 == Self.green)
        #expect(symbol.colour2 == nil)
        // Setup Your Mac's two-colour icons, with spaces after the commas.
        let two = try #require(SFSymbol(iconSpecification: "sf=laptopcomputer.and.arrow.down, colour1=#51a3ef, colour2=#5154ef"))
        #expect(two.name == "laptopcomputer.and.arrow.down")
        #expect(two.colour1 == .rgb(0x51, 0xA3, 0xEF))
        #expect(two.colour2 == .rgb(0x51, 0x54, 0xEF))
    }

    @Test func everyKeyIconViewReads() throws {
        let symbol = try #require(SFSymbol(iconSpecification:
            "SF=gearshape.2,color=red,colour3=blue,weight=bold,animation=variable.reversing"))
        #expect(symbol.name == "gearshape.2")
        #expect(symbol.colour1 == .rgb(0xFF, 0x3B, 0x30))
        #expect(symbol.colour3 == .rgb(0x00, 0x7A, 0xFF))
        #expect(symbol.weight == "bold")
        #expect(symbol.animation == "variable.reversing")
        // A palette's commas are not cuts: no key follows them.
        let palette = try #require(SFSymbol(iconSpecification: "SF=person.3.sequence.fill,palette=red,green,blue"))
        #expect(palette.colour1 == .rgb(0xFF, 0x3B, 0x30))
        #expect(palette.colour2 == Self.green)
        #expect(palette.colour3 == .rgb(0x00, 0x7A, 0xFF))
        // `auto`: the symbol's own colours.
        let auto = try #require(SFSymbol(iconSpecification: "SF=rainbow,colour=auto"))
        #expect(auto.autoColour && auto.colour1 == nil)
        // An unknown key is passed over, as swiftDialog's `default:` does.
        #expect(SFSymbol(iconSpecification: "SF=star.fill,bgcolour=none")?.name == "star.fill")
    }

    @Test func onlySFIsASymbol() {
        #expect(SFSymbol(iconSpecification: "/usr/share/pixmaps/debian-logo.png") == nil)
        #expect(SFSymbol(iconSpecification: "folder") == nil)
        #expect(SFSymbol(iconSpecification: "SF=") == nil)
    }

    /// The cuts of IconView's `argRegex`, kept in the list as
    /// `split(usingRegex:)` keeps them (String+Additions.swift).
    @Test func theCutsAreSwiftDialogsRegex() {
        #expect(SFSymbol.splitKeepingCuts("SF=a.b,colour1=green")
            == ["", "SF=", "a.b", ",colour1=", "green"])
        #expect(SFSymbol.splitKeepingCuts("SF=a, weight=thin") == ["", "SF=", "a", ", weight=", "thin"])
        // The class has 1-9 but not 0, as swiftDialog's has.
        #expect(SFSymbol.splitKeepingCuts("SF=a,x0=b") == ["", "SF=", "a,x0=b"])
        #expect(SFSymbol.splitKeepingCuts("SF=a,required") == ["", "SF=", "a", ",required", ""])
    }

    @Test func aButtonSymbolAsButtonBarViewReadsIt() throws {
        let symbol = try #require(SFSymbol(buttonSymbol: "CheckMark.Circle,trailing,size=24,colour=Green"))
        #expect(symbol.name == "checkmark.circle")
        #expect(symbol.size == 24)
        #expect(symbol.colour1 == Self.green)
        let palette = try #require(SFSymbol(buttonSymbol: "arrow.clockwise,palette=red-green"))
        #expect(palette.colour1 == .rgb(0xFF, 0x3B, 0x30) && palette.colour2 == Self.green)
        #expect(SFSymbol(buttonSymbol: "SF=star.fill")?.name == "star.fill")
        #expect(SFSymbol(buttonSymbol: "rainbow,multicolour")?.autoColour == true)
        #expect(SFSymbol(buttonSymbol: "") == nil)
    }

    @Test func coloursAsColorArgumentReadsThem() {
        #expect(SFSymbolColour(word: "#FF0000") == .rgb(255, 0, 0))
        #expect(SFSymbolColour(word: "Green") == Self.green)
        #expect(SFSymbolColour(word: "clear") == .clear)
        #expect(SFSymbolColour(word: "accent") == .theme)
        #expect(SFSymbolColour(word: "chartreuse") == .unknown("chartreuse"))
        #expect(SFSymbolColour(word: "#12345") == .unknown("#12345"))
        #expect(Self.green.css == "rgb(52,199,89)")
        #expect(SFSymbolColour.theme.css == nil)
    }

    @Test func theWordsAScreenReaderSays() {
        #expect(SFSymbol(name: "checkmark.circle.fill").words == "checkmark circle fill")
    }
}

@Suite struct SFSymbolMapTests {
    /// docs/sf-symbols-usage.tsv: (name, uses), most used first.
    static func usage() throws -> [(name: String, uses: Int)] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/sf-symbols-usage.tsv").standardized
        let text = try String(contentsOf: file, encoding: .utf8)
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t")
            guard !line.hasPrefix("#"), fields.count >= 2, let uses = Int(fields[1]) else { return nil }
            return (String(fields[0]), uses)
        }
    }

    @Test func theEightyMostUsedNamesHaveAnIcon() throws {
        let usage = try Self.usage()
        try #require(usage.count >= 80, "docs/sf-symbols-usage.tsv holds \(usage.count) names")
        let missing = usage.prefix(80).map(\.name).filter { SFSymbolMap.icon(for: $0) == nil }
        #expect(missing.isEmpty, "no icon for \(missing)")
        // And every counted name, today.
        #expect(usage.filter { SFSymbolMap.icon(for: $0.name) == nil }.map(\.name) == [])
    }

    /// Every icon is one Adwaita 43 ships (this machine's
    /// /usr/share/icons/Adwaita), so none falls to GTK's generic fallback.
    @Test func everyIconIsInAdwaita() throws {
        let root = "/usr/share/icons/Adwaita"
        var shipped = Set<String>()
        let walker = try #require(FileManager.default.enumerator(atPath: root), "no \(root)")
        for case let path as String in walker {
            let file = (path as NSString).lastPathComponent
            for ending in [".symbolic.png", ".svg", ".png"] where file.hasSuffix(ending) {
                shipped.insert(String(file.dropLast(ending.count)))
            }
        }
        let icons = Set(SFSymbolMap.entries.map(\.icon) + [SFSymbolMap.fallbackIcon])
        #expect(icons.subtracting(shipped).sorted() == [])
        #expect(icons.allSatisfy { $0.hasSuffix("-symbolic") })
    }

    @Test func eachSymbolIsDeclaredOnce() {
        var seen = Set<String>()
        let twice = SFSymbolMap.entries.map(\.symbol).filter { !seen.insert($0).inserted }
        #expect(twice == [])
    }

    @Test func numberedFamiliesAndCase() {
        #expect(SFSymbolMap.icon(for: "01.circle") == "radio-symbolic")
        #expect(SFSymbolMap.icon(for: "37.circle") == "radio-symbolic")
        #expect(SFSymbolMap.icon(for: "18.circle.fill") == "media-record-symbolic")
        #expect(SFSymbolMap.icon(for: "a.circle") == nil)
        #expect(SFSymbolMap.icon(for: ".circle") == nil)
        #expect(SFSymbolMap.icon(for: "CheckMark.Circle.Fill") == "emblem-ok-symbolic")
    }

    @Test func anUnmappedNameFallsBackWithOneWarningPerName() {
        let written = Mutex<[String]>([])
        let warnings = SFSymbolWarnings { message in written.withLock { $0.append(message) } }
        #expect(SFSymbolMap.resolve("checkmark.circle.fill", warnings: warnings) == "emblem-ok-symbolic")
        #expect(written.withLock { $0 } == [])
        for _ in 0..<50 {
            #expect(SFSymbolMap.resolve("figure.surfing", warnings: warnings) == SFSymbolMap.fallbackIcon)
        }
        _ = SFSymbolMap.resolve("Figure.Surfing", warnings: warnings)
        _ = SFSymbolMap.resolve("tortoise.fill", warnings: warnings)
        let messages = written.withLock { $0 }
        #expect(messages.count == 2, "\(messages)")
        #expect(messages.first?.contains("'figure.surfing'") == true && messages.first?.contains("image-missing-symbolic") == true)
        #expect(messages.last?.contains("'tortoise.fill'") == true)
    }
}

@Suite struct SFSymbolOptionTests {
    private func spec(_ arguments: [String]) throws -> LiveDialogSpec {
        let invocation = try LiveDialogInvocation(arguments: arguments)
        var spec = LiveDialogSpec()
        for (option, value) in invocation.given { try option.apply(value, to: &spec) }
        return spec
    }

    @Test func buttonSymbolsAreKeptAndSurviveTheButtonsText() throws {
        let spec = try spec(["--button1symbol", "checkmark.circle,colour=green", "--button2symbol", "xmark",
                             "--button2text", "Later", "--infobuttonsymbol", "info.circle", "--infobutton"])
        #expect(spec.button1Symbol == "checkmark.circle,colour=green")
        #expect(spec.button2Symbol == "xmark" && spec.button2?.label == "Later")
        #expect(spec.infoButtonSymbol == "info.circle")
    }

    /// A status that is no keyword is an SF Symbol, `NAME-COLOUR`, as
    /// swiftDialog's StatusView reads it; a word that is neither stays an error.
    @Test func aRowStatusCanBeAColouredSymbol() throws {
        var expected = SFSymbol(name: "lock.shield")
        expected.colour1 = .rgb(0x34, 0xC7, 0x59)
        #expect(try spec(["--listitem", "VPN,status=Lock.Shield-Green"]).listItems.first?.status == .symbol(expected))
        var spec = try spec(["--listitem", "VPN"])
        _ = try spec.apply(try #require(try LiveDialogCommand(line: "listitem: title: VPN, status: checkmark.seal.fill-#00ff00")))
        guard case .symbol(let symbol) = spec.listItems.first?.status else { Issue.record("no symbol"); return }
        #expect(symbol.name == "checkmark.seal.fill" && symbol.colour1 == .rgb(0, 255, 0))
        #expect(LiveDialogSpec.ItemStatus.symbol(symbol).keyword == "checkmark seal fill")
        // A mapped name without a dot is a symbol too; a misspelt keyword is not.
        #expect(SFSymbol(status: "lock")?.name == "lock")
        #expect(SFSymbol(status: "sucess") == nil)
        #expect(throws: LiveDialogError.self) { try self.spec(["--listitem", "VPN,status=sucess"]) }
    }

    @Test func aListRowsIconAndItsAlpha() throws {
        let fromArguments = try spec(["--listitem", "Office,icon=SF=checkmark.circle.fill,iconalpha=0.5"])
        #expect(fromArguments.listItems.first?.icon == "SF=checkmark.circle.fill")
        #expect(fromArguments.listItems.first?.iconAlpha == 0.5)
        var spec = LiveDialogSpec()
        _ = try spec.apply(json: #"{"listitem": [{"title": "VPN", "icon": "SF=lock.shield,colour1=green", "iconalpha": 0.25}]}"#)
        #expect(spec.listItems.first?.icon == "SF=lock.shield,colour1=green")
        #expect(spec.listItems.first?.iconAlpha == 0.25)
        _ = try spec.apply(try #require(try LiveDialogCommand(line: "listitem: title: VPN, icon: SF=xmark.circle.fill, iconalpha: 0.75")))
        #expect(spec.listItems.first?.icon == "SF=xmark.circle.fill")
        #expect(spec.listItems.first?.iconAlpha == 0.75)
    }
}
