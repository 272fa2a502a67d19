// Real keys and clicks on KWin's Wayland for the end-to-end tests
// (Tests/EndToEndTests/Desktops/PlasmaWaylandSession.swift builds it at test
// time): KWin's org_kde_kwin_fake_input (version 4: keyboard_key), whose
// events KWin feeds through its own input path as a keyboard's or a pointer's,
// global shortcuts and all. KWin 5.27 offers zwp_virtual_keyboard_v1 (wtype's)
// only to its input method ("Compositor does not support the virtual keyboard
// protocol"), and org_kde_kwin_fake_input only to a client whose executable a
// .desktop file's Exec names with X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input
// (src/wayland_server.cpp, its interface filter); the test installs one.
//
// Usage: kwin-fake-input key CODE[+CODE...]...   evdev key codes (linux/input-event-codes.h),
//                                                  pressed in order, released in reverse
//        kwin-fake-input click X Y               absolute pointer move, then a left click
// The interface is described here by hand (no scanner): its requests in the
// protocol's order (plasma-wayland-protocols, fake-input.xml).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wayland-client.h>

static const struct wl_interface *no_types[4] = {NULL, NULL, NULL, NULL};
static const struct wl_message fake_input_requests[] = {
    {"authenticate", "ss", no_types},
    {"pointer_motion", "ff", no_types},
    {"button", "uu", no_types},
    {"axis", "uf", no_types},
    {"touch_down", "2uff", no_types},
    {"touch_motion", "2uff", no_types},
    {"touch_up", "2u", no_types},
    {"touch_cancel", "2", no_types},
    {"touch_frame", "2", no_types},
    {"pointer_motion_absolute", "3ff", no_types},
    {"keyboard_key", "4uu", no_types},
};
static const struct wl_interface fake_input_interface = {
    "org_kde_kwin_fake_input", 4, 11, fake_input_requests, 0, NULL,
};
enum { AUTHENTICATE = 0, BUTTON = 2, POINTER_MOTION_ABSOLUTE = 9, KEYBOARD_KEY = 10 };

static struct wl_proxy *fake_input;
static uint32_t offered_version;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data;
    if (strcmp(interface, fake_input_interface.name) == 0) {
        offered_version = version;
        fake_input = wl_registry_bind(registry, name, &fake_input_interface, version < 4 ? version : 4);
    }
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) { (void)data; (void)registry; (void)name; }
static const struct wl_registry_listener registry_listener = {global, global_remove};

static void key(uint32_t code, uint32_t pressed) {
    wl_proxy_marshal(fake_input, KEYBOARD_KEY, code, pressed);
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s key CODE[+CODE]... | click X Y\n", argv[0]); return 2; }
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) { fprintf(stderr, "kwin-fake-input: no Wayland display\n"); return 1; }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!fake_input) { fprintf(stderr, "kwin-fake-input: the compositor offers no org_kde_kwin_fake_input to this client\n"); return 3; }
    if (offered_version < 4 && strcmp(argv[1], "key") == 0) {
        fprintf(stderr, "kwin-fake-input: org_kde_kwin_fake_input version %u has no keyboard_key\n", offered_version); return 3;
    }
    // KWin 5.27 grants a device once it is asked (src/backends/fakeinput/fakeinputdevice.cpp).
    wl_proxy_marshal(fake_input, AUTHENTICATE, "beckon tests", "real keys for the end-to-end tests");
    if (strcmp(argv[1], "key") == 0) {
        for (int i = 2; i < argc; i++) {
            uint32_t codes[16]; int count = 0;
            char *copy = strdup(argv[i]);
            for (char *part = strtok(copy, "+"); part && count < 16; part = strtok(NULL, "+")) codes[count++] = (uint32_t)strtoul(part, NULL, 10);
            free(copy);
            for (int k = 0; k < count; k++) { key(codes[k], 1); wl_display_roundtrip(display); }
            for (int k = count - 1; k >= 0; k--) { key(codes[k], 0); wl_display_roundtrip(display); }
            usleep(50000);
        }
    } else if (strcmp(argv[1], "click") == 0 && argc == 4) {
        wl_proxy_marshal(fake_input, POINTER_MOTION_ABSOLUTE, wl_fixed_from_double(atof(argv[2])), wl_fixed_from_double(atof(argv[3])));
        wl_display_roundtrip(display);
        wl_proxy_marshal(fake_input, BUTTON, 0x110, 1); // BTN_LEFT
        wl_display_roundtrip(display);
        wl_proxy_marshal(fake_input, BUTTON, 0x110, 0);
    } else {
        fprintf(stderr, "kwin-fake-input: unknown request %s\n", argv[1]); return 2;
    }
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
