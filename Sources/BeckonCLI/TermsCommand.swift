/// `beckon terms`: the terms-of-use acceptance dialog.
enum TermsCommand {
    static func main(_ arguments: [String]) -> Int32 {
        StandardError.write("beckon terms: not implemented yet\n")
        return 255
    }
}
