import BeckonCore

/// What a button stands for, which decides the exit code and stdout.
enum ButtonMeaning: Sendable, Equatable {
    /// zenity's OK (or Yes).
    case ok
    /// zenity's Cancel (or No).
    case cancel
    /// `--extra-button`: prints its label and exits with the ESC code.
    case extra(label: String)
    /// beckon's `--button`: exits with its own code.
    case custom(exitCode: Int32)

    /// The name `--json` gives it (a question's are `yes` and `no`:
    /// ``ZenityButtons/jsonName(at:)``).
    var jsonName: String {
        switch self {
        case .ok: "ok"
        case .cancel: "cancel"
        case .extra: "extra"
        case .custom: "custom"
        }
    }
}

/// A dialog's buttons with what each means, index for index.
struct ZenityButtons: Sendable, Equatable {
    var buttons: [DialogButton] = []
    var meanings: [ButtonMeaning] = []
    /// Whether OK and Cancel are the question's Yes and No, which `--json`
    /// names as such: the same exit codes, but a script reading "ok" for a
    /// Yes was told something the dialog never asked.
    var areYesNo = false

    /// The name `--json` gives the button at `index`.
    func jsonName(at index: Int) -> String {
        switch meanings[index] {
        case .ok where areYesNo: "yes"
        case .cancel where areYesNo: "no"
        case let meaning: meaning.jsonName
        }
    }

    mutating func add(_ label: String, _ role: DialogRole, _ meaning: ButtonMeaning) {
        buttons.append(DialogButton(label, role: role))
        meanings.append(meaning)
    }

    mutating func addExtras(_ labels: [String]) {
        for label in labels { add(label, .plain, .extra(label: label)) }
    }

    /// The buttons of zenity's dialogs built from its UI file (entry, scale,
    /// calendar, password, colour): Cancel, then OK (Return), then the extra
    /// buttons, which zenity adds after the others; the password dialog adds
    /// them first (`extrasFirst`). `ok` is GTK's label for OK (the colour
    /// dialog's is "_Select"); `zenityWording` takes "Cancel" and "OK" from
    /// zenity's own catalogue, as its forms and progress UI files label them.
    static func cancelOK(_ common: CommonOptions, translations: Translations, ok: String = "_OK",
                         zenityWording: Bool = false, extrasFirst: Bool = false) -> ZenityButtons {
        var result = ZenityButtons()
        if extrasFirst { result.addExtras(common.extraButtons) }
        let cancelLabel = zenityWording ? translations.zenity("Cancel") : translations.gtk("_Cancel")
        let okLabel = zenityWording ? translations.zenity("OK") : translations.gtk(ok)
        result.add(common.cancelLabel ?? cancelLabel, .cancel, .cancel)
        result.add(common.okLabel ?? okLabel, .default, .ok)
        if !extrasFirst { result.addExtras(common.extraButtons) }
        return result
    }
}
