// swift-tools-version:6.1
import PackageDescription

// rxtrace-fix: turns the findings of an rxtrace report into patches on the syntax tree, and proves
// each one by re-running the tests it came from. A package of its own, so that swift-syntax is
// resolved and built only by whoever builds the fixer: a package that depends on rxtrace for
// `RxSwift` (the root package) gets nothing more (Tools/checks/fix-isolation-check.sh).
let package = Package(
    name: "rxtrace-fix",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "rxtrace-fix", targets: ["rxtrace-fix"])
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0")
    ],
    targets: [
        .target(
            name: "RxTraceFix",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .executableTarget(name: "rxtrace-fix", dependencies: ["RxTraceFix"]),
        .testTarget(name: "RxTraceFixTests", dependencies: ["RxTraceFix"]),
    ]
)
