/// Shell-style glob matching for suppression patterns: `*` matches any run of characters
/// (slashes included, so `Sources/Legacy/*` covers subfolders), `?` matches one character,
/// everything else matches itself. The whole string must match.
enum Glob {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern)
        let t = Array(text)
        var pi = 0
        var ti = 0
        var starPattern = -1
        var starText = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "?" || p[pi] == t[ti], p[pi] != "*" {
                pi += 1
                ti += 1
            } else if pi < p.count, p[pi] == "*" {
                starPattern = pi
                starText = ti
                pi += 1
            } else if starPattern >= 0 {
                // Let the last star swallow one more character and retry.
                pi = starPattern + 1
                starText += 1
                ti = starText
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
