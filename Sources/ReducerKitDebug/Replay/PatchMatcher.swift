import Foundation

/// Compares the change the recorder's ``StateDiffer`` finds for a replayed action with the patch
/// logged for it, operation by operation, without encoding whole states.
///
/// When the state before the action is the recorded one, equal operations mean the state after
/// it is the recorded one too. The fast path writes the change as the recorder writes patches
/// and compares the text with the logged text, which works when every value is a scalar
/// (string, integer, Boolean, `nil` element). Otherwise the logged patch is parsed and compared
/// operation by operation: scalars without encoding, other values encoded and compared as JSON.
struct PatchMatcher {
  private let encoder = JSONFragmentEncoder()

  /// Whether `changes`, written as the recorder writes a patch, are `patchText` byte for byte;
  /// `nil` when a value is not a scalar the fast path writes (compare with
  /// ``matches(_:_:)`` then).
  func matches(_ changes: [PendingChange], text patchText: String) -> Bool? {
    var writer = JSONValue.Writer()
    writer.writeLiteral("[")
    var isFirst = true
    for change in changes {
      if !isFirst { writer.writeLiteral(",") }
      isFirst = false
      writer.writeLiteral("{\"op\":\"")
      writer.writeRaw(change.operation.rawValue)
      writer.writeLiteral("\",\"path\":")
      Self.writePointer(change.path, to: &writer)
      if let from = change.from {
        writer.writeLiteral(",\"from\":")
        Self.writePointer(from, to: &writer)
      }
      if let value = change.value {
        writer.writeLiteral(",\"value\":")
        guard Self.writeScalar(value, to: &writer) else { return nil }
      }
      if let oldValue = change.oldValue {
        writer.writeLiteral(",\"old\":")
        guard Self.writeScalar(oldValue, to: &writer) else { return nil }
      }
      writer.writeLiteral("}")
    }
    writer.writeLiteral("]")
    let bytes = writer.bytes
    var patchText = patchText
    return patchText.withUTF8 { logged in
      logged.count == bytes.count
        && bytes.withUnsafeBufferPointer {
          memcmp($0.baseAddress!, logged.baseAddress!, bytes.count) == 0
        }
    }
  }

  /// Writes the JSON string of the RFC 6901 pointer made of `tokens`, as the recorder does.
  private static func writePointer(_ tokens: [String], to writer: inout JSONValue.Writer) {
    let isPlain = tokens.allSatisfy { token in
      token.utf8.allSatisfy { byte in
        byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
          && byte != UInt8(ascii: "~") && byte != UInt8(ascii: "/")
      }
    }
    guard isPlain else {
      writer.write(string: PendingChange(operation: .add, path: tokens).pointer)
      return
    }
    writer.writeLiteral("\"")
    for token in tokens {
      writer.writeLiteral("/")
      writer.writeRaw(token)
    }
    writer.writeLiteral("\"")
  }

  /// Writes a scalar as `JSONEncoder` does; `false` for anything else.
  private static func writeScalar(
    _ value: PendingValue, to writer: inout JSONValue.Writer
  ) -> Bool {
    switch value {
    case .string(let string):
      writer.write(string: string)
    case .int(let integer):
      writer.writeRaw(String(integer))
    case .bool(let bool):
      if bool { writer.writeLiteral("true") } else { writer.writeLiteral("false") }
    case .null:
      writer.writeLiteral("null")
    case .double, .encodable:
      return false
    }
    return true
  }

  /// Whether `changes` are the operations of `patch`, in order (old values are not compared:
  /// they follow from the state before the action).
  func matches(_ changes: [PendingChange], _ patch: [JSONPatchOperation]) -> Bool {
    guard changes.count == patch.count else { return false }
    for (change, operation) in zip(changes, patch) {
      guard change.operation.rawValue == operation.op.rawValue,
        change.path == operation.path.tokens, change.from == operation.from?.tokens
      else { return false }
      switch (change.value, operation.value) {
      case (nil, nil):
        continue
      case (let value?, let json?):
        guard matches(value, json) else { return false }
      default:
        return false
      }
    }
    return true
  }

  /// Whether a typed value encodes to `json`.
  func matches(_ value: PendingValue, _ json: JSONValue) -> Bool {
    switch value {
    case .string(let string):
      guard case .string(let logged) = json else { return false }
      return string == logged
    case .int(let integer):
      guard case .number(let text) = json else { return false }
      return Int(text) == integer
    case .bool(let bool):
      return json == .bool(bool)
    case .null:
      return json == .null
    case .double, .encodable:
      var bytes: [UInt8] = []
      guard (try? encoder.append(value, to: &bytes)) != nil,
        let encoded = try? JSONValue(parsing: bytes)
      else { return false }
      return encoded.isEquivalent(to: json)
    }
  }
}
