import Beckon

/// beckon's `--json`: one object per dialog, built with the library's JSONValue.
extension MessageResult {
    /// `{"ended": …, "button": …, "index": …, "label": …, "exit_code": …}`.
    static func json(ending: Ending, index: Int?, plan: MessagePlan, exitCode: Int32) -> String {
        var button = JSONValue.null
        var label = JSONValue.null
        var position = JSONValue.null
        if let index {
            label = .string(plan.request.buttons[index].label)
            position = .int(Int64(index))
            switch plan.meanings[index] {
            case .ok: button = .string("ok")
            case .cancel: button = .string("cancel")
            case .extra: button = .string("extra")
            case .custom: button = .string("custom")
            }
        }
        return JSONValue.object([
            ("ended", .string(ending.rawValue)),
            ("button", button),
            ("index", position),
            ("label", label),
            // What the shell sees: exit() keeps the low 8 bits.
            ("exit_code", .int(Int64(exitCode & 0xff))),
        ]).serialized()
    }
}
