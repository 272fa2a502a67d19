extension String {
    /// `{name}` replaced with `value`.
    package func replacingPlaceholder(_ name: String, with value: String) -> String {
        let placeholder = Array("{\(name)}")
        let characters = Array(self)
        var result = ""
        var index = 0
        while index < characters.count {
            if characters[index...].starts(with: placeholder) {
                result += value
                index += placeholder.count
            } else {
                result.append(characters[index])
                index += 1
            }
        }
        return result
    }
}
