/// What `--fix` asks of a run: prove a patch for each mechanical finding and offer it
/// (`--fix`), or also write the verified ones into the package (`--fix=apply`).
package enum FixMode: String, CaseIterable, Sendable {
    case propose
    case apply

    /// The command line with a bare `--fix` spelled `--fix=propose`, so that `--fix` takes an
    /// optional value (`--fix=apply`). Arguments after `--` are left alone: they are `swift
    /// build`'s.
    package static func spellingOutBareFix(_ arguments: [String]) -> [String] {
        var result: [String] = []
        for (index, argument) in arguments.enumerated() {
            if argument == "--" {
                return result + arguments[index...]
            }
            result.append(argument == "--fix" ? "--fix=\(FixMode.propose.rawValue)" : argument)
        }
        return result
    }
}
