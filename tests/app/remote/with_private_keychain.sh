#!/bin/sh
# Runs a test (the arguments) with a keychain of its own: a private D-Bus session bus
# (dbus-run-session) on which a GNOME Keyring daemon serves the Secret Service, its login keyring
# created and unlocked with a throw-away password read from stdin, its files in a temporary HOME
# and XDG folders that are removed afterwards. The user's own keychain, bus and files are never
# reached. The test gets STRATA_PRIVATE_KEYCHAIN_BUS (the private bus's address) and writes to a
# keychain only when that is its session bus; where a program is missing it gets
# STRATA_PRIVATE_KEYCHAIN_MISSING instead and says so (tests/app/remote/test_remote_keychain.cpp).
# Debian packages: dbus-daemon (dbus-run-session), dbus-bin (dbus-send), gnome-keyring, and
# libsecret-1-0 for QtKeychain (tools/packages.sh, test list).
set -u
for program in dbus-run-session dbus-send gnome-keyring-daemon; do
    if ! command -v "$program" >/dev/null 2>&1; then
        exec env -u STRATA_PRIVATE_KEYCHAIN_BUS STRATA_PRIVATE_KEYCHAIN_MISSING="$program" "$@"
    fi
done
home=$(mktemp -d) || exit 1
trap 'rm -rf "$home"' EXIT
mkdir -p "$home/data" "$home/config" "$home/cache" "$home/run"
chmod 700 "$home/run"
# No desktop named: QtKeychain then takes the Secret Service (libsecret), never KWallet.
env -u XDG_CURRENT_DESKTOP -u DESKTOP_SESSION -u KDE_FULL_SESSION -u GNOME_KEYRING_CONTROL \
    -u DBUS_SESSION_BUS_ADDRESS -u STRATA_PRIVATE_KEYCHAIN_MISSING \
    HOME="$home" XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache" \
    XDG_RUNTIME_DIR="$home/run" \
    dbus-run-session -- sh -c '
        printf "%s" strata-test-password | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null &
        keyring=$!
        # The test starts once the Secret Service owns its name (at most 10 s), so no request starts
        # a second daemon through D-Bus activation.
        tries=0
        while [ $tries -lt 100 ] && ! dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
                org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q "boolean true"; do
            sleep 0.1
            tries=$((tries + 1))
        done
        STRATA_PRIVATE_KEYCHAIN_BUS=$DBUS_SESSION_BUS_ADDRESS "$@"
        status=$?
        kill "$keyring" 2>/dev/null
        wait "$keyring" 2>/dev/null
        exit $status' sh "$@"
