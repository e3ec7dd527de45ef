/// Why a session cannot be replayed through the current types. Each message is one line that
/// names the index and says what to do.
public enum ReplayError: Error, Equatable, CustomStringConvertible {
  /// The logged action at `index` does not decode as the current action type.
  case actionDoesNotDecode(index: Int, label: String, type: String, reason: String)
  /// The logged state at `index` does not decode as the current state type.
  case stateDoesNotDecode(index: Int, type: String, reason: String)
  /// The current state does not encode (a property's `encode(to:)` threw).
  case stateDoesNotEncode(type: String, reason: String)

  /// A one-line message that names the index (for a logged value) and says why the session
  /// cannot be replayed.
  public var description: String {
    switch self {
    case .actionDoesNotDecode(let index, let label, let type, let reason):
      return
        "action \(index) (\(label)) no longer decodes as \(type): \(reason); the action type "
        + "changed since the session was recorded, so the session cannot be replayed"
    case .stateDoesNotDecode(let index, let type, let reason):
      return
        "the state at index \(index) no longer decodes as \(type): \(reason); the state type "
        + "changed since the session was recorded, so the session cannot be replayed"
    case .stateDoesNotEncode(let type, let reason):
      return "the replayed \(type) does not encode to JSON: \(reason)"
    }
  }
}
