import Glibc

/// Which columns `--print-column` prints, read as zenity reads it.
enum ListPrintedColumns: Sendable, Equatable {
    /// `ALL` in any case: every column but a check or radio list's toggles.
    case all
    /// Column numbers from 1, in the order given, repeats kept.
    case numbers([Int])

    /// `given` for a list of `count` columns; zenity's default (1, or 2 past
    /// the toggles) for nil.
    init(_ given: String?, count: Int, toggles: Bool) {
        guard let given else {
            self = .numbers([toggles ? 2 : 1])
            return
        }
        self = given.lowercased() == "all" ? .all : .numbers(Self.numbers(given, count: count))
    }

    /// zenity's reading of "2,1,9": each comma-separated part as `atoi` reads
    /// it; what is not a column from 1 to `count` is dropped.
    static func numbers(_ given: String, count: Int) -> [Int] {
        given.split(separator: ",", omittingEmptySubsequences: false).compactMap { part in
            let number = Int(String(part).withCString { atoi($0) })
            return number >= 1 && number <= count ? number : nil
        }
    }

    /// The column numbers printed for a list of `count` columns.
    func columns(count: Int, toggles: Bool) -> [Int] {
        switch self {
        case .all: Array(stride(from: toggles ? 2 : 1, through: count, by: 1))
        case .numbers(let numbers): numbers
        }
    }
}
