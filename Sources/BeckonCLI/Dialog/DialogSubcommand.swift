import BeckonCore
import BeckonIO
import BeckonJSON
import BeckonLiveDialog
import BeckonLiveWindow
import Glibc

/// `beckon dialog`: swiftDialog's options on Linux (docs/dialog.md), a
/// dialog a script can change while it is shown through its command file.
enum DialogSubcommand {
    static let program = "beckon dialog"

    static func main(_ arguments: [String], environment: Environment = .process) -> Int32 {
        if arguments.contains(where: { ["--help", "-help", "help"].contains($0) }) {
            StandardOutput.write(DialogHelp.text)
            return 0
        }
        if arguments.contains(where: { ["--version", "-v"].contains($0) }) {
            StandardOutput.write(BeckonVersion.text + "\n")
            return 0
        }
        do {
            return try run(arguments, environment: environment)
        } catch {
            StandardError.write("\(program): \(error.message)\n")
            return error.exitCode
        }
    }

    private static func run(_ arguments: [String], environment: Environment) throws(LiveDialogError) -> Int32 {
        let invocation: LiveDialogInvocation
        do {
            invocation = try LiveDialogInvocation(arguments: arguments)
        } catch var error {
            if let typed = error.unknownName {
                let names = LiveDialogOption.names.map { "--" + $0 }
                error.message += Suggestion.phrase(Suggestion.nearest(to: typed, in: names))
            }
            throw error
        }
        for warning in invocation.warnings { StandardError.write("\(program): warning: \(warning)\n") }
        // Before anything is read or shown, as swiftDialog checks it (ProcessCLOptions.swift, getJSON).
        try DialogKeyStore.load(environment: environment)
            .check(key: invocation.authorisationKey, environmentKey: environment["DIALOG_AUTH_KEY"],
                   argumentCount: invocation.argumentCount, sha256: DialogKeyStore.sha256)
        if let text = invocation.checksum {
            StandardOutput.write(DialogKeyStore.sha256(text) + "\n")
            return 0
        }
        let context = LiveDialogContext { path in
            readFile(path, limit: LiveDialogLimits.markdownBytes).map { String(decoding: $0, as: UTF8.self) }
        }
        var spec = LiveDialogSpec()
        for (option, value) in invocation.given { try option.apply(value, to: &spec, context: context) }
        let timeout = invocation.timeout.map { Duration.seconds($0) }
        // JSON takes precedence over the command line, as in swiftDialog.
        var commandFilePath = invocation.commandFile
        var jsonOutput = invocation.jsonOutput
        for (source, json) in try jsonTexts(invocation) {
            let input = try spec.apply(json: json, source: source, context: context)
            for warning in input.warnings { StandardError.write("\(program): warning: \(warning)\n") }
            if let path = input.commandFile { commandFilePath = path }
            if let on = input.jsonOutput { jsonOutput = on }
        }
        try checkImages(spec)

        var path = commandFilePath ?? ""
        if path.isEmpty { path = try CommandFile.defaultPath(environment: environment) }
        let file = try CommandFile(path: path)
        let start = spec
        let request = LiveDialogRequest(spec, timeout: timeout) { sink in
            CommandFileFollower(file: file, spec: start, sink: sink, context: context).start()
        }
        let answer: LiveDialogAnswer
        do {
            answer = try TerminalFallback(tty: false, noTTY: false).run { dialog, onTerminal in
                // swiftDialog's 40, "SIGTERM received": its `dialog` command
                // exits 40 on SIGINT too (dialogcli.swift, lines 51-55).
                TerminationSignals.exitWhenReceived(hangUpAnswer: onTerminal ? LiveDialogExit.button2 : nil,
                                                    exitCodes: [SIGTERM: LiveDialogExit.terminated,
                                                                SIGINT: LiveDialogExit.terminated])
                return request.answer(try await dialog.present(request))
            }
        } catch {
            throw LiveDialogError(String(describing: error))
        }
        if answer.printsInputs(always: spec.alwaysReturnInput) {
            let output = jsonOutput ? answer.json.serialized(pretty: true) + "\n" : answer.text
            if !output.isEmpty && output != "{}\n" || jsonOutput { StandardOutput.write(output) }
        }
        return answer.ending.exitCode
    }

    /// The JSON of `--jsonfile` then `--jsonstring`, the later one winning.
    /// Each with the option it came from, for messages.
    private static func jsonTexts(_ invocation: LiveDialogInvocation) throws(LiveDialogError) -> [(source: String, text: String)] {
        var texts: [(source: String, text: String)] = []
        if let path = invocation.jsonFile {
            guard let bytes = readFile(path, limit: 16 << 20) else {
                throw LiveDialogError("--jsonfile \(path): cannot be read", exitCode: LiveDialogExit.fileNotFound)
            }
            texts.append(("--jsonfile \(path)", String(decoding: bytes, as: UTF8.self)))
        }
        if let text = invocation.jsonString { texts.append(("--jsonstring", text)) }
        return texts
    }

    /// A file's bytes, at most `limit` of them, within 5 s (a FIFO no one
    /// writes to does not hold the dialog back); nil when it cannot be read.
    private static func readFile(_ path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return try? BoundedReader.readAll(fileDescriptor: descriptor, limit: limit,
                                          deadline: .now + .seconds(5)).get()
    }

    /// swiftDialog's 201: an image named by path that is not there.
    private static func checkImages(_ spec: LiveDialogSpec) throws(LiveDialogError) {
        for (option, path) in [("--icon", spec.icon), ("--overlayicon", spec.overlayIcon), ("--bannerimage", spec.bannerImage)] {
            guard let path, path.contains("/") else { continue }
            if access(path, R_OK) != 0 {
                throw LiveDialogError("\(option) \(path): image not found", exitCode: LiveDialogExit.imageNotFound)
            }
        }
    }
}
