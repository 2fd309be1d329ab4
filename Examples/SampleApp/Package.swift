// swift-tools-version:6.1
import Foundation
import PackageDescription

// An app's view-model package written for RxSwift + RxCocoa, switched to rxtrace by this
// manifest alone (README, "Switching an app by its manifest"). Its sources and tests are plain
// RxSwift code: `import RxSwift`, `import RxRelay`, `import RxCocoa`, `import RxTest`,
// `import RxBlocking`.
//
// RX_IMPLEMENTATION=rxswift picks RxSwift's own package (which offers RxCocoa on Apple platforms
// only); anything else picks rxtrace with tracing on. This sample lives inside the rxtrace
// repository, so it depends on it by path; an app writes `.package(url: "…/rxtrace", from: …)`.
let useRxSwift = Context.environment["RX_IMPLEMENTATION"] == "rxswift"
let rxtracePath = "../.."
// A path dependency's package name is its folder's name (the checkout's, not "rxtrace").
let rxtraceName = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent(rxtracePath).standardized
    .lastPathComponent
let rxPackage = useRxSwift ? "RxSwift" : rxtraceName
let rxDependency: Package.Dependency =
    useRxSwift
    ? .package(url: "https://github.com/ReactiveX/RxSwift.git", from: "6.10.0")
    : .package(path: rxtracePath, traits: ["TraceResources"])

func rx(_ product: String) -> Target.Dependency {
    .product(name: product, package: rxPackage)
}

var targets: [Target] = [
    .target(name: "SampleViewModels", dependencies: [rx("RxSwift"), rx("RxRelay"), rx("RxCocoa")]),
    .testTarget(
        name: "SampleViewModelsTests",
        dependencies: ["SampleViewModels", rx("RxSwift"), rx("RxRelay"), rx("RxCocoa"), rx("RxTest"), rx("RxBlocking")]
    ),
]
if !useRxSwift {
    // The leak scenarios need rxtrace's runner; they are the only rxtrace-specific code.
    targets.append(
        .executableTarget(
            name: "sample-leaks",
            dependencies: [
                "SampleViewModels", rx("RxSwift"), rx("RxCocoa"), .product(name: "RxTrace", package: rxtraceName),
            ]
        )
    )
}

let package = Package(
    name: "SampleApp",
    platforms: [.macOS(.v15)],
    dependencies: [rxDependency],
    targets: targets,
    swiftLanguageModes: [.v5]
)
