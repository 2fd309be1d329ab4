#!/usr/bin/env bash
# rxtrace test as users outside this repository get it, each from a package in a subfolder of a
# larger repository, through `swift package rxtrace test` (the command plugin) and the CLI:
#  - depending on rxtrace by version (a tagged clone of the working tree, `.package(url:from:)`);
#  - through a SwiftPM mirror of RxSwift's URL (`.package(url: RxSwift, from: "6.0.0")` and
#    `import RxSwift`/`RxTest` unchanged, the mirror pointing at a clone tagged 6.x).
# The package is Tests/Fixtures/LeakyTestSuite's sources and tests with a manifest of each kind;
# both must report exactly its leaking tests at their lines (test_suite_check.py).
set -euo pipefail
SWIFT=${SWIFT:-swift}
root="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="${RXTRACE_DEPENDENCY_CHECK_DIR:-$(mktemp -d)}"
trap 'rm -rf "$scratch"' EXIT
url="$(bash "$root/Tools/Benchmarks/dependency-clone.sh" "$scratch/tags")"
clone="${url#file://}"
# The mirror: a clone in a folder named RxSwift (SwiftPM names a mirrored package after the
# folder) with a tag that satisfies RxSwift requirements.
git clone -q "$clone" "$scratch/mirror/RxSwift"
git -C "$scratch/mirror/RxSwift" tag 6.10.99

make_package() {  # folder, dependency line, package name in product references
    local folder=$1 dependency=$2 name=$3
    mkdir -p "$folder"
    cp -R "$root/Tests/Fixtures/LeakyTestSuite/Sources" "$root/Tests/Fixtures/LeakyTestSuite/Tests" "$folder/"
    cat > "$folder/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "Feed",
    platforms: [.macOS(.v15)],
    dependencies: [$dependency],
    targets: [
        .target(name: "Feed", dependencies: [.product(name: "RxSwift", package: "$name"), .product(name: "RxRelay", package: "$name")],
                swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "FeedTests", dependencies: ["Feed", .product(name: "RxSwift", package: "$name"), .product(name: "RxTest", package: "$name")],
                    swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)
MANIFEST
}

run_check() {  # package folder, label, [rxtrace executable: else the plugin]
    local folder=$1 label=$2 cli=${3:-}
    set +e
    if [ -n "$cli" ]; then
        (cd "$folder" && "$cli" test --filter 'FeedScreen' --output "$scratch/reports-$label" --no-color) >"$scratch/$label.txt" 2>&1
    else
        (cd "$folder" && $SWIFT package rxtrace test --filter 'FeedScreen' --output "$scratch/reports-$label" --no-color) >"$scratch/$label.txt" 2>&1
    fi
    local code=$?
    set -e
    if [ "$code" != 1 ]; then
        echo "test-suite-dependency-check ($label): rxtrace test exited $code, expected 1" >&2
        tail -30 "$scratch/$label.txt" >&2
        exit 1
    fi
    python3 "$root/Tools/checks/test_suite_check.py" leaks "$scratch/reports-$label" "$folder" | sed "s/^test-suite-check/test-suite-dependency-check ($label)/"
}

# The report header names the version consumed: the tag SwiftPM resolved (the CLI built inside the
# tagged clone: the tag on its commit), in every format's tool field.
assert_version() {  # label, expected version
    local label=$1 expected=$2 reports="$scratch/reports-$1"
    python3 - "$reports" "$expected" "$label" <<'PY'
import json, os, sys
reports, expected, label = sys.argv[1:]
header = open(os.path.join(reports, "rxtrace.txt")).readline().strip()
found = {"json": json.load(open(os.path.join(reports, "rxtrace.json")))["tool"]["version"],
         "sarif": json.load(open(os.path.join(reports, "rxtrace.sarif")))["runs"][0]["tool"]["driver"]["version"],
         "text": header.split(" ")[1] if header.startswith("rxtrace ") else header}
wrong = {k: v for k, v in found.items() if v != expected}
if wrong:
    sys.exit(f"test-suite-dependency-check ({label}): the reports say version {wrong}, expected {expected}")
print(f"test-suite-dependency-check ({label}): the header says '{header.split(' · ')[0]}'")
PY
}
version="$(basename "$(dirname "$clone")")"

mkdir -p "$scratch/monorepo" && git -C "$scratch/monorepo" init -q
make_package "$scratch/monorepo/apps/feed-by-version" ".package(url: \"$url\", from: \"1.0.0\")" rxtrace
run_check "$scratch/monorepo/apps/feed-by-version" by-version
assert_version by-version "$version"
# The CLI, built from the same tagged clone as a user installs it, on the same package.
$SWIFT build --package-path "$clone" --product rxtrace >/dev/null
run_check "$scratch/monorepo/apps/feed-by-version" by-version-cli "$clone/.build/debug/rxtrace"
assert_version by-version-cli "$version"

make_package "$scratch/monorepo/apps/feed-mirror" ".package(url: \"https://github.com/ReactiveX/RxSwift.git\", from: \"6.0.0\")" RxSwift
(cd "$scratch/monorepo/apps/feed-mirror" && $SWIFT package config set-mirror \
    --original https://github.com/ReactiveX/RxSwift.git --mirror "file://$scratch/mirror/RxSwift")
run_check "$scratch/monorepo/apps/feed-mirror" mirror
assert_version mirror 6.10.99

# The older spelling, `.package(name: "RxSwift", url:)`, resolves through the same mirror (it
# needs the mirror's folder to be named RxSwift) and builds.
make_package "$scratch/monorepo/apps/feed-mirror-named" ".package(name: \"RxSwift\", url: \"https://github.com/ReactiveX/RxSwift.git\", from: \"6.0.0\")" RxSwift
(cd "$scratch/monorepo/apps/feed-mirror-named" && $SWIFT package config set-mirror \
    --original https://github.com/ReactiveX/RxSwift.git --mirror "file://$scratch/mirror/RxSwift" \
    && $SWIFT build --target Feed >"$scratch/mirror-named.txt" 2>&1) \
    || { echo "test-suite-dependency-check (mirror, .package(name:url:)): the build failed" >&2; tail -20 "$scratch/mirror-named.txt" >&2; exit 1; }
echo "test-suite-dependency-check (mirror, .package(name:url:)): builds"
echo "test-suite-dependency-check: ok"
