import ReducerKitDebug

/// The result of following a ``ValuePath`` into a value.
enum PathLookup: Equatable {
  /// The path leads to this value.
  case found(JSONValue)
  /// The path stops short: a member is absent (a `nil` optional, or a name the state does not
  /// have), an index is past the end, or an optional on the way is `null`.
  case absent(PathAbsence)
}

/// Where and why a ``ValuePath`` found nothing.
struct PathAbsence: Equatable {
  /// Why the lookup stopped.
  enum Reason: Equatable {
    /// The object has no member with this name.
    case missingKey(String)
    /// The array has no element at this index.
    case indexOutOfRange(Int, count: Int)
    case missingID(JSONValue)
    /// A value on the way is `null` (an optional that is `nil`).
    case null
  }

  /// The components that were followed before the lookup stopped.
  var prefix: ValuePath
  /// Why it stopped.
  var reason: Reason
  /// The value at ``prefix``.
  var container: JSONValue
}
