// swift-tools-version:6.1
import PackageDescription

// A user's package with an unchanged test suite, for `rxtrace test` (Tools/checks/test-suite-check.sh):
// XCTest and Swift Testing tests that leak, clean ones, a leak held only by a test case's stored
// property, one-time shared state, and a crashing test. It depends on rxtrace through RxSwift's
// product names, as an app switched to rxtrace does; RXTRACE_PACKAGE_URL/RXTRACE_PACKAGE_VERSION
// make it depend by version on a tagged clone instead of by path.
let environment = Context.environment
let rxtrace: Package.Dependency =
    environment["RXTRACE_PACKAGE_URL"].map {
        .package(url: $0, exact: Version(stringLiteral: environment["RXTRACE_PACKAGE_VERSION"] ?? "0.0.1"))
    } ?? .package(name: "rxtrace", path: "../../..")

let package = Package(
    name: "LeakyTestSuite",
    platforms: [.macOS(.v15)],
    dependencies: [rxtrace],
    targets: [
        .target(
            name: "Feed",
            dependencies: [
                .product(name: "RxSwift", package: "rxtrace"),
                .product(name: "RxRelay", package: "rxtrace"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "FeedTests",
            dependencies: [
                "Feed",
                .product(name: "RxSwift", package: "rxtrace"),
                .product(name: "RxTest", package: "rxtrace"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
