#if TRACE_RESOURCES
/// Readable type names for reports: `RxCore.MapSink<Swift.Int, Swift.String>` becomes
/// `MapSink<Int, String>`.
enum TypeNames {
    /// Resolves each metatype once per snapshot.
    struct Cache {
        private var names: [ObjectIdentifier: String] = [:]
        private var subjects: [ObjectIdentifier: Bool] = [:]

        /// Subjects register through `Observable.init` as producers; report them as subjects.
        mutating func kind(_ kind: ResourceKind, of type: AnyObject.Type) -> ResourceKind {
            guard kind == .producer else { return kind }
            let key = ObjectIdentifier(type)
            if let isSubject = subjects[key] { return isSubject ? .subject : kind }
            let isSubject = type is any SubjectType.Type
            subjects[key] = isSubject
            return isSubject ? .subject : kind
        }

        mutating func name(of type: AnyObject.Type) -> String {
            let key = ObjectIdentifier(type)
            if let name = names[key] { return name }
            let name = TypeNames.readable(_typeName(type, qualified: true))
            names[key] = name
            return name
        }
    }

    /// Drops module prefixes and anonymous-context markers from a qualified type name.
    static func readable(_ qualified: String) -> String {
        var text = Substring(qualified)
        var output = ""
        output.reserveCapacity(qualified.count)
        // Remove "(unknown context at $…)." and "(extension in M):" markers first.
        var cleaned = ""
        while let open = text.firstIndex(of: "(") {
            cleaned += text[..<open]
            let rest = text[open...]
            if rest.hasPrefix("(unknown context at "), let close = rest.firstIndex(of: ")") {
                text = rest[rest.index(after: close)...]
                if text.first == "." { text = text.dropFirst() }
            } else if rest.hasPrefix("(extension in "), let close = rest.firstIndex(of: ":") {
                text = rest[rest.index(after: close)...]
            } else {
                cleaned += "("
                text = rest.dropFirst()
            }
        }
        cleaned += text

        // At the start of every path (not after a '.'), drop the first component when a '.'
        // follows it: that component is the module.
        var index = cleaned.startIndex
        var atPathStart = true
        while index < cleaned.endIndex {
            let character = cleaned[index]
            if atPathStart && (character.isLetter || character == "_") {
                var end = index
                while end < cleaned.endIndex && (cleaned[end].isLetter || cleaned[end].isNumber || cleaned[end] == "_")
                {
                    end = cleaned.index(after: end)
                }
                if end < cleaned.endIndex && cleaned[end] == "." {
                    index = cleaned.index(after: end)  // skip "Module."
                } else {
                    output += cleaned[index..<end]
                    index = end
                }
                atPathStart = false
                continue
            }
            output.append(character)
            atPathStart =
                !(character == "." || character.isLetter || character.isNumber || character == "_" || character == ">")
            index = cleaned.index(after: index)
        }
        return output
    }
}
#endif
