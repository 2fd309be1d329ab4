#!/usr/bin/env bash
# RxTrace's layers hold: the manifest declares them one way (layers_check.py), the compiler
# refuses an import a target does not declare (the same flag `make test` builds with), and a
# package whose target lists only RxTraceTesting compiles no ArgumentParser. SwiftPM still
# resolves and checks out every dependency of a package it depends on (Package.resolved lists
# swift-argument-parser); what matters for the user's build is that nothing of it is compiled or
# linked there.
set -euo pipefail
SWIFT=${SWIFT:-swift}
root="$(cd "$(dirname "$0")/../.." && pwd)"
$SWIFT package --package-path "$root" dump-package | python3 "$root/Tools/checks/layers_check.py"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/Sources/LeakChecks"
cat > "$scratch/Sources/LeakChecks/LeakChecks.swift" <<'SWIFT'
import RxTraceTesting
SWIFT
cat > "$scratch/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "LeakChecks",
    dependencies: [.package(name: "rxtrace", path: "$root")],
    targets: [.target(name: "LeakChecks", dependencies: [.product(name: "RxTraceTesting", package: "rxtrace")])]
)
MANIFEST
if ! $SWIFT build --package-path "$scratch" --target LeakChecks >"$scratch/build.log" 2>&1; then
    grep -E "error:" "$scratch/build.log" | sort -u | head -5 | sed 's/^/layers-check: /' >&2
    echo "layers-check: a target listing only RxTraceTesting does not build" >&2
    exit 1
fi
compiled=$(find "$scratch/.build" -name '*.swiftmodule' -path '*ArgumentParser*' -o -name '*.o' -path '*ArgumentParser*' | head -3)
if [ -n "$compiled" ]; then
    echo "layers-check: a target listing only RxTraceTesting compiled ArgumentParser:" >&2
    echo "$compiled" | sed 's/^/layers-check:   /' >&2
    exit 1
fi
echo "layers-check: ok: a target listing only RxTraceTesting builds without compiling ArgumentParser"
