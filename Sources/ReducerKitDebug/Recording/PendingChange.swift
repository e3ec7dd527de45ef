/// One JSON Patch operation found on the `send` path, waiting to be encoded by the log writer.
///
/// Values stay typed until the writer's thread encodes them, so the store's `send` pays only
/// for finding what changed.
struct PendingChange: Sendable {
  enum Operation: String, Sendable {
    case add, remove, replace
  }

  var operation: Operation
  /// The JSON Pointer's reference tokens, unescaped.
  var path: [String]
  /// The new value (`add`, `replace`).
  var value: (any Encodable & Sendable)?
  /// The old value (`remove`, `replace`), so the patch can be walked backwards.
  var oldValue: (any Encodable & Sendable)?
}

/// Encodes as JSON `null`: the value of an optional that is `nil` where JSON keeps a slot for
/// it (an array element).
struct JSONNull: Encodable, Sendable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encodeNil()
  }
}

extension PendingChange {
  /// The RFC 6901 text of `path`: each token with `~` written `~0` and `/` written `~1`.
  var pointer: String {
    var text = ""
    for token in path {
      text.append("/")
      if token.contains(where: { $0 == "~" || $0 == "/" }) {
        text.append(token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1"))
      } else {
        text.append(token)
      }
    }
    return text
  }

  /// The operation as an RFC 6902 JSON object, with the old value under `"old"`.
  func json(using encoder: JSONFragmentEncoder) throws -> String {
    var text = "{\"op\":\"\(operation.rawValue)\",\"path\":"
    text += try encoder.string(pointer)
    if let value {
      text += ",\"value\":"
      text += try encoder.string(any: value)
    }
    if let oldValue {
      text += ",\"old\":"
      text += try encoder.string(any: oldValue)
    }
    text += "}"
    return text
  }
}

extension [PendingChange] {
  /// The patch as a JSON array of operations.
  func json(using encoder: JSONFragmentEncoder) throws -> String {
    guard !isEmpty else { return "[]" }
    return try "[" + map { try $0.json(using: encoder) }.joined(separator: ",") + "]"
  }
}
