@testable import BeckonCLI
import Testing

/// The kinds' option groups, as the parser and help read them.
@Suite struct KindGroupTests {
    /// The parser searches the dialog's own group first and takes the first
    /// declaration of a name it finds: that is safe only while every group
    /// that declares a name declares it with the same argument.
    @Test func aNameDeclaredTwiceTakesTheSameArgument() {
        var arguments: [String: ZenityOption.Argument] = [:]
        let shared = ZenityOptionTable.shared.values.map { $0 }
        for option in shared + ZenityDialogs.groups.flatMap({ $0.entries.map(\.option) }) {
            if let argument = arguments[option.name] {
                #expect(argument == option.argument, "--\(option.name) is declared with two arguments")
            }
            arguments[option.name] = option.argument
        }
    }

    /// Whatever group is searched first, the parser finds the same option.
    @Test func theSearchOrderFindsTheSameOption() {
        for group in ZenityDialogs.groups {
            for entry in group.entries {
                let first = ZenityOptionTable.option(named: entry.option.name, searchingFirst: [group])
                let plain = ZenityOptionTable.option(named: entry.option.name, searchingFirst: [])
                #expect(first?.option.argument == plain?.option.argument, "--\(entry.option.name)")
            }
        }
    }

    /// `--question` lists its own section; the other message dialogs share
    /// the group and neither list nor take it.
    @Test func onlyTheQuestionTakesItsSection() throws {
        let question = try #require(ZenityDialogs.all.first { $0.name == "question" })
        let info = try #require(ZenityDialogs.all.first { $0.name == "info" })
        #expect(question.group.id == info.group.id)
        #expect(question.options.map(\.name) == ["text", "icon-name", "no-wrap", "no-markup", "default-cancel",
                                                 "ellipsize", "switch"])
        #expect(info.options.map(\.name) == ["text", "icon-name", "no-wrap", "no-markup", "ellipsize"])
        #expect(question.takes("switch") && !info.takes("switch"))
        #expect(info.takes("button") && info.takes("icon"))
    }
}
