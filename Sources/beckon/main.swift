import BeckonCLI
import Glibc

exit(BeckonCommand.main(CommandLineText.arguments(CommandLine.unsafeArgv, count: CommandLine.argc)))
