/// An operation of an imported patch whose old value (`"old"`) is not the value it overwrites.
///
/// Walking the log backwards restores old values, so a session with such an operation would
/// show, going backwards, states it never had; ``SessionImport/validate()`` refuses it.
struct OldValueMismatch: Error, Hashable, Sendable, CustomStringConvertible {
  /// The action whose patch holds the operation.
  var actionIndex: Int
  /// The operation's kind.
  var operation: JSONPatchOperation.Kind
  /// The operation's `path`.
  var path: JSONPointer
  /// The old value the operation records; `nil` when it records none.
  var recorded: JSONValue?
  /// The value the operation overwrites in the state before it; `nil` when it overwrites
  /// nothing (an `add` of a new member or into an array).
  var actual: JSONValue?

  /// `action 7: replace '/count' records old value 3, but the value it replaces is 2`.
  var description: String {
    let claim = recorded.map { "records old value \(Self.abbreviated($0))" }
    let fact = actual.map { "the value it replaces is \(Self.abbreviated($0))" }
    return "action \(actionIndex): \(operation.rawValue) '\(path)' "
      + "\(claim ?? "records no old value"), but \(fact ?? "it replaces nothing")"
  }

  /// The JSON text of a value, cut short for a one-line message.
  private static func abbreviated(_ value: JSONValue) -> String {
    let text = value.serialized()
    return text.count <= 80 ? text : text.prefix(77) + "..."
  }
}
