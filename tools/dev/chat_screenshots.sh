#!/usr/bin/env bash
# Saves the main window as a new user sees it, under Xvfb, with a conversation that shows Markdown, a
# code block, a table and collapsed reasoning, and a small generated model loaded:
#   docs/screenshots/chat-light.png, chat-dark.png        a 1280x800 screen, both themes
#   docs/screenshots/window-1280x800.png, window-1920x1080.png   every performance panel open
# The window takes the size it takes on first start from the screen (ui/window_size.hpp), so these
# show whether anything is cut at those sizes (tests/ui/test_main_window checks the texts' widths).
# Needs xvfb (apt-get install -y xvfb) and a build of the tool:
#   cmake --build <build dir> --target strata-chat-screenshot
# Usage: tools/dev/chat_screenshots.sh [build dir]   (default: build/dev)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build/dev}
tool="$build/tests/bench/gui/strata-chat-screenshot"
[[ -x "$tool" ]] || { echo "no $tool: build the target strata-chat-screenshot first" >&2; exit 1; }
mkdir -p docs/screenshots
# Sanitizer builds (dev, ci): the xcb platform's libdbus leaves a buffer that LeakSanitizer reports at
# exit, which is not Strata's and would fail the run after the picture is saved.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}

# One screen of 24-bit colour of the given size; -a picks a free display number.
shoot() {
    local screen=$1
    shift
    QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 ${screen}x24" "$tool" "$@"
}

for theme in light dark; do
    shoot 1280x800 --theme "$theme" --output "docs/screenshots/chat-$theme.png"
done
for screen in 1280x800 1920x1080; do
    shoot "$screen" --theme light --panels --output "docs/screenshots/window-$screen.png"
done
