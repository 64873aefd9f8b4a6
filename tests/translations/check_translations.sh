#!/usr/bin/env bash
# Fails unless every translation in translations/*.ts is complete for the sources as they are now:
# lupdate (the same scan as the build's, -no-obsolete) updates a temporary copy of each catalogue, so
# a string added to the code since the catalogue was last updated shows up as unfinished here even
# when nobody ran lupdate. Then, per catalogue: no unfinished or empty translation (every plural
# form counts), and every %1..%99 placeholder of the source also in each translation.
#
#   tests/translations/check_translations.sh LUPDATE SOURCE_DIR
set -euo pipefail
lupdate=$1 src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$src"/translations/*.ts "$work"/
# -I: the include paths the build's own lupdate run has, so tr() in a namespace gets its class's
# full context (strata::ui::MainWindow) rather than a bare one that matches nothing.
"$lupdate" -silent -no-obsolete -I "$src" -I "$src/engine/include" \
    "$src/domain" "$src/ui" "$src/app" -ts "$work"/*.ts >/dev/null

status=0
for ts in "$work"/*.ts; do
    # One record per message; a multi-line source or translation stays inside its record.
    if ! awk -v file="$(basename "$ts")" '
        BEGIN { RS = "</message>"; messages = 0; bad = 0 }
        /<message/ {
            messages++
            source = $0; sub(/.*<source>/, "", source); sub(/<\/source>.*/, "", source)
            translation = $0; sub(/.*<translation[^>]*>/, "", translation); sub(/<\/translation>.*/, "", translation)
            problem = ""
            if ($0 ~ /<translation[^>]*type="(unfinished|vanished|obsolete)"/) problem = "unfinished"
            else if ($0 ~ /<numerusform><\/numerusform>/ || $0 ~ /<numerusform\/>/) problem = "an empty plural form"
            else if (translation ~ /^[ \t\n]*$/ && source !~ /^[ \t\n]*$/) problem = "empty"
            else {
                forms = translation
                if (forms ~ /<numerusform>/) { gsub(/<\/numerusform>[ \t\n]*<numerusform>/, "\001", forms); gsub(/<\/?numerusform>/, "", forms) }
                n = split(forms, form, "\001")
                rest = source
                while (match(rest, /%[0-9]+/)) {
                    placeholder = substr(rest, RSTART, RLENGTH); rest = substr(rest, RSTART + RLENGTH)
                    for (i = 1; i <= n; i++) if (index(form[i], placeholder) == 0) problem = "missing " placeholder
                }
            }
            if (problem != "") { bad++; printf "%s: %s: \"%s\"\n", file, problem, source }
        }
        END {
            printf "%s: %d messages, %d incomplete\n", file, messages, bad
            if (messages == 0 || bad > 0) exit 1
        }' "$ts"; then
        status=1
    fi
done
exit $status
