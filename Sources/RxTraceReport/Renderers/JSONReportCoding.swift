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
        } catch let DecodingError.dataCorrupted(context) {
            throw ReportInputError.invalid(path: path, reason: ReportInputError.describe(context))
        } catch let DecodingError.keyNotFound(key, context) {
            let at = ReportInputError.codingPath(context.codingPath)
            throw ReportInputError.invalid(
                path: path,
                reason: "missing '\(key.stringValue)'" + (at.isEmpty ? "" : " at \(at)")
            )
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw ReportInputError.invalid(path: path, reason: ReportInputError.describe(context))
        } catch {
            throw ReportInputError.invalid(path: path, reason: "\(error)")
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

    static func describe(_ context: DecodingError.Context) -> String {
        let path = codingPath(context.codingPath)
        return path.isEmpty ? context.debugDescription : "\(context.debugDescription) at \(path)"
    }

    static func codingPath(_ path: [CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}
