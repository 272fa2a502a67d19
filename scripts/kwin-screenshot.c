// A PNG of KWin's whole workspace on Plasma's Wayland, for the end-to-end
// tests' pictures (Tests/EndToEndTests/Desktops/PlasmaWaylandSession.swift
// builds it at test time): KWin's org.kde.KWin.ScreenShot2 D-Bus API,
// CaptureWorkspace, which writes the raw image into a pipe the caller passes.
// KWin answers only a caller whose executable a .desktop file's Exec names
// with X-KDE-DBUS-Restricted-Interfaces=org.kde.KWin.ScreenShot2; the test
// installs one in its session's home. (spectacle, Plasma's own tool, is not
// installed here.)
//
// Usage: kwin-screenshot OUT.png [X Y WIDTH HEIGHT]   the whole workspace, or that area of it
// (a window's title bar, whose pixels a test compares).
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <gio/gunixfdlist.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static guint32 uint_of(GVariant *results, const char *key) {
    guint32 value = 0;
    if (!g_variant_lookup(results, key, "u", &value)) {
        gint32 signed_value = 0;
        if (g_variant_lookup(results, key, "i", &signed_value)) value = (guint32)signed_value;
    }
    return value;
}

int main(int argc, char **argv) {
    if (argc != 2 && argc != 6) { fprintf(stderr, "usage: %s OUT.png [X Y WIDTH HEIGHT]\n", argv[0]); return 2; }
    GError *error = NULL;
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
    if (!bus) { fprintf(stderr, "kwin-screenshot: %s\n", error->message); return 1; }
    int fds[2];
    if (pipe(fds) != 0) { perror("kwin-screenshot: pipe"); return 1; }
    GUnixFDList *list = g_unix_fd_list_new_from_array(&fds[1], 1); // takes the write end
    GVariantBuilder options;
    g_variant_builder_init(&options, G_VARIANT_TYPE("a{sv}"));
    g_variant_builder_add(&options, "{sv}", "native-resolution", g_variant_new_boolean(TRUE));
    GVariant *reply = g_dbus_connection_call_with_unix_fd_list_sync(
        bus, "org.kde.KWin", "/org/kde/KWin/ScreenShot2", "org.kde.KWin.ScreenShot2", "CaptureWorkspace",
        g_variant_new("(a{sv}h)", &options, 0), G_VARIANT_TYPE("(a{sv})"), G_DBUS_CALL_FLAGS_NONE, 20000, list, NULL, NULL, &error);
    g_object_unref(list); // closes our write end: the read ends when KWin closes its copy
    if (!reply) { fprintf(stderr, "kwin-screenshot: CaptureWorkspace: %s\n", error->message); return 1; }
    GVariant *results = g_variant_get_child_value(reply, 0);
    guint32 width = uint_of(results, "width"), height = uint_of(results, "height");
    guint32 stride = uint_of(results, "stride"), format = uint_of(results, "format");
    GByteArray *data = g_byte_array_new();
    guint8 buffer[65536];
    ssize_t n;
    while ((n = read(fds[0], buffer, sizeof buffer)) > 0) g_byte_array_append(data, buffer, (guint)n);
    // QImage::Format_RGB32 (4), _ARGB32 (5), _ARGB32_Premultiplied (6): 0xAARRGGBB words, B G R A bytes here.
    if (width == 0 || height == 0 || stride < width * 4 || data->len < (gsize)stride * height || format < 4 || format > 6) {
        fprintf(stderr, "kwin-screenshot: unexpected image: %ux%u stride %u format %u, %u bytes\n", width, height, stride, format,
                data->len);
        return 1;
    }
    guint8 *rgb = g_malloc((gsize)width * height * 3);
    for (guint32 y = 0; y < height; y++) {
        const guint8 *row = data->data + (gsize)y * stride;
        guint8 *out = rgb + (gsize)y * width * 3;
        for (guint32 x = 0; x < width; x++) {
            out[x * 3] = row[x * 4 + 2];
            out[x * 3 + 1] = row[x * 4 + 1];
            out[x * 3 + 2] = row[x * 4];
        }
    }
    GdkPixbuf *pixbuf = gdk_pixbuf_new_from_data(rgb, GDK_COLORSPACE_RGB, FALSE, 8, (int)width, (int)height, (int)width * 3, NULL, NULL);
    if (argc == 6) {
        int x = atoi(argv[2]), y = atoi(argv[3]), w = atoi(argv[4]), h = atoi(argv[5]);
        if (x < 0 || y < 0 || w <= 0 || h <= 0 || (guint32)(x + w) > width || (guint32)(y + h) > height) {
            fprintf(stderr, "kwin-screenshot: %dx%d+%d+%d is not inside the %ux%u workspace\n", w, h, x, y, width, height);
            return 1;
        }
        pixbuf = gdk_pixbuf_new_subpixbuf(pixbuf, x, y, w, h);
    }
    if (!gdk_pixbuf_save(pixbuf, argv[1], "png", &error, "compression", "9", NULL)) {
        fprintf(stderr, "kwin-screenshot: %s\n", error->message);
        return 1;
    }
    return 0;
}
