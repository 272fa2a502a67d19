extension Substring {
    /// Without white space (Unicode's, new lines included) at either end.
    package var trimmingWhitespace: Substring {
        var text = self
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}

extension String {
    /// Without white space (Unicode's, new lines included) at either end.
    package var trimmingWhitespace: String { String(Substring(self).trimmingWhitespace) }
}
