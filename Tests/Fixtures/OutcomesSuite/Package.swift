// swift-tools-version:6.1
import PackageDescription

// A user's package whose tests end every way a test framework lets them, for
// Tools/checks/test-outcomes-check.sh: `rxtrace test` must report each test's outcome exactly as
// `swift test` does. XCTest and Swift Testing tests that pass, fail an assertion, call XCTFail,
// throw, skip, are disabled, record a known issue, fail a #require, fail one parameterized case,
// leak and pass, leak and fail; a @MainActor test and a serialized suite whose outcomes depend on
// running as `swift test` runs them. It depends on rxtrace by path through RxSwift's product names.
let package = Package(
    name: "OutcomesSuite",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "rxtrace", path: "../../..")],
    targets: [
        .target(
            name: "Cart",
            dependencies: [
                .product(name: "RxSwift", package: "rxtrace"),
                .product(name: "RxRelay", package: "rxtrace"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "CartTests",
            dependencies: ["Cart", .product(name: "RxSwift", package: "rxtrace")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
