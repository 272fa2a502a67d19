extension DesktopNotification {
    /// Posts it on the session bus's notification server and returns its handle.
    ///
    /// Throws ``NotificationError/noBus(_:)`` without a session bus and
    /// ``NotificationError/noServer(_:)`` when no server answers.
    @GtkActor
    public func post() async throws(NotificationError) -> PostedNotification {
        try await NotificationBus.session().post(self)
    }
}
