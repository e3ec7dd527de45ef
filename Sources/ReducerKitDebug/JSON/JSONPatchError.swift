/// Why a JSON Patch could not be read, applied or undone: which operation, and what was wrong.
///
/// When a patch fails, the document is left as it was before the patch.
public struct JSONPatchError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Hashable, Sendable {
    /// Nothing exists at this pointer: an object has no such member, or a token on the way
    /// does not name an element.
    case notFound(JSONPointer)
    /// The pointer's last token is past the end of an array with `count` elements.
    case indexOutOfRange(JSONPointer, count: Int)
    /// The pointer's last token is not an array index (`0`, or digits without a leading zero;
    /// `-` only where an `add` appends).
    case invalidIndex(JSONPointer)
    /// The pointer goes into a value that is not an object or array; `found` says what it is.
    case notAContainer(JSONPointer, found: String)
    /// A `test` found a different value.
    case testFailed(expected: JSONValue, actual: JSONValue)
    /// A `move` would put a value inside itself.
    case moveIntoDescendant(from: JSONPointer)
    /// A `remove` of the whole document.
    case removeRoot
    /// Undoing an operation needs its old value (`"old"`), and it has none.
    case missingOldValue
    /// The operation's JSON is not a valid JSON Patch operation.
    case malformed(String)
  }

  /// The index of the operation in its patch, from 0; `nil` when applying a single operation.
  public var operationIndex: Int?
  /// The kind of the operation, if known.
  public var operation: JSONPatchOperation.Kind?
  /// The operation's `path`, if known.
  public var path: JSONPointer?
  /// Whether the operation was being undone (by `unapply`) rather than applied.
  public var isUndoing: Bool
  /// What went wrong.
  public var reason: Reason

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - operationIndex: The index of the operation in its patch, from 0; `nil` for a single
  ///     operation.
  ///   - operation: The kind of the operation, if known.
  ///   - path: The operation's `path`, if known.
  ///   - isUndoing: Whether the operation was being undone rather than applied.
  ///   - reason: What went wrong.
  public init(
    operationIndex: Int? = nil, operation: JSONPatchOperation.Kind? = nil,
    path: JSONPointer? = nil, isUndoing: Bool = false, reason: Reason
  ) {
    self.operationIndex = operationIndex
    self.operation = operation
    self.path = path
    self.isUndoing = isUndoing
    self.reason = reason
  }

  /// The message, as in `operation 1 (replace '/todos/5/title') failed: '/todos/5' is out of
  /// range: the array has 2 elements`.
  public var description: String {
    var subject = "operation"
    if let operationIndex {
      subject += " \(operationIndex)"
    }
    if let operation, let path {
      subject += " (\(operation.rawValue) '\(path)')"
    }
    if case .malformed = reason {
      return "\(subject) is not a valid JSON Patch operation: \(reasonDescription)"
    }
    return (isUndoing ? "undoing " : "") + "\(subject) failed: \(reasonDescription)"
  }

  private var reasonDescription: String {
    switch reason {
    case let .notFound(pointer):
      return "nothing exists at '\(pointer)'"
    case let .indexOutOfRange(pointer, count):
      return
        "'\(pointer)' is out of range: the array has \(count) element\(count == 1 ? "" : "s")"
    case let .invalidIndex(pointer):
      return "'\(pointer.lastToken ?? "")' in '\(pointer)' is not an index into the array"
    case let .notAContainer(pointer, found):
      return "'\(pointer)' is \(found), not an object or array"
    case let .testFailed(expected, actual):
      return "expected \(Self.abbreviated(expected)), found \(Self.abbreviated(actual))"
    case let .moveIntoDescendant(from):
      return "cannot move '\(from)' into itself"
    case .removeRoot:
      return "cannot remove the whole document"
    case .missingOldValue:
      return "it has no old value (\"old\") to restore"
    case let .malformed(message):
      return message
    }
  }

  /// The JSON text of a value, cut short for a message.
  private static func abbreviated(_ value: JSONValue) -> String {
    let text = value.serialized()
    return text.count <= 80 ? text : text.prefix(77) + "..."
  }
}
