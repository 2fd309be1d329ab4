#!/usr/bin/env bash
# The dependency configuration of `make bench`: what a package that depends on rxtrace by version
# gets. Copies the working tree (tracked and untracked files, not ignored ones, so uncommitted
# changes are measured too) into <scratch>/<version>/rxtrace, commits it there and tags it
# <version>, then copies this benchmark package to <scratch>/consumer. Building the consumer with
# RXBENCH_RXTRACE_URL=file://<scratch>/<version>/rxtrace makes its manifest depend on that clone
# with `.package(url:from:)` (Package.swift). Prints the URL.
#
# Each run uses a new version (1.0.<seconds since 1970>) in a new folder, so a new URL: SwiftPM
# keeps its clone of a dependency in the build folder and, for the same URL, resolved a later
# run to the first run's tag without fetching (seen here: a tree 15 minutes old was measured).
# The identity stays `rxtrace` (the URL's last component); older runs' folders are removed.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="${1:?usage: dependency-clone.sh <scratch folder>}"
mkdir -p "$scratch"
scratch="$(cd "$scratch" && pwd)"
version="1.0.$(date +%s)"
clone="$scratch/$version/rxtrace"
consumer="$scratch/consumer"

rm -rf "$scratch"/1.0.* "$scratch/rxtrace" "$consumer"
mkdir -p "$clone"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
    [ -e "$file" ] && printf '%s\0' "$file"
done | xargs -0 cp --parents -t "$clone")
git -C "$clone" init -q
git -C "$clone" add -A
git -C "$clone" -c user.name=rxbench -c user.email=rxbench@localhost commit -q -m "rxtrace working tree for the dependency benchmark"
git -C "$clone" tag "$version"

mkdir -p "$consumer"
cp -R "$clone/Tools/Benchmarks/Package.swift" "$clone/Tools/Benchmarks/Sources" "$consumer/"
echo "file://$clone"
