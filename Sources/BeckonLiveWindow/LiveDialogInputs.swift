import BeckonCore
import BeckonLiveDialog
import CBeckonShim
import CGtk

/// The text fields, select lists and checkboxes of a live dialog: built from
/// the spec, built again when a command adds one (what was typed, ticked and
/// chosen is kept, by key), checked before button 1 can be pressed, and read
/// at the end.
@GtkActor
final class LiveDialogInputs {
    private unowned let window: LiveDialogWindow
    private var spec: LiveDialogSpec
    private var box: UnsafeMutablePointer<GtkWidget>?
    private var grid: UnsafeMutablePointer<GtkWidget>?
    private var entries: [UnsafeMutablePointer<GtkWidget>] = []
    /// Each select list: a combo box, or its radio buttons.
    private var selects: [Select] = []
    private var checks: [UnsafeMutablePointer<GtkWidget>] = []
    private let problem = gtk_label_new(nil)!
    /// How the dialog ended, for endings that are not a button's response.
    var ending: LiveDialogAnswer.Ending?

    private enum Select {
        case combo(UnsafeMutablePointer<GtkWidget>)
        case radios([UnsafeMutablePointer<GtkWidget>])
        /// A combo box with an entry that completes from the values as one types.
        case searchable(UnsafeMutablePointer<GtkWidget>)
    }

    init(spec: LiveDialogSpec, window: LiveDialogWindow) {
        self.spec = spec
        self.window = window
    }

    /// Builds the inputs of `spec` again, keeping what the person gave so far.
    func rebuild(_ next: LiveDialogSpec) {
        let given = answer(.button1)
        var next = next
        for index in next.textFields.indices {
            if let field = given.textFields.first(where: { $0.key == next.textFields[index].key }) {
                next.textFields[index].value = field.value
            }
        }
        for index in next.checkboxes.indices {
            if let box = given.checkboxes.first(where: { $0.key == next.checkboxes[index].key }) {
                next.checkboxes[index].checked = box.value
            }
        }
        for index in next.selects.indices {
            if let select = given.selects.first(where: { $0.key == next.selects[index].key }), select.index >= 0 {
                next.selects[index].defaultValue = select.value
            }
        }
        if let grid { gtk_widget_destroy(grid) }
        entries = []
        selects = []
        checks = []
        spec = next
        if let box { pack(into: box, focusFirst: false) }
        refreshButton1()
    }

    func pack(into box: UnsafeMutablePointer<GtkWidget>, focusFirst: Bool = true) {
        self.box = box
        // Rows of a vertical box, not a GtkGrid: a grid gives AT-SPI its
        // children last first, and a screen reader would read the form upwards.
        let grid = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        self.grid = grid
        let labels = gtk_size_group_new(GTK_SIZE_GROUP_HORIZONTAL)!
        func attach(_ label: UnsafeMutablePointer<GtkWidget>?, _ field: UnsafeMutablePointer<GtkWidget>) {
            let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
            if let label {
                gtk_size_group_add_widget(labels, label)
                gtk_box_pack_start(line.cast(), label, 0, 0, 0)
            }
            gtk_box_pack_start(line.cast(), field, 1, 1, 0)
            gtk_box_pack_start(grid.cast(), line, 0, 0, 0)
        }
        for field in spec.textFields {
            let label = gtk_label_new_with_mnemonic(field.required ? "\(field.title) *" : field.title)!
            gtk_label_set_xalign(label.cast(), 1)
            let entry = gtk_entry_new()!
            gtk_entry_set_text(entry.cast(), field.value)
            if let prompt = field.prompt { gtk_entry_set_placeholder_text(entry.cast(), prompt) }
            if field.secure { gtk_entry_set_visibility(entry.cast(), 0) }
            // Return in a field is button 1, as in swiftDialog.
            gtk_entry_set_activates_default(entry.cast(), 1)
            gtk_widget_set_hexpand(entry, 1)
            GtkAccessible.label(entry, by: label)
            GtkSignal.connect(entry, "changed") { [weak self] in self?.refreshButton1() }
            attach(label, entry)
            entries.append(entry)
        }
        for select in spec.selects {
            let label = gtk_label_new(select.title)!
            gtk_label_set_xalign(label.cast(), 1)
            let chosen = select.defaultValue.flatMap { select.values.firstIndex(of: $0) } ?? -1
            if select.style == .radio {
                let group = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
                var radios: [UnsafeMutablePointer<GtkWidget>] = []
                for (index, value) in select.values.enumerated() {
                    let radio = radios.first.map { gtk_radio_button_new_with_label_from_widget($0.cast(), value)! }
                        ?? gtk_radio_button_new_with_label(nil, value)!
                    if index == chosen { gtk_toggle_button_set_active(radio.cast(), 1) }
                    gtk_box_pack_start(group.cast(), radio, 0, 0, 0)
                    radios.append(radio)
                }
                GtkAccessible.name(group, select.title)
                for radio in radios { GtkSignal.connect(radio, "toggled") { [weak self] in self?.refreshButton1() } }
                attach(label, group)
                selects.append(.radios(radios))
            } else if select.style == .searchable {
                let combo = gtk_combo_box_text_new_with_entry()!
                for value in select.values { gtk_combo_box_text_append_text(combo.cast(), value) }
                gtk_combo_box_set_active(combo.cast(), Int32(chosen))
                let entry = gtk_bin_get_child(combo.cast())!
                let completion = gtk_entry_completion_new()!
                gtk_entry_completion_set_model(completion, gtk_combo_box_get_model(combo.cast()))
                gtk_entry_completion_set_text_column(completion, 0)
                gtk_entry_set_completion(entry.cast(), completion)
                gtk_entry_set_activates_default(entry.cast(), 1)
                g_object_unref(UnsafeMutableRawPointer(completion))
                GtkAccessible.label(entry, by: label)
                GtkSignal.connect(combo, "changed") { [weak self] in self?.refreshButton1() }
                attach(label, combo)
                selects.append(.searchable(combo))
            } else {
                let combo = gtk_combo_box_text_new()!
                for value in select.values { gtk_combo_box_text_append_text(combo.cast(), value) }
                gtk_combo_box_set_active(combo.cast(), Int32(chosen))
                GtkAccessible.name(combo, select.title)
                GtkSignal.connect(combo, "changed") { [weak self] in self?.refreshButton1() }
                GtkAccessible.label(combo, by: label)
                attach(label, combo)
                selects.append(.combo(combo))
            }
        }
        for (index, box) in spec.checkboxes.enumerated() {
            let check = gtk_check_button_new_with_label(box.label)!
            gtk_toggle_button_set_active(check.cast(), box.checked ? 1 : 0)
            gtk_widget_set_sensitive(check, box.disabled ? 0 : 1)
            GtkSignal.connect(check, "toggled") { [weak self] in self?.toggled(index, check) }
            attach(nil, check)
            checks.append(check)
        }
        gtk_label_set_xalign(problem.cast(), 0)
        gtk_label_set_line_wrap(problem.cast(), 1)
        gtk_style_context_add_class(gtk_widget_get_style_context(problem), "error")
        GtkAccessible.markAsStatus(problem)
        attach(nil, problem)
        gtk_box_pack_start(box.cast(), grid, 0, 0, 0)
        g_object_unref(UnsafeMutableRawPointer(labels))
        gtk_widget_show_all(grid)
        gtk_widget_hide(problem)
        if focusFirst, let first = entries.first { gtk_widget_grab_focus(first) }
    }

    /// A checkbox ticked or unticked: one with `enableButton1` sets button 1
    /// to its state (``LiveDialogSpec/button1Enabled(afterToggling:checked:)``).
    private func toggled(_ index: Int, _ check: UnsafeMutablePointer<GtkWidget>) {
        let checked = gtk_toggle_button_get_active(check.cast()) != 0
        if let enabled = spec.button1Enabled(afterToggling: index, checked: checked) {
            window.button1ByCheckbox = enabled
        }
        refreshButton1()
    }

    /// Button 1 can be pressed when the spec (or the last `enableButton1`
    /// checkbox toggled) and its delay allow it, every required field and
    /// select has a value and every regex holds. While it cannot, its
    /// description (what a screen reader reads) says why, and a regex that a
    /// typed value breaks is shown under the inputs.
    func refreshButton1() {
        guard let button1 = window.button1 else { return }
        let unchecked = zip(spec.checkboxes, checks).contains { $0.enablesButton1 && gtk_toggle_button_get_active($1.cast()) == 0 }
        let problems = self.problems()
        let reason = !window.button1Allowed && unchecked ? "Check the boxes above first" : problems.first?.text ?? "Not yet"
        GtkAccessible.setSensitive(button1, window.button1Allowed && problems.isEmpty, reason: reason)
        let shown = problems.filter { $0.typed }.map(\.text)
        gtk_label_set_text(problem.cast(), shown.joined(separator: "\n"))
        if shown.isEmpty { gtk_widget_hide(problem) } else { gtk_widget_show(problem) }
    }

    /// Why the inputs cannot be the answer yet; `typed` when the person has
    /// typed something that breaks a rule (shown at once), not merely left a
    /// required field empty (marked with *).
    private func problems() -> [(text: String, typed: Bool)] {
        var problems: [(text: String, typed: Bool)] = []
        for (field, entry) in zip(spec.textFields, entries) {
            let text = String(cString: gtk_entry_get_text(entry.cast()))
            if field.required && text.isEmpty {
                problems.append(("\"\(field.title)\" is required", false))
            } else if let regex = field.regex,
                      g_regex_match_simple("^(?:" + regex + ")$", text, GRegexCompileFlags(rawValue: 0),
                                           GRegexMatchFlags(rawValue: 0)) == 0 {
                problems.append((field.regexError ?? "\"\(field.title)\" does not match \(regex)", !text.isEmpty))
            }
        }
        for index in spec.selects.indices where spec.selects[index].required && chosen(index).index < 0 {
            problems.append(("\"\(spec.selects[index].title)\" is required", false))
        }
        return problems
    }

    private func chosen(_ index: Int) -> (value: String, index: Int) {
        let values = spec.selects[index].values
        let position: Int = switch selects[index] {
        case .combo(let combo): Int(gtk_combo_box_get_active(combo.cast()))
        case .radios(let radios): radios.firstIndex { gtk_toggle_button_get_active($0.cast()) != 0 } ?? -1
        case .searchable(let combo):
            // What is typed counts when it is one of the values.
            values.firstIndex(of: String(cString: gtk_entry_get_text(gtk_bin_get_child(combo.cast())!.cast()))) ?? -1
        }
        return values.indices.contains(position) ? (values[position], position) : ("", -1)
    }

    /// What the inputs hold, with how the dialog ended.
    func answer(_ ending: LiveDialogAnswer.Ending) -> LiveDialogAnswer {
        var answer = LiveDialogAnswer(ending: ending)
        answer.textFields = zip(spec.textFields, entries).map { field, entry in
            .init(key: field.key, value: String(cString: gtk_entry_get_text(entry.cast())))
        }
        answer.selects = spec.selects.indices.map { index in
            let (value, position) = chosen(index)
            return .init(key: spec.selects[index].key, value: value, index: position)
        }
        answer.checkboxes = zip(spec.checkboxes, checks).map { box, check in
            .init(key: box.key, value: gtk_toggle_button_get_active(check.cast()) != 0)
        }
        return answer
    }
}
