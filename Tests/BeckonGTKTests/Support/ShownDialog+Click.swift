import BeckonTestSupport
import Testing

extension ShownDialog {
    /// Clicks button `index` of the action area (0 is the left-most) with the
    /// real pointer; fails the test when the dialog has no such button.
    func clickButton(_ index: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let center = try #require(await buttonCenter(index), "\(title): no button \(index)", sourceLocation: sourceLocation)
        try Xdotool.click(x: center.x, y: center.y)
    }
}
