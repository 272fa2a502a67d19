// Beckon's login gate on KDE Plasma: the focus back to the gate's terms
// when a desktop window takes it (docs/administrators.md, "The gate on each
// desktop").
//
// KWin 5.27 activates every window as it maps, a desktop window too, even
// while another is active: under Plasma's systemd start-up on Wayland,
// plasmashell's desktop window often maps just after the gate's windows and
// takes the focus from the terms (measured, docs/terms.md P-W7). Keys then
// go to the desktop, and the KWin rule that keeps global shortcuts off while
// a gate window is active keeps none off. A Wayland client cannot take the
// focus back itself (KWin grants an activation token only to the active
// window), so this script, which acts only while the gate's terms window
// exists (its Wayland app_id, KWin's window class there, is
// "beckon-terms-gate"; on X11 the gate holds the keyboard grab instead and
// its class is "beckon"), gives it back. The gate's shields cover every
// desktop window, so a person cannot have chosen one.
function gateTerms() {
    var windows = workspace.clientList();
    for (var i = 0; i < windows.length; i++) {
        if (String(windows[i].resourceClass) == "beckon-terms-gate") return windows[i];
    }
    return null;
}

workspace.clientActivated.connect(function (window) {
    if (!window || !window.desktopWindow) return;
    var terms = gateTerms();
    if (terms) {
        print("beckon-gate-focus: the focus back to the gate's terms from " + window.caption);
        workspace.activeClient = terms;
    }
});
