#!/usr/bin/env bash
# rxtrace-fix's swift-syntax stays rxtrace-fix's: a package that depends on rxtrace (a tagged clone
# of the working tree, which holds Tools/rxtrace-fix) for `RxSwift` resolves exactly the
# dependencies the root manifest declares (swift-argument-parser and rxtrace itself, no
# swift-syntax), checks out nothing more, and its build compiles nothing of the fixer.
set -euo pipefail
SWIFT=${SWIFT:-swift}
root="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
fail() { echo "fix-isolation-check: $*" >&2; exit 1; }

[ -f "$root/Tools/rxtrace-fix/Package.swift" ] || fail "no Tools/rxtrace-fix/Package.swift: nothing to isolate"
grep -q "swift-syntax" "$root/Tools/rxtrace-fix/Package.swift" || fail "rxtrace-fix no longer names swift-syntax: update this check"
grep -q "swift-syntax" "$root/Package.swift" && fail "the root Package.swift names swift-syntax"

# After: a tagged clone of the working tree. Before: the same tree without Tools/rxtrace-fix.
url="$(bash "$root/Tools/Benchmarks/dependency-clone.sh" "$scratch/tags")"
clone="${url#file://}"
version="$(basename "$(dirname "$clone")")"
without="$scratch/without/$version/rxtrace"
mkdir -p "$(dirname "$without")"
git clone -q "$clone" "$without"
git -C "$without" rm -rq Tools/rxtrace-fix
git -C "$without" -c user.name=check -c user.email=check@localhost commit -qm "without rxtrace-fix"
git -C "$without" tag -f "$version" >/dev/null

make_app() {  # folder, rxtrace URL
    mkdir -p "$1/Sources/App"
    cat > "$1/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "App",
    platforms: [.macOS(.v15)],
    dependencies: [.package(url: "$2", from: "1.0.0")],
    targets: [.target(name: "App", dependencies: [.product(name: "RxSwift", package: "rxtrace")])]
)
MANIFEST
    printf 'import RxSwift\npublic func ticks() -> Observable<Int> { Observable.just(1) }\n' > "$1/Sources/App/App.swift"
    (cd "$1" && $SWIFT package resolve >"$1.resolve.txt" 2>&1) || { cat "$1.resolve.txt" >&2; fail "$1 does not resolve"; }
}
resolved() {  # folder: its pins and its checkouts, one line
    python3 -c 'import json,sys; print(" ".join(sorted(p["identity"] for p in json.load(open(sys.argv[1]))["pins"])))' "$1/Package.resolved"
    ls "$1/.build/checkouts" | sort | tr '\n' ' '
}
app="$scratch/app"
make_app "$scratch/app-before" "file://$without"
make_app "$app" "$url"
before="$(resolved "$scratch/app-before")"
after="$(resolved "$app")"
[ "$before" = "$after" ] || fail "resolution changed: before '$before', after '$after'"
grep -q "swift-syntax" "$app/Package.resolved" && fail "swift-syntax is in the app's Package.resolved"
echo "fix-isolation-check: a package depending on rxtrace for RxSwift resolves and checks out the same with and without Tools/rxtrace-fix: $(echo "$after" | head -1)"

(cd "$app" && $SWIFT build >"$scratch/build.txt" 2>&1) || { tail -20 "$scratch/build.txt" >&2; fail "the app does not build"; }
if grep -Eq "SwiftSyntax|SwiftParser|RxTraceFix|rxtrace-fix" "$scratch/build.txt"; then
    grep -E "SwiftSyntax|SwiftParser|RxTraceFix|rxtrace-fix" "$scratch/build.txt" | head -5 >&2
    fail "the app's build compiled part of the fixer"
fi
echo "fix-isolation-check: its build compiles nothing of the fixer ($(grep -c '^\[' "$scratch/build.txt") build steps)"
echo "fix-isolation-check: ok"
