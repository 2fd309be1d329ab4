#!/usr/bin/env bash
# The dependency configuration of `make bench`: what a package that depends on rxtrace by version
# gets. Copies the working tree (tracked and untracked files, not ignored ones, so uncommitted
# changes are measured too) into <scratch>/rxtrace, commits it there and tags it, then copies this
# benchmark package to <scratch>/consumer. Building the consumer with
# RXBENCH_RXTRACE_URL=file://<scratch>/rxtrace makes its manifest depend on that clone with
# `.package(url:from:)` (Package.swift). Prints the URL.
#
# Each run tags a new, higher version (1.0.<seconds since 1970>) and drops the consumer's
# Package.resolved: SwiftPM keeps clones of the dependency in its caches, and a re-tagged old
# version would resolve to the stale commit there, a new highest version cannot.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="${1:?usage: dependency-clone.sh <scratch folder>}"
mkdir -p "$scratch"
scratch="$(cd "$scratch" && pwd)"
clone="$scratch/rxtrace"
consumer="$scratch/consumer"

rm -rf "$clone" "$consumer"
mkdir -p "$clone"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
    [ -e "$file" ] && printf '%s\0' "$file"
done | xargs -0 cp --parents -t "$clone")
version="1.0.$(date +%s)"
git -C "$clone" init -q
git -C "$clone" add -A
git -C "$clone" -c user.name=rxbench -c user.email=rxbench@localhost commit -q -m "rxtrace working tree for the dependency benchmark"
git -C "$clone" tag "$version"

mkdir -p "$consumer"
cp -R "$clone/Tools/Benchmarks/Package.swift" "$clone/Tools/Benchmarks/Sources" "$consumer/"
echo "file://$clone"
