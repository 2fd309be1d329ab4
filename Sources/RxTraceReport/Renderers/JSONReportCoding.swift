import Foundation

/// The JSON format: the full `RunReport`, pretty-printed with sorted keys so files diff well,
/// dates in ISO 8601. Described by `docs/report.schema.json`.
public enum JSONReportCoding {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    public static func encode(_ report: RunReport) throws -> Data {
        var data = try encoder().encode(report)
        data.append(0x0A)
        return data
    }

    public static func decode(_ data: Data) throws -> RunReport {
        try decoder().decode(RunReport.self, from: data)
    }

    /// Reads a saved report, with one clear message for each way that can fail.
    public static func load(from path: String) throws -> RunReport {
        let data: Data
        do {
            data = try FileReading.read(path)
        } catch let failure as FileReading.Failure {
            throw ReportInputError.unreadable(path: path, reason: failure.reason)
        }
        do {
            return try decode(data)
        } catch {
            throw ReportInputError.invalid(path: path, reason: ReportInputError.reason(decoding: error))
        }
    }
}

/// A saved report that cannot be used (CLI exit code 2).
public enum ReportInputError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalid(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read report '\(path)': \(reason)"
        // The decoder quotes values from the file (an unknown verdict's string).
        case .invalid(let path, let reason):
            return "'\(path)' is not an rxtrace JSON report: \(OneLineText.escaping(reason))"
        }
    }

    /// What a decoder's error says, with the place in the file (`at .scenarios[0].name`); not yet
    /// made one line (`OneLineText`), as it may quote the file's text.
    package static func reason(decoding error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): return describe(context)
        case DecodingError.keyNotFound(let key, let context):
            let at = codingPath(context.codingPath)
            return "missing '\(key.stringValue)'" + (at.isEmpty ? "" : " at \(at)")
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return describe(context)
        default: return "\(error)"
        }
    }

    static func describe(_ context: DecodingError.Context) -> String {
        let path = codingPath(context.codingPath)
        return path.isEmpty ? context.debugDescription : "\(context.debugDescription) at \(path)"
    }

    static func codingPath(_ path: [CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}
