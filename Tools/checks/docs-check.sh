#!/usr/bin/env bash
# The README stays an introduction (issue 22): at most 300 lines, and every relative link in the
# README, the CHANGELOG and docs/*.md points at a file of the repository. No build needed.
set -euo pipefail
cd "$(dirname "$0")/../.."
status=0
lines=$(wc -l < README.md)
if [ "$lines" -gt 300 ]; then
    echo "docs-check: README.md has $lines lines, at most 300: move reference material to the DocC catalogs or docs/" >&2
    status=1
fi
for file in README.md CHANGELOG.md docs/*.md; do
    folder=$(dirname "$file")
    # Markdown links and images: ](target), without a scheme or an in-page anchor.
    while IFS= read -r target; do
        target=${target%%#*}
        [ -z "$target" ] && continue
        if [ ! -e "$folder/$target" ]; then
            echo "docs-check: $file links to $target, which is not in the repository" >&2
            status=1
        fi
    done < <(grep -oE '\]\([^)]+\)' "$file" | sed -E 's/^\]\((.*)\)$/\1/' | grep -vE '^[a-z]+:|^#' || true)
done
[ "$status" -eq 0 ] && echo "docs-check: README.md $lines lines; every relative link resolves"
exit "$status"
