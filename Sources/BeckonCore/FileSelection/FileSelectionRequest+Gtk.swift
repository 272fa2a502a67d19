import CBeckonShim
import CGtk

/// Shows a ``FileSelectionRequest`` as zenity 3.44 does: a
/// `GtkFileChooserNative`, which is GTK's own chooser, or the desktop portal's
/// when GTK uses portals. It has no window of Beckon's, so the session ends
/// it through its response, its timeout or cancellation.
extension FileSelectionRequest: GtkDialogKind {
    @GtkActor
    package func makeWindow(_ control: DialogControl) throws -> DialogWindow<[ChosenFile]> {
        try validate()
        Self.usePortalWhenRunning()
        let cancel = frame.buttons[Self.cancelIndex].label
        let accept = frame.buttons[Self.acceptIndex].label
        // NULL labels keep GTK's own, as zenity leaves them (and as the portal
        // words them); given ones go through.
        guard let chooser = beckon_file_chooser_new(
            frame.title, action, accept == Self.acceptLabel(mode) ? nil : accept,
            cancel == GtkLabels.cancel ? nil : cancel) else {
            throw DialogError.invalidRequest("GTK made no file chooser")
        }
        configure(chooser)
        _ = beckon_file_chooser_on_response(chooser, CallbackBox.call, CallbackBox.retain { response, _ in
            switch response {
            case GTK_RESPONSE_ACCEPT.rawValue: control.end(.response(Int32(Self.acceptIndex)))
            case GTK_RESPONSE_CANCEL.rawValue: control.end(.response(Int32(Self.cancelIndex)))
            // Escape and a window-manager close both arrive as DELETE_EVENT.
            default: control.end(.escape)
            }
            return 0
        }, CallbackBox.release)
        gtk_native_dialog_show(chooser)
        // Untitled, as in zenity, but named for a screen reader in GTK's own
        // (translated) words, GtkFileChooserButton's title. Through
        // GtkLabels: g_dgettext's answer here would be the freed msgid.
        _ = beckon_file_chooser_describe_window(GtkLabels.translated("Select a File"),
                                                AccessibleWords.localized.chooseFileFirst)

        return DialogWindow(widget: nil, read: { ending in
            guard ending == .response(Int32(Self.acceptIndex)) else { return [] }
            return Self.filenames(chooser)
        }, ended: {
            // Closes the chooser when the session ended first (timeout,
            // cancellation); the object goes once the response emission is over.
            gtk_native_dialog_hide(chooser)
            GtkSource.idle {
                gtk_native_dialog_destroy(chooser)
                g_object_unref(chooser)
                return false
            }
        })
    }

    private var action: GtkFileChooserAction {
        switch mode {
        case .open: GTK_FILE_CHOOSER_ACTION_OPEN
        case .directory: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
        case .save: GTK_FILE_CHOOSER_ACTION_SAVE
        case .createDirectory: GTK_FILE_CHOOSER_ACTION_CREATE_FOLDER
        }
    }

    /// zenity's calls, in zenity's order: folder, name, multiple, overwrite
    /// confirmation, filters.
    @GtkActor
    private func configure(_ chooser: UnsafeMutablePointer<GtkNativeDialog>) {
        let fileChooser = OpaquePointer(chooser)
        if let folder { gtk_file_chooser_set_current_folder(fileChooser, folder) }
        if let name, !name.isEmpty {
            if savesFile {
                gtk_file_chooser_set_current_name(fileChooser, name)
            } else {
                var path = name
                if !name.hasPrefix("/"), let folder { path = folder + "/" + name }
                _ = gtk_file_chooser_select_filename(fileChooser, path)
            }
        }
        gtk_file_chooser_set_select_multiple(fileChooser, allowsMultiple ? 1 : 0)
        gtk_file_chooser_set_do_overwrite_confirmation(fileChooser, confirmsOverwrite ? 1 : 0)
        for filter in filters {
            let patterns: [UnsafeMutablePointer<CChar>?] = filter.patterns.map { strdup($0) } + [nil]
            defer { patterns.forEach { free($0) } }
            patterns.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                    beckon_file_chooser_add_filter(chooser, filter.name, $0)
                }
            }
        }
    }

    @GtkActor
    private static func filenames(_ chooser: UnsafeMutablePointer<GtkNativeDialog>) -> [ChosenFile] {
        guard let names = beckon_file_chooser_filenames(chooser) else { return [] }
        defer { g_strfreev(names) }
        var result: [ChosenFile] = []
        var index = 0
        while let name = names[index] {
            result.append(ChosenFile(path: String(cString: name)))
            index += 1
        }
        return result
    }

    /// GTK 3 uses the portal's chooser only in a sandbox or with
    /// GTK_USE_PORTAL=1; beckon also uses it wherever a portal runs on the
    /// session bus, unless GTK_USE_PORTAL says otherwise. Asked once, before
    /// GTK reads the variable (it does so at the first native chooser).
    @GtkActor
    private static func usePortalWhenRunning() {
        guard !portalChecked else { return }
        portalChecked = true
        guard g_getenv("GTK_USE_PORTAL") == nil, beckon_desktop_portal_is_running() != 0 else { return }
        g_setenv("GTK_USE_PORTAL", "1", 0)
    }

    @GtkActor private static var portalChecked = false
}
