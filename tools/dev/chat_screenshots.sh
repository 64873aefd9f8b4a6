#!/usr/bin/env bash
# Saves docs/screenshots/chat-light.png and chat-dark.png: the main window under Xvfb with a
# conversation that shows Markdown, a code block, a table and collapsed reasoning, and a small
# generated model loaded. Needs xvfb (apt-get install -y xvfb) and a build of the tool:
#   cmake --build <build dir> --target strata-chat-screenshot
# Usage: tools/dev/chat_screenshots.sh [build dir]   (default: build/dev)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build/dev}
tool="$build/tests/bench/gui/strata-chat-screenshot"
[[ -x "$tool" ]] || { echo "no $tool: build the target strata-chat-screenshot first" >&2; exit 1; }
mkdir -p docs/screenshots
for theme in light dark; do
    # One screen of 24-bit colour, larger than the window; -a picks a free display number.
    QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1280x960x24" \
        "$tool" --theme "$theme" --output "docs/screenshots/chat-$theme.png"
done
