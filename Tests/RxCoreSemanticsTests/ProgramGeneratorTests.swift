import RxCoreSemantics
import XCTest

final class ProgramGeneratorTests: XCTestCase {
    // A seed and an index name one program: a printed reproduction replays it.
    func testTheSameSeedAndIndexGiveTheSameProgram() {
        XCTAssertEqual(ProgramGenerator.program(seed: 7, index: 3), ProgramGenerator.program(seed: 7, index: 3))
        XCTAssertNotEqual(ProgramGenerator.program(seed: 7, index: 3), ProgramGenerator.program(seed: 7, index: 4))
    }

    // Every operator the model covers turns up (the leaf sequences just, empty, error and never
    // included), and main lines stay within 1 to 6 operators.
    func testProgramsCoverEveryOperatorWithinTheDepthBounds() {
        var kinds = Set<String>()
        for index in 0..<3000 {
            let program = ProgramGenerator.program(seed: 1, index: index)
            kinds.formUnion(program.chain.operators.map(\.kind))
            var depth = 0
            var chain = program.chain
            while case .node(_, let inputs) = chain, !inputs.isEmpty {
                depth += 1
                chain = inputs[0]
            }
            XCTAssertTrue((1...6).contains(depth), "main line of \(depth) operators: \(program.chain)")
        }
        XCTAssertEqual(kinds.count, 49, "operator kinds seen: \(kinds.sorted())")
    }
}
