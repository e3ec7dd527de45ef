/// A ``SharedReaderKey`` that can also store the value: ``Shared/withLock(_:fileID:line:)``
/// saves through it after each change.
public protocol SharedKey<Value>: SharedReaderKey {
  /// Saves `value`, then resumes `continuation` (with an error if it could not).
  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation)
}

/// Why a value is being saved.
public enum SaveContext: Hashable, Sendable {
  /// The value was changed through ``Shared/withLock(_:fileID:line:)``.
  case didSet
  /// The app asked for the value to be saved (``Shared/save()``).
  case userInitiated
}
