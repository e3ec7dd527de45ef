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
  var value: PendingValue?
  /// The old value (`remove`, `replace`), so the patch can be walked backwards.
  var oldValue: PendingValue?
}

extension PendingChange {
  /// The RFC 6901 text of `path`: each token with `~` written `~0` and `/` written `~1`.
  var pointer: String {
    var text = ""
    for token in path {
      text += "/"
      if token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
        text += token.replacingOccurrences(of: "~", with: "~0")
          .replacingOccurrences(of: "/", with: "~1")
      } else {
        text += token
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
      try encoder.append(value, to: &text)
    }
    if let oldValue {
      text += ",\"old\":"
      try encoder.append(oldValue, to: &text)
    }
    text += "}"
    return text
  }
}

extension PendingChange {
  /// The operation in the log's compact form (see ``LogSchema/compactActions``):
  /// `["=",path,value,old]`, `["+",path,value]` or `["-",path,old]`, or the RFC 6902 object when
  /// it has no such form.
  func compactJSON(using encoder: JSONFragmentEncoder) throws -> String {
    var text = ""
    try appendCompactJSON(to: &text, using: encoder)
    return text
  }

  /// Appends ``compactJSON(using:)`` to `text`, building no intermediate strings for the scalars
  /// most operations hold.
  func appendCompactJSON(to text: inout String, using encoder: JSONFragmentEncoder) throws {
    // The operation first, then the values: a switch over a tuple of the optionals copies them.
    switch operation {
    case .replace:
      guard let value, let oldValue else { return text += try json(using: encoder) }
      text += "[\"=\","
      try encoder.append(string: pointer, to: &text)
      text += ","
      try encoder.append(value, to: &text)
      text += ","
      try encoder.append(oldValue, to: &text)
    case .add:
      guard let value, oldValue == nil else { return text += try json(using: encoder) }
      text += "[\"+\","
      try encoder.append(string: pointer, to: &text)
      text += ","
      try encoder.append(value, to: &text)
    case .remove:
      guard let oldValue, value == nil else { return text += try json(using: encoder) }
      text += "[\"-\","
      try encoder.append(string: pointer, to: &text)
      text += ","
      try encoder.append(oldValue, to: &text)
    }
    text += "]"
  }
}

extension [PendingChange] {
  /// The patch as a JSON array of compact operations.
  func compactJSON(using encoder: JSONFragmentEncoder) throws -> String {
    var text = ""
    try appendCompactJSON(to: &text, using: encoder)
    return text
  }

  /// Appends ``compactJSON(using:)`` to `text`: the writer appends each patch to a string it
  /// empties and reuses, so a row costs no allocation for its text.
  func appendCompactJSON(to text: inout String, using encoder: JSONFragmentEncoder) throws {
    guard !isEmpty else { return text += "[]" }
    text += "["
    for index in indices {
      if index > 0 { text += "," }
      try self[index].appendCompactJSON(to: &text, using: encoder)
    }
    text += "]"
  }
}
