import Foundation

/// Type names as swift-custom-dump prints them.
enum SwiftTypeName {
  /// The name custom-dump prints for a type whose `String(reflecting:)` name is `fullName`:
  /// without the module, with `Optional<T>`, `Array<T>` and `Dictionary<K, V>` abbreviated and
  /// generic arguments dropped. `ReducerKitSamples.Counter.State` becomes `Counter.State`.
  static func short(_ fullName: String) -> String {
    var name = fullName.replacingOccurrences(
      of: #"\(unknown context at \$[[:xdigit:]]+\)\."#, with: "", options: .regularExpression
    )
    for _ in 1...10 {
      let abbreviated =
        name
        .replacingOccurrences(
          of: #"\bSwift.Optional<([^><]+)>"#, with: "$1?", options: .regularExpression
        )
        .replacingOccurrences(
          of: #"\bSwift.Array<([^><]+)>"#, with: "[$1]", options: .regularExpression
        )
        .replacingOccurrences(
          of: #"\bSwift.Dictionary<([^,<]+), ([^><]+)>"#, with: "[$1: $2]",
          options: .regularExpression
        )
      if abbreviated == name { break }
      name = abbreviated
    }
    name = name.replacingOccurrences(of: #"\w+\.([\w.]+)"#, with: "$1", options: .regularExpression)
    return name.replacingOccurrences(of: #"<.+>"#, with: "", options: .regularExpression)
  }
}
