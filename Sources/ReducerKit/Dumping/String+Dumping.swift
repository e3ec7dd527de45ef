import Foundation

extension String {
  /// Every line prefixed with `count` spaces.
  package func indenting(by count: Int) -> String {
    indenting(with: String(repeating: " ", count: count))
  }

  /// Every line prefixed with `prefix`: ASCII text in one pass over its bytes, other text by
  /// Foundation's search, as custom-dump indents.
  package func indenting(with prefix: String) -> String {
    guard !prefix.isEmpty else { return self }
    var newlines = 0
    var isASCII = true
    for byte in utf8 {
      if byte == UInt8(ascii: "\n") { newlines += 1 }
      if byte >= 0x80 { isASCII = false }
    }
    guard newlines > 0 else { return prefix + self }
    guard isASCII else { return prefix + replacingOccurrences(of: "\n", with: "\n" + prefix) }
    let prefix = prefix.utf8
    return String(unsafeUninitializedCapacity: utf8.count + prefix.count * (newlines + 1)) {
      var end = $0.initialize(fromContentsOf: prefix)
      for byte in utf8 {
        $0[end] = byte
        end += 1
        if byte == UInt8(ascii: "\n") {
          end = $0[end...].initialize(fromContentsOf: prefix)
        }
      }
      return end
    }
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
