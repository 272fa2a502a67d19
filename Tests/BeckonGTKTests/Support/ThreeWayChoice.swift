import Beckon

/// The choice the tests ask: three buttons, one of each role that matters.
enum ThreeWayChoice: DialogChoice {
    case decline, later, accept

    static let dismissal = ThreeWayChoice.decline

    var label: String {
        switch self {
        case .decline: "_Decline"
        case .later: "_Later"
        case .accept: "_Accept"
        }
    }

    var role: DialogRole {
        switch self {
        case .decline: .cancel
        case .later: .plain
        case .accept: .default
        }
    }
}
