import Foundation

extension String {
  /// The text with every line indented by `count` spaces (empty lines stay empty).
  func indented(by count: Int) -> String {
    let indent = String(repeating: " ", count: count)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : indent + $0 }
      .joined(separator: "\n")
  }

  /// The text on one line: custom-dump's multi-line output joined with single spaces.
  var oneLine: String {
    guard contains("\n") else { return self }
    return split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
      .replacingOccurrences(of: "( ", with: "(")
      .replacingOccurrences(of: " )", with: ")")
      .replacingOccurrences(of: "[ ", with: "[")
      .replacingOccurrences(of: " ]", with: "]")
  }
}
