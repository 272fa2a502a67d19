@testable import BeckonCore
import Testing

/// The work a form's rules do while a person types (issue 36): counted with
/// readers that count, without a display. Typing n characters into one field
/// reads that field n times and no other; a field that must only be filled is
/// never read, its emptiness says enough.
@Suite struct FormRuleChecksTests {
    /// Three text fields: a name that must be filled, a postcode in a pattern,
    /// and a note with no rule; what each holds, and how often each was read.
    final class Typing {
        var texts = ["", "", ""]
        var reads = [0, 0, 0]
        var bytesRead = [0, 0, 0]
        var emptinessAsked = [0, 0, 0]
        let fields = [
            FormField("Name", .entry, rule: FormFieldRule(isRequired: true)),
            FormField("Postcode", .entry, rule: FormFieldRule(isRequired: true, pattern: "[0-9a]*")),
            FormField("Note", .entry),
        ]
        func read(_ index: Int) -> FormFieldValue {
            reads[index] += 1
            bytesRead[index] += texts[index].utf8.count
            return .text(texts[index])
        }
        func isEmpty(_ index: Int) -> Bool? {
            emptinessAsked[index] += 1
            return texts[index].isEmpty
        }
        /// Types `count` characters into field `index`, one change each.
        func type(_ count: Int, into index: Int, _ checks: inout FormRuleChecks) {
            for _ in 0..<count {
                texts[index] += "a"
                checks.changed(index, read: read, isEmpty: isEmpty)
            }
        }
        func resetCounts() { (reads, bytesRead, emptinessAsked) = ([0, 0, 0], [0, 0, 0], [0, 0, 0]) }
    }

    @Test func typingIntoAFieldChecksThatFieldAlone() {
        let typing = Typing()
        var checks = FormRuleChecks(fields: typing.fields, read: typing.read, isEmpty: typing.isEmpty)
        #expect(checks.problems == ["must be filled in", "must be filled in", nil])
        typing.resetCounts()

        typing.type(400, into: 0, &checks)
        // A presence rule reads no text, whatever the length: 400 emptiness tests.
        #expect(typing.reads == [0, 0, 0])
        #expect(typing.emptinessAsked == [400, 0, 0])
        #expect(checks.problems == [nil, "must be filled in", nil])

        typing.resetCounts()
        typing.type(100, into: 1, &checks)
        let short = typing.bytesRead[1]
        typing.texts[1] = ""
        typing.resetCounts()
        typing.type(400, into: 1, &checks)
        // A pattern reads its own field, once per key: no other field is read.
        #expect(typing.reads == [0, 400, 0])
        #expect(typing.emptinessAsked == [0, 0, 0])
        // Its bytes grow with the text, as matching a whole text does (n²/2),
        // and only with its own: 100 keys read 5,050 bytes, 400 keys 80,200.
        #expect(short == 5_050 && typing.bytesRead[1] == 80_200)
        #expect(checks.problems == [nil, nil, nil])

        typing.resetCounts()
        typing.type(50, into: 2, &checks)
        // No rule: nothing is read or asked.
        #expect(typing.reads == [0, 0, 0] && typing.emptinessAsked == [0, 0, 0])
    }

    @Test func aFieldWithoutACheapEmptinessTestIsRead() {
        let fields = [FormField("Plan", .combo(["Free", "Pro"]), rule: FormFieldRule(isRequired: true))]
        var reads = 0
        var choice: Int? = nil
        let read: (Int) -> FormFieldValue = { _ in reads += 1; return .choice(choice) }
        var checks = FormRuleChecks(fields: fields, read: read, isEmpty: { _ in nil })
        #expect(checks.problems == ["must be filled in"])
        choice = 1
        checks.changed(0, read: read, isEmpty: { _ in nil })
        #expect(checks.problems == [nil])
        #expect(reads == 2)
    }
}
