#!/usr/bin/env bash
# Checks the Debian package the way a user meets it, as root in a fresh Debian root (CI's `package`
# leg on Debian 12, `package-trixie` on Debian 13; tools/dev/fresh_root.sh): the package was built for
# this root's release, apt resolves every dependency from the archive, the programs run, the app
# starts and quits by itself, a model made by strata-gguf answers in strata-cli, and purging the
# package leaves no file behind outside the user's home.
#
#   packaging/check_install.sh path/to/strata_VERSION-1~debN_ARCH.deb
set -euo pipefail
[ $# = 1 ] && [ -f "$1" ] || { echo "usage: packaging/check_install.sh STRATA.deb" >&2; exit 2; }
deb=$(realpath "$1")
export DEBIAN_FRONTEND=noninteractive
say() { printf '\n== %s\n' "$*"; }
fail() { echo "check_install: $*" >&2; exit 1; }

# Every path on the root file system except what changes by itself or is not the system's: kernel
# and run-time folders, apt's and dpkg's own records and logs, temporary files, the checkout, and
# the user's home (user data may stay: Debian policy keeps it on purge).
snapshot() {
    find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /run -o -path /tmp -o -path /var/tmp \
        -o -path /src -o -path /root -o -path /home -o -path /var/cache/apt -o -path /var/cache/debconf \
        -o -path /var/lib/apt -o -path /var/lib/dpkg -o -path /var/log \) -prune -o -print | sort
}

# The release is the root's own (/etc/os-release): its Debian revision must name it as
# packaging/CMakeLists.txt names it (1~deb12, 1~deb13), so Debian 12's package is never passed off
# as Debian 13's, whose Depends name other library versions.
# shellcheck source=/dev/null
release=$(. /etc/os-release && if [ "$ID" = debian ]; then echo "deb$VERSION_ID"; else echo "$ID$VERSION_ID"; fi)
version=$(dpkg-deb --field "$deb" Version)
say "$(basename "$deb") on $(. /etc/os-release && echo "$PRETTY_NAME")"
case "$version" in
    *"~$release") echo "version $version: built for $release" ;;
    *) fail "the package's version $version does not name this release ($release): build it on $release" ;;
esac

say "apt-get install $(basename "$deb") (dependencies and recommends from the archive)"
apt-get update -qq
apt-get install -y -qq "$deb" >/dev/null || fail "apt could not install the package from the archive"
dpkg-query -W -f='installed: ${Package} ${Version}, ${Installed-Size} KiB\n' strata

# The baseline: the system with the package's dependencies but without the package. A first purge
# right after installing makes it, so what the dependencies' own scripts created is in it too.
apt-get purge -y -qq strata >/dev/null
baseline=$(mktemp)
snapshot >"$baseline"
apt-get install -y -qq "$deb" >/dev/null

say "strata --version"
strata --version | tee /tmp/version.txt
grep -q "^Strata " /tmp/version.txt || fail "strata --version printed no version"

say "the system language selects the translation (de_DE, zh_CN)"
LC_ALL=de_DE.UTF-8 strata --help | grep "Version und Build-Funktionen" || fail "no German --help for LC_ALL=de_DE.UTF-8"
LC_ALL=zh_CN.UTF-8 strata --help | grep "打印版本" || fail "no Chinese --help for LC_ALL=zh_CN.UTF-8"

say "strata starts offscreen, shows its window and quits by itself"
QT_QPA_PLATFORM=offscreen strata --quit-after-start 2>&1 | tee /tmp/start.txt
grep -q 'the main window is shown' /tmp/start.txt || fail "strata did not show its main window"

say "strata-cli answers a model made by strata-gguf"
model=$(mktemp -d)/tiny.gguf
strata-gguf mkmodel "$model" --arch llama --layers 2 --embedding 64 --heads 4 --vocab 300 --context 128
strata-cli -m "$model" -p hi -n 4 >/tmp/reply.txt || fail "strata-cli failed"
[ -s /tmp/reply.txt ] || fail "strata-cli printed no reply"
echo "reply: $(head -c 200 /tmp/reply.txt | tr '\n' ' ')"
strata-server --version
strata-bench --version

say "desktop integration and manuals are installed"
for file in /usr/share/applications/io.strata.Strata.desktop /usr/share/metainfo/io.strata.Strata.metainfo.xml \
    /usr/share/icons/hicolor/scalable/apps/io.strata.Strata.svg /usr/share/icons/hicolor/256x256/apps/io.strata.Strata.png \
    /usr/share/man/man1/strata.1.gz /usr/share/man/man1/strata-cli.1.gz /usr/share/doc/strata/copyright; do
    [ -s "$file" ] || fail "$file is missing"
done
zcat /usr/share/man/man1/strata-cli.1.gz | grep -q 'completion of TEXT' || fail "strata-cli's man page lacks its usage"

say "apt-get purge strata leaves nothing behind"
apt-get purge -y -qq strata >/dev/null
left=$(comm -13 "$baseline" <(snapshot))
if [ -n "$left" ]; then
    echo "$left" | head -n 50
    fail "purge left $(echo "$left" | wc -l) paths behind"
fi
echo "nothing left outside the home folder; user data there: $(find /root/.config /root/.local -path '*Strata*' 2>/dev/null | head -n 5 | tr '\n' ' ')"
rm -f "$baseline"
echo "check_install: the package installs, runs and purges cleanly"
