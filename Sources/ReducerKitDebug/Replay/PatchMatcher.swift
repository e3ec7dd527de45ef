import Foundation

/// Compares the change the recorder's ``StateDiffer`` finds for a replayed action with the patch
/// logged for it, operation by operation, without encoding whole states.
///
/// When the state before the action is the recorded one, equal operations mean the state after
/// it is the recorded one too. The fast path writes the change in the stored compact form, with
/// the recorder's own writer, and compares the bytes with the logged `ops`. When they differ
/// (a divergence, or a patch written by import), the logged patch is parsed and compared
/// operation by operation: scalars without encoding, other values encoded and compared as JSON.
struct PatchMatcher {
  private let encoder = JSONFragmentEncoder()
  /// The bytes of the last change written, kept to write the next one without an allocation.
  private var bytes: [UInt8] = []

  /// `true` when `changes`, written as the recorder writes a patch, are `ops` byte for byte;
  /// `nil` otherwise (compare with ``matches(_:_:)`` then).
  mutating func matches(_ changes: [PendingChange], text ops: String) -> Bool? {
    bytes.removeAll(keepingCapacity: true)
    guard (try? changes.appendCompactJSON(to: &bytes, using: encoder)) != nil else { return nil }
    var ops = ops
    let equal = ops.withUTF8 { logged in
      logged.count == bytes.count
        && bytes.withUnsafeBufferPointer {
          $0.isEmpty || memcmp($0.baseAddress!, logged.baseAddress!, $0.count) == 0
        }
    }
    return equal ? true : nil
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
    case .json(let value):
      return value.isEquivalent(to: json)
    case .double, .encodable:
      var bytes: [UInt8] = []
      guard (try? encoder.append(value, to: &bytes)) != nil,
        let encoded = try? JSONValue(parsing: bytes)
      else { return false }
      return encoded.isEquivalent(to: json)
    }
  }
}
