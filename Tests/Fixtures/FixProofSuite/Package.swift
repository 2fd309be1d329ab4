// swift-tools-version:6.1
import PackageDescription

// The findings rxtrace-fix must get right beyond Tests/Fixtures/LeakyTestSuite
// (Tools/checks/fix-proof-check.sh): a cycle through a method reference, a closure that uses
// `self` twice, a dropped subscription that a deallocation signal can end, one in a test body
// (each gets a verified patch), a dropped subscription whose owner's bag lives for the whole
// process (the patch does not clear it: "still leaks"), and one kept in a static array (outside
// the classes: no patch, with the reason).
let package = Package(
    name: "FixProofSuite",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "rxtrace", path: "../../..")],
    targets: [
        .target(
            name: "Proof",
            dependencies: [.product(name: "RxSwift", package: "rxtrace")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "ProofTests",
            dependencies: ["Proof", .product(name: "RxSwift", package: "rxtrace")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
