/// The configuration of a test's own session bus (dbus-daemon), for the tests'
/// PrivateSessionBus and the soak's notification server alike: a session bus
/// on a socket of its own in /tmp, where anyone may own a name and a monitor
/// may see every message; with no service directories, it starts nothing on
/// demand.
package enum SessionBusConfiguration {
    package static let text = """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
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
