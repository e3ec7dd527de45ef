/// Why a live debugger's request was refused; the app stays as it was.
public enum LiveDebuggerError: Error, Equatable, CustomStringConvertible {
  /// The message is not a request: not JSON, or not an object of the protocol.
  case malformed(String)
  /// The operation needs a field the request lacks.
  case missingField(operation: String, field: String)
  /// The entry is not one of the session's.
  case noSuchEntry(index: Int, entries: Int)
  /// The entry is the debugger's own, which cannot be skipped.
  case notAnAction(index: Int, label: String)
  /// The entry to unskip is not skipped.
  case notSkipped(index: Int, skipped: [Int])
  /// The app shows a past state: the operation needs the present.
  case showingThePast(index: Int, operation: String)
  /// The action does not decode as the feature's `Action`.
  case actionDoesNotDecode(type: String, reason: String)
  /// The state does not decode as the feature's `State`.
  case stateDoesNotDecode(type: String, reason: String)
  /// The log could not be read or the state recomputed.
  case log(String)

  public var description: String {
    switch self {
    case let .malformed(reason):
      "the message is not a request of the live link: \(reason)"
    case let .missingField(operation, field):
      "'\(operation)' needs '\(field)'"
    case let .noSuchEntry(index, entries):
      entries == 0
        ? "there is no entry \(index): the session has no entry yet"
        : "there is no entry \(index): the session's entries are 1…\(entries)"
    case let .notAnAction(index, label):
      "entry \(index) (\(label)) is not an action of the app; only actions can be skipped"
    case let .notSkipped(index, skipped):
      skipped.isEmpty
        ? "entry \(index) is not skipped: no entry is"
        : "entry \(index) is not skipped: the skipped entries are "
          + skipped.map(String.init).joined(separator: ", ")
    case let .showingThePast(index, operation):
      "the app shows the state after entry \(index); resume before '\(operation)'"
    case let .actionDoesNotDecode(type, reason):
      "the action does not decode as \(type): \(reason)"
    case let .stateDoesNotDecode(type, reason):
      "the state does not decode as \(type): \(reason)"
    case let .log(reason):
      reason
    }
  }
}
