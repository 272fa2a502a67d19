import Foundation
import PackagePlugin

/// Writes `BeckonVersion.swift` from the VERSION file at build time, so the
/// version the binary reports is the file's whatever builds it (`swift build`,
/// `make release`, `make deb`, CI) and no one keeps a copy by hand. VERSION is
/// the command's input: editing it rebuilds what uses the version.
@main
struct BeckonVersionPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let version = context.package.directoryURL.appending(path: "VERSION")
        let output = context.pluginWorkDirectoryURL.appending(path: "BeckonVersion.swift")
        return [.buildCommand(displayName: "Generating BeckonVersion.swift from VERSION",
                              executable: try context.tool(named: "BeckonVersionGenerator").url,
                              arguments: [version.path(), output.path()],
                              inputFiles: [version], outputFiles: [output])]
    }
}
