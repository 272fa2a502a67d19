import BeckonEnforcer
import Glibc

exit(Enforcer.main(Array(CommandLine.arguments.dropFirst())))
