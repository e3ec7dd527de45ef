import Foundation
import ReducerKitDebug

extension LoggedAction {
  /// The label on one line, for lists: ``LoggedAction/singleLineLabel`` with the spaces that
  /// joining custom-dump's lines leaves inside brackets removed as well, so
  /// `IndexSet(ranges: [ [0]: 0..<1 ])` reads `IndexSet(ranges: [[0]: 0..<1])`.
  var displayLabel: String {
    let label = singleLineLabel
    guard label.contains("[ ") || label.contains(" ]") else { return label }
    return label.replacingOccurrences(of: "[ ", with: "[").replacingOccurrences(of: " ]", with: "]")
  }
}
