import Observation

/// A counter that stands for one observed key path of a store's state.
///
/// Reading ``value`` inside an observation-tracking scope subscribes to that key path;
/// ``bump()`` invalidates exactly the scopes that read it. The ``Store`` keeps one per key path
/// that a view has read, plus one for the whole state.
@MainActor
@Observable
public final class ObservableVersion {
  /// How many times the key path has changed since the version was created.
  public private(set) var value = 0

  /// Creates a version at zero.
  public init() {}

  /// Registers an observation-tracked read of this version.
  public func access() {
    _ = value
  }

  /// Marks the key path as changed, invalidating everything that read it.
  public func bump() {
    value &+= 1
  }
}
