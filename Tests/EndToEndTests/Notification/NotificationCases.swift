import Glibc
import BeckonTestSupport

/// `--notification` against zenity 3.44, each case on a real notification server.
enum NotificationCases {
    typealias C = NotificationCase

    static let text: [C] = [
        C("a summary alone", ["--notification", "--text", "Backup done"], exit: 0,
          calls: [C.sent("Backup done")]),
        C("\\n splits the summary from the body, at the first one only",
          ["--notification", "--text", #"Backup done\n3 files\nin 2 s"#], exit: 0,
          calls: [C.sent("Backup done", body: "3 files\nin 2 s")]),
        C("a real newline splits too", ["--notification", "--text", "Title\nBody"], exit: 0,
          calls: [C.sent("Title", body: "Body")]),
        C("GLib's escapes: tab, backslash, octal, unknown", ["--notification", "--text", #"Tab\there \\ back \101 \q"#],
          exit: 0, calls: [C.sent("Tab\there \\ back A q")]),
        C("--window-icon is sent as given: a themed name",
          ["--notification", "--text", "Hi", "--window-icon", "dialog-warning"], exit: 0,
          calls: [C.sent("Hi", icon: "dialog-warning")]),
        C("--window-icon is sent as given: a path",
          ["--notification", "--text", "Hi", "--window-icon", "/usr/share/icons/hicolor/48x48/apps/zenity.png"],
          exit: 0, calls: [C.sent("Hi", icon: "/usr/share/icons/hicolor/48x48/apps/zenity.png")]),
        C("no --text: exit 1, nothing sent", ["--notification"], exit: 1, calls: []),
        C("an empty --text: exit 1, nothing sent", ["--notification", "--text", ""], exit: 1, calls: []),
    ]

    static let hints: [C] = [
        C("--hint of every type: boolean, string, int32, byte",
          ["--notification", "--text", "Hints", "--hint", "urgency:2", "--hint", "category:x.y", "--hint",
           "resident:true", "--hint", "Transient:TRUE", "--hint", "x:0x10", "--hint", "y:-5", "--hint",
           "sound-name:bell", "--hint", "action-icons:false", "--hint", "image-path:/tmp/a.png"],
          exit: 0, calls: [C.sent("Hints", hints: [
              "urgency": "byte 2", "category": "string x.y", "resident": "boolean true", "Transient": "boolean true",
              "x": "int32 16", "y": "int32 -5", "sound-name": "string bell", "action-icons": "boolean false",
              "image-path": "string /tmp/a.png",
          ])]),
        C("--hint oddities: the last value wins, bytes wrap, octal, bad values skipped",
          ["--notification", "--text", "odd", "--hint", "resident", "--hint", "category", "--hint", "urgency:1",
           "--hint", "urgency:300", "--hint", "x:abc", "--hint", "y:010", "--hint", "image-data:1", "--hint",
           "sound-file:/a:b", "--hint", "suppress-sound:FALSE", "--hint", "desktop-entry:", "--hint",
           "transient:maybe", "--hint", "bogus:1"],
          exit: 0, calls: [C.sent("odd", hints: [
              "resident": "boolean true", "urgency": "byte 44", "x": "int32 0", "y": "int32 8",
              "sound-file": "string /a:b", "suppress-sound": "boolean false", "desktop-entry": "string ",
          ])]),
    ]

    static let endings: [C] = {
        var click = C("--timeout: a click on the notification is OK (ZENITY_OK applies)",
                      ["--notification", "--text", "Click me", "--timeout", "20"], env: ["ZENITY_OK": "3"],
                      exit: 3, calls: [C.sent("Click me")])
        click.clickBubble = true
        return [
            C("--timeout passes: exit 5", ["--notification", "--text", "Soon gone", "--timeout", "1"], exit: 5,
              calls: [C.sent("Soon gone")]),
            C("--timeout with ZENITY_TIMEOUT", ["--notification", "--text", "Soon gone", "--timeout", "1"],
              env: ["ZENITY_TIMEOUT": "9"], exit: 5, calls: [C.sent("Soon gone")],
              zenityIsWrong: ("zenity calls exit(5) itself, ignoring the ZENITY_TIMEOUT it documents", 9,
                              [C.sent("Soon gone")])),
            click,
            C("no display: beckon needs only the bus", ["--notification", "--text", "Headless"],
              env: ["DISPLAY": ""], exit: 1, calls: [],
              zenityIsWrong: ("zenity 3.44 calls gtk_init and exits 1 without a display, though a notification "
                              + "needs only the session bus", 0, [C.sent("Headless")])),
        ]
    }()

    static let listen: [C] = {
        let commands = "message: one\\ntwo\nICON: dialog-error\n  Hints : urgency:0\\ncategory:c\nbogus\n"
            + "visible: false\nnope: x\ntooltip: tip\n"
        var plain = C("--listen: message, icon, hints, tooltip; stdin's end ends beckon",
                      ["--notification", "--listen"], stdin: commands, exit: SIGKILL,
                      calls: [C.listened("one", body: "two"),
                              C.listened("tip", icon: "dialog-error", hints: ["urgency": "byte 0", "category": "string c"])],
                      zenityIsWrong: ("zenity never exits after the end of stdin", 0, [
                          C.listened("one", body: "two"),
                          C.listened("tip", icon: "dialog-error", hints: ["urgency": "byte 0", "category": "string c"]),
                      ]))
        plain.zenityNeverExits = true
        var initial = C("--listen starts from --window-icon and --hint",
                        ["--notification", "--listen", "--window-icon", "dialog-information", "--hint", "urgency:2"],
                        stdin: "message: first\nicon: dialog-error\nhints:\nmessage: second\n", exit: SIGKILL,
                        calls: [C.listened("first"), C.listened("second", icon: "dialog-error")],
                        zenityIsWrong: ("zenity ignores --window-icon and --hint with --listen (and never exits)", 0, [
                            C.listened("first", icon: "dialog-information", hints: ["urgency": "byte 2"]),
                            C.listened("second", icon: "dialog-error"),
                        ]))
        initial.zenityNeverExits = true
        var timeout = C("--listen --timeout: beckon ends at the timeout", ["--notification", "--listen", "--timeout", "1"],
                        stdin: "message: waiting\n", exit: SIGKILL, calls: [C.listened("waiting")],
                        zenityIsWrong: ("zenity arms --timeout only after its loop for --listen returns, which it never "
                                        + "does", 5, [C.listened("waiting")]))
        timeout.zenityNeverExits = true
        timeout.stdinStaysOpen = true
        return [plain, initial, timeout]
    }()

    static let all: [C] = text + hints + endings + listen
}
