/// One JSON Patch operation found on the `send` path, waiting to be encoded by the log writer.
///
/// Values stay typed until the writer's thread encodes them, so the store's `send` pays only
/// for finding what changed.
struct PendingChange: Sendable {
  enum Operation: String, Sendable {
    case add, remove, replace, move
    /// Only in imported patches: the recorder writes neither.
    case copy, test
  }

  var operation: Operation
  /// The JSON Pointer's reference tokens, unescaped.
  var path: [String]
  /// The new value (`add`, `replace`).
  var value: PendingValue?
  /// The old value (`remove`, `replace`), so the patch can be walked backwards.
  var oldValue: PendingValue?
  /// Where a `move` takes its value from (its tokens, unescaped); a move back undoes it.
  var from: [String]? = nil
}

extension PendingChange {
  /// `changes` with every value the writer would encode later encoded now: a value holding a
  /// shared value must be written as it is at the action, not when the writer gets to it.
  static func frozen(_ changes: [PendingChange]) throws -> [PendingChange] {
    let encoder = JSONFragmentEncoder()
    func freeze(_ value: PendingValue?) throws -> PendingValue? {
      guard case let .encodable(value)? = value else { return value }
      return PendingValue(json: try JSONValue(parsing: encoder.string(value)))
    }
    return try changes.map { change in
      var change = change
      change.value = try freeze(change.value)
      change.oldValue = try freeze(change.oldValue)
      return change
    }
  }

  /// The RFC 6901 text of `path`: each token with `~` written `~0` and `/` written `~1`.
  var pointer: String { Self.pointer(path) }

  /// The RFC 6901 text of `tokens`.
  static func pointer(_ tokens: [String]) -> String {
    var text = ""
    for token in tokens {
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

  /// Appends the UTF-8 JSON string of ``pointer``: written token by token when every token is
  /// printable ASCII without `"`, `\\`, `~` or `/` (the names and indices most paths are made
  /// of), else through the encoder.
  func appendPointerLiteral(to bytes: inout [UInt8], using encoder: JSONFragmentEncoder) throws {
    try Self.appendPointerLiteral(path, to: &bytes, using: encoder)
  }

  /// Appends the UTF-8 JSON string of the pointer made of `tokens`.
  static func appendPointerLiteral(
    _ path: [String], to bytes: inout [UInt8], using encoder: JSONFragmentEncoder
  ) throws {
    let isPlain = path.allSatisfy { token in
      token.utf8.allSatisfy { byte in
        JSONFragmentEncoder.isPlain(byte) && byte != UInt8(ascii: "~")
          && byte != UInt8(ascii: "/")
      }
    }
    guard isPlain else { return try encoder.append(string: pointer(path), to: &bytes) }
    bytes.append(UInt8(ascii: "\""))
    for token in path {
      bytes.append(UInt8(ascii: "/"))
      bytes += token.utf8
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends the operation as an RFC 6902 JSON object, with the old value under `"old"`.
  func appendJSON(to bytes: inout [UInt8], using encoder: JSONFragmentEncoder) throws {
    bytes += #"{"op":""#.utf8
    bytes += operation.rawValue.utf8
    bytes += #"","path":"#.utf8
    try appendPointerLiteral(to: &bytes, using: encoder)
    if let from {
      bytes += #","from":"#.utf8
      try Self.appendPointerLiteral(from, to: &bytes, using: encoder)
    }
    if let value {
      bytes += #","value":"#.utf8
      try encoder.append(value, to: &bytes)
    }
    if let oldValue {
      bytes += #","old":"#.utf8
      try encoder.append(oldValue, to: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
  }
}

extension PendingChange {
  /// The operation in the log's compact form (see ``LogSchema/tables``):
  /// `["=",path,value,old]`, `["+",path,value]` or `["-",path,old]`, or the RFC 6902 object when
  /// it has no such form (a `move`).
  func compactJSON(using encoder: JSONFragmentEncoder) throws -> String {
    var bytes: [UInt8] = []
    try appendCompactJSON(to: &bytes, using: encoder)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the UTF-8 bytes of ``compactJSON(using:)``. Bytes rather than a `String`, whose
  /// appends check and grow a UTF-8 buffer each time: the writer makes a dozen per operation.
  func appendCompactJSON(to bytes: inout [UInt8], using encoder: JSONFragmentEncoder) throws {
    // The operation first, then the values: a switch over a tuple of the optionals copies them.
    switch operation {
    case .replace:
      guard let value, let oldValue else { return try appendJSON(to: &bytes, using: encoder) }
      bytes += #"["=","#.utf8
      try appendPointerLiteral(to: &bytes, using: encoder)
      bytes.append(UInt8(ascii: ","))
      try encoder.append(value, to: &bytes)
      bytes.append(UInt8(ascii: ","))
      try encoder.append(oldValue, to: &bytes)
    case .add:
      guard let value, oldValue == nil else { return try appendJSON(to: &bytes, using: encoder) }
      bytes += #"["+","#.utf8
      try appendPointerLiteral(to: &bytes, using: encoder)
      bytes.append(UInt8(ascii: ","))
      try encoder.append(value, to: &bytes)
    case .remove:
      guard let oldValue, value == nil else { return try appendJSON(to: &bytes, using: encoder) }
      bytes += #"["-","#.utf8
      try appendPointerLiteral(to: &bytes, using: encoder)
      bytes.append(UInt8(ascii: ","))
      try encoder.append(oldValue, to: &bytes)
    case .move, .copy, .test:
      return try appendJSON(to: &bytes, using: encoder)
    }
    bytes.append(UInt8(ascii: "]"))
  }
}

extension PendingChange {
  /// An imported operation, to be stored through the recorder's own compact writer.
  init(_ operation: JSONPatchOperation) {
    self.init(
      operation: Operation(rawValue: operation.op.rawValue)!, path: operation.path.tokens,
      value: operation.value.map(PendingValue.init(json:)),
      oldValue: operation.oldValue.map(PendingValue.init(json:)), from: operation.from?.tokens)
  }
}

extension [PendingChange] {
  /// The patch as a JSON array of compact operations.
  func compactJSON(using encoder: JSONFragmentEncoder) throws -> String {
    var bytes: [UInt8] = []
    try appendCompactJSON(to: &bytes, using: encoder)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the UTF-8 bytes of ``compactJSON(using:)``: the writer appends each patch to a
  /// buffer it empties and reuses, so a row costs no allocation for its text.
  func appendCompactJSON(to bytes: inout [UInt8], using encoder: JSONFragmentEncoder) throws {
    guard !isEmpty else { return bytes += "[]".utf8 }
    bytes.append(UInt8(ascii: "["))
    for index in indices {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      try self[index].appendCompactJSON(to: &bytes, using: encoder)
    }
    bytes.append(UInt8(ascii: "]"))
  }
}
