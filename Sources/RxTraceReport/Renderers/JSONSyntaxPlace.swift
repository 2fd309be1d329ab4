import Foundation

/// Where a file that is not JSON at all breaks, for the one-line errors of the JSON readers
/// (reports, baselines). JSONDecoder on Linux only says "The given data was not valid JSON";
/// JSONSerialization gives the character offset, turned here into a line and column.
enum JSONSyntaxPlace {
    /// "line 3, column 14: Invalid value", "end of file: Unexpected end of file during JSON
    /// parse.", or nil when `data` is valid JSON (the problem is then its shape).
    static func describe(_ data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
            let oneLine = detail.split(whereSeparator: \.isNewline).joined(separator: " ")
            guard let offset = characterOffset(in: oneLine) else { return oneLine }
            let before = Array(data.prefix(offset))
            let line = before.filter { $0 == 0x0A }.count + 1
            let column = before.count - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            let reason = oneLine.replacingOccurrences(of: " around character \(offset)", with: "")
            return "line \(line), column \(column): \(reason)"
        }
    }

    private static func characterOffset(in detail: String) -> Int? {
        guard let range = detail.range(of: "around character ") else { return nil }
        return Int(detail[range.upperBound...].prefix { $0.isNumber })
    }
}
