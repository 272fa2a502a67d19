/// The configuration of a test's own session bus (dbus-daemon), for the tests'
/// PrivateSessionBus and the soak's notification server alike: a session bus
/// on a socket of its own in /tmp, where anyone may own a name and a monitor
/// may see every message; with no service directories, it starts nothing on
/// demand. ``text(type:)`` with "system" is a bus that stands where the
/// system bus is, with the same open policy (GnomeSession: gnome-shell needs one).
package enum SessionBusConfiguration {
    package static let text = text(type: "session")

    /// The same configuration for a bus of `type` ("session" or "system").
    package static func text(type: String) -> String { """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>\(type)</type>
          <listen>unix:tmpdir=/tmp</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
    }
}
