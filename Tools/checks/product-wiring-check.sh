#!/usr/bin/env bash
# Each of RxSwift's product names brings the RxSwift module, as RxSwift's own package does (its
# RxRelay, RxTest, RxBlocking and RxCocoa targets depend on its RxSwift target): a library target
# that lists only `RxTest` or `RxRelay` and writes `import RxSwift` builds. One target per
# product, each listing that product alone, in a scratch package depending on this one by path.
set -euo pipefail
SWIFT=${SWIFT:-swift}
root="$(cd "$(dirname "$0")/../.." && pwd)"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
products=(RxSwift RxRelay RxTest RxBlocking RxCocoa)
targets=""
for product in "${products[@]}"; do
    mkdir -p "$scratch/Sources/Uses$product"
    cat > "$scratch/Sources/Uses$product/Uses.swift" <<SWIFT
import RxSwift

public func numbers$product() -> Observable<Int> { Observable.just(1).map { \$0 + 1 } }
SWIFT
    targets+="        .target(name: \"Uses$product\", dependencies: [.product(name: \"$product\", package: \"rxtrace\")]),"$'\n'
done
cat > "$scratch/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "ProductWiring",
    dependencies: [.package(name: "rxtrace", path: "$root")],
    targets: [
$targets    ]
)
MANIFEST
# Each target in a build folder of its own: modules another target's build made would be visible.
failed=()
for product in "${products[@]}"; do
    if ! $SWIFT build --package-path "$scratch" --scratch-path "$scratch/.build-$product" --target "Uses$product" >"$scratch/$product.log" 2>&1; then
        failed+=("$product")
        grep -E "error:" "$scratch/$product.log" | sort -u | head -3 | sed "s/^/product-wiring-check: $product: /" >&2
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "product-wiring-check: a target listing only ${failed[*]} cannot import RxSwift" >&2
    exit 1
fi
echo "product-wiring-check: ok: ${products[*]} each bring the RxSwift module"
