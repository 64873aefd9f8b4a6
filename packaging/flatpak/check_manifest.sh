#!/usr/bin/env bash
# Checks the Flatpak manifest as far as it can be checked without Flathub's runtime (which is what
# building it needs; docs/architecture/packaging.md, "Flatpak"):
#   - it parses: `flatpak-builder --show-manifest` where flatpak-builder is installed (it reads the
#     manifest as flatpak-builder will, unknown keys included), else Python's YAML parser;
#   - the app id, command, desktop file, icon and metainfo it names are what the CMake install rules
#     install, and the CMake options the strata module sets exist;
#   - with --download, the archive sources' sha256 (the Debian files; the git sources are pinned by
#     commit, which flatpak-builder checks against the tag when it clones).
#
#   packaging/flatpak/check_manifest.sh [--download]
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
manifest=$repo/packaging/flatpak/io.strata.Strata.yml
fail() { echo "check_manifest: $*" >&2; exit 1; }

if command -v flatpak-builder >/dev/null; then
    flatpak-builder --show-manifest "$manifest" >/dev/null || fail "flatpak-builder cannot read $manifest"
    echo "$(flatpak-builder --version) reads the manifest"
fi
# The fields below, as JSON lines, from whichever parser is here.
fields=$(python3 - "$manifest" <<'EOF'
import json, sys, yaml
m = yaml.safe_load(open(sys.argv[1]))
print(json.dumps({"id": m["id"], "command": m["command"], "runtime": m["runtime"],
                  "version": m["runtime-version"], "modules": [x["name"] for x in m["modules"]]}))
strata = m["modules"][-1]
for opt in strata.get("config-opts", []):
    print(json.dumps({"opt": opt}))
for mod in m["modules"]:
    for src in mod.get("sources", []):
        if src.get("type") == "archive":
            print(json.dumps({"url": src["url"], "sha256": src["sha256"]}))
EOF
) || fail "$manifest does not parse as YAML"
field() { python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())[sys.argv[1]])' "$1" <<<"$fields"; }
id=$(field id)
echo "manifest: $id, $(field runtime)//$(field version), modules $(field modules)"

# What the install rules install under the app id (Flatpak exports only files named after it).
[ "$id" = io.strata.Strata ] || fail "the app id $id is not the desktop file's io.strata.Strata"
[ -f "$repo/resources/$id.desktop" ] || fail "resources/$id.desktop is missing"
[ -f "$repo/resources/$id.metainfo.xml.in" ] || fail "resources/$id.metainfo.xml.in is missing"
grep -q "RENAME $id.svg" "$repo/resources/CMakeLists.txt" || fail "the SVG icon is not installed as $id.svg"
grep -q "install(TARGETS $(field command) " "$repo/app/CMakeLists.txt" || fail "command $(field command) is not installed"
grep -q "^Exec=$(field command)\$" "$repo/resources/$id.desktop" || fail "the desktop file does not run $(field command)"
# The strata module's -DSTRATA_* options exist (a renamed option would be ignored with a warning).
while read -r opt; do
    name=$(sed -E 's/^-D([A-Z_]+)=.*/\1/' <<<"$opt")
    case "$name" in STRATA_*) ;; *) continue ;; esac
    grep -rqE "(option|set)\(${name}[ )]" "$repo/CMakeLists.txt" "$repo/cmake" \
        || fail "the strata module sets $name, which no CMake file defines"
done < <(python3 -c 'import json,sys
for l in sys.stdin:
    d = json.loads(l)
    if "opt" in d: print(d["opt"])' <<<"$fields")
echo "app id, command, desktop file, icon, metainfo and CMake options match the install rules"

if [ "${1:-}" = --download ]; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    while read -r url sum; do
        curl -sfL -o "$tmp/file" "$url" || fail "cannot download $url"
        [ "$(sha256sum "$tmp/file" | cut -d' ' -f1)" = "$sum" ] || fail "$url: sha256 differs from the manifest's"
        echo "sha256 ok: $url"
    done < <(python3 -c 'import json,sys
for l in sys.stdin:
    d = json.loads(l)
    if "url" in d: print(d["url"], d["sha256"])' <<<"$fields")
fi
echo "check_manifest: the manifest is consistent (not built: that needs Flathub's org.kde.Sdk//6.8)"
