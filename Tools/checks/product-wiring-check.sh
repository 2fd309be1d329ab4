#!/usr/bin/env bash
# Each of RxSwift's product names brings the RxSwift module, as RxSwift's own package does (its
# RxRelay, RxTest, RxBlocking and RxCocoa targets depend on its RxSwift target): a library target
# that lists only `RxTest` or `RxRelay` and writes `import RxSwift` builds. One target per
# product, each listing that product alone, in a scratch package depending on this one by path.
#
# One build folder for all of them: the compiler's import check (`error`) refuses a module that
# is not in the importing target's dependency closure even when another target's build made it
# visible. A control target that lists only `RxCore` (which does not bring RxSwift's name) and
# imports RxSwift must be refused, or the check would prove nothing.
set -euo pipefail
SWIFT=${SWIFT:-swift}
root="$(cd "$(dirname "$0")/../.." && pwd)"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
products=(RxSwift RxRelay RxTest RxBlocking RxCocoa)
targets=""
for product in "${products[@]}" RxCore; do
    mkdir -p "$scratch/Sources/Uses$product"
    cat > "$scratch/Sources/Uses$product/Uses.swift" <<SWIFT
import RxSwift

public func numbers$product() -> Observable<Int> { Observable.just(1).map { \$0 + 1 } }
SWIFT
    line="        .target(name: \"Uses$product\", dependencies: [.product(name: \"$product\", package: \"rxtrace\")]),"
    [ "$product" = RxCore ] || targets+="$line"$'\n'
done
cat > "$scratch/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription
let control: [Target] = Context.environment["PRODUCT_WIRING_CONTROL"] == "1"
    ? [.target(name: "UsesRxCore", dependencies: [.product(name: "RxCore", package: "rxtrace")])] : []
let package = Package(
    name: "ProductWiring",
    dependencies: [.package(name: "rxtrace", path: "$root")],
    targets: [
$targets    ] + control
)
MANIFEST
build() { $SWIFT build --package-path "$scratch" --explicit-target-dependency-import-check error "$@"; }
if ! build >"$scratch/build.log" 2>&1; then
    grep -E "error:" "$scratch/build.log" | sort -u | head -5 | sed "s/^/product-wiring-check: /" >&2
    echo "product-wiring-check: a target listing only one of ${products[*]} cannot import RxSwift" >&2
    exit 1
fi
if PRODUCT_WIRING_CONTROL=1 build --target UsesRxCore >"$scratch/control.log" 2>&1 \
    || ! grep -q "UsesRxCore imports another target (RxSwift)" "$scratch/control.log"; then
    tail -n 5 "$scratch/control.log" | sed "s/^/product-wiring-check: /" >&2
    echo "product-wiring-check: the import check let a target listing only RxCore import RxSwift" >&2
    exit 1
fi
echo "product-wiring-check: ok: ${products[*]} each bring the RxSwift module (a target listing only RxCore is refused it)"
