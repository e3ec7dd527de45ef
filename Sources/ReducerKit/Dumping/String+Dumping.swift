import Foundation

extension String {
  /// Every line prefixed with `count` spaces.
  package func indenting(by count: Int) -> String {
    indenting(with: String(repeating: " ", count: count))
  }

  /// Every line prefixed with `prefix`.
  package func indenting(with prefix: String) -> String {
    guard !prefix.isEmpty else { return self }
    guard utf8.contains(UInt8(ascii: "\n")) else { return prefix + self }
    return prefix + replacingOccurrences(of: "\n", with: "\n" + prefix)
  }

  /// The string as custom-dump quotes it: `"text"`, `#"say "hi""#`, or a `"""` block (indented
  /// two spaces when it is `named`), or `"…"` for a block below `maxDepth`.
  package func customDumpQuoted(named: Bool, maxDepth: Int = .max) -> String {
    if contains(where: \.isNewline) {
      if maxDepth <= 0 { return "\"…\"" }
      let hashes = String(repeating: "#", count: rawHashCount(quote: "\"\"\"", offset: 2))
      return "\(hashes)\"\"\"\n" + indenting(by: named ? 2 : 0) + "\n"
        + (named ? "  \"\"\"\(hashes)" : "\"\"\"\(hashes)")
    }
    if utf8.contains(UInt8(ascii: "\"")) || utf8.contains(UInt8(ascii: "\\")) {
      let hashes = String(repeating: "#", count: max(rawHashCount(quote: "\"", offset: 0), 1))
      return "\(hashes)\"\(self)\"\(hashes)"
    }
    return debugDescription
  }

  /// How many `#` a raw string literal of this text needs: the longest run of `#` after a
  /// `quote`, plus one, as custom-dump counts it (matches of `quote#*`, left to right).
  private func rawHashCount(quote: String, offset: Int) -> Int {
    let scalars = Array(unicodeScalars)
    let quote = Array(quote.unicodeScalars)
    var count = 0
    var index = 0
    while index + quote.count <= scalars.count {
      guard scalars[index..<index + quote.count].elementsEqual(quote) else {
        index += 1
        continue
      }
      var end = index + quote.count
      while end < scalars.count, scalars[end] == "#" { end += 1 }
      count = Swift.max(count, end - index - offset)
      index = end
    }
    return count
  }
}
