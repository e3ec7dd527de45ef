/// Names that go into generated Swift: a test function's name must be an identifier the
/// compiler takes, and text from the log (a feature's or a file's name) must stay inside the
/// comment it is written into.
enum SwiftIdentifier {
  /// Swift's reserved words, which cannot name a function without backticks, and `_`.
  static let reservedWords: Set<String> = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
    "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated", "open",
    "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
    "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
    "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self",
    "Self", "super", "throws", "true", "try", "_",
  ]

  /// Why `text` cannot name a test function, or `nil` when it can: ASCII letters, digits and
  /// `_`, not starting with a digit, and not a reserved word.
  static func problem(with text: String) -> String? {
    guard let first = text.unicodeScalars.first else { return "is empty" }
    guard
      text.unicodeScalars.allSatisfy({
        $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
          || ("0"..."9").contains($0)
      })
    else { return "is not a Swift identifier (ASCII letters, digits and _)" }
    if ("0"..."9").contains(first) { return "starts with a digit" }
    if reservedWords.contains(text) { return "is a Swift keyword" }
    return nil
  }

  /// `counterSession1`: a feature's name as a lower-camel-case identifier, from its ASCII
  /// letters and digits.
  static func testName(feature: String, session: Int64) -> String {
    var words = feature.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
      .map(String.init)
    if words.isEmpty { words = ["recorded"] }
    var name = words[0].prefix(1).lowercased() + words[0].dropFirst()
    for word in words.dropFirst() { name += word.prefix(1).uppercased() + word.dropFirst() }
    if name.first?.isNumber == true { name = "session" + name }
    return name + "Session\(session)"
  }

  /// `text` as it may appear in a `//` comment: every control character, line or paragraph
  /// separator written as a `\u{…}` escape, so that nothing after it becomes code.
  static func commentText(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .control, .lineSeparator, .paragraphSeparator, .format:
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
