import BeckonCLI
import Glibc

exit(BeckonCommand.main(CommandLine.arguments))
