/// A kind with one command-line type, `static let type`: every kind but the
/// four message dialogs, which share one options struct. Its `--json` kind is
/// that type's name, so the name scripts read is the flag they wrote.
protocol SingleTypeDialog: ZenityDialog {
    static var type: ZenityDialogType { get }
}

extension SingleTypeDialog {
    var jsonKind: String { Self.type.name }
}

extension ZenityPlan where Options: SingleTypeDialog {
    var jsonKind: String { Options.type.name }
}
