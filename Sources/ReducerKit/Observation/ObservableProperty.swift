/// One observed stored property of an ``ObservableStateProtocol`` type.
///
/// The ``ObservableState()`` macro generates one per stored property. `name` is the key the
/// property has in the state's `Codable` representation (its Swift name unless the type declares
/// `CodingKeys` that rename it).
public struct ObservableProperty<Root>: @unchecked Sendable {
  // `@unchecked`: key paths are immutable values, and `hasChanged` only reads two values it is
  // handed through a key path, so sharing a property description across threads is safe.
  /// The property's key in the state's `Codable` representation.
  public let name: String
  /// The key path of the property.
  public let keyPath: PartialKeyPath<Root>
  /// Whether the property differs between two values of the root.
  public let hasChanged: (_ old: Root, _ new: Root) -> Bool

  /// A property whose values are compared with `==`.
  ///
  /// Inlinable, so the comparison is specialized for the property's type in the module that
  /// declares the state: the store and the recorder call it for every property after every
  /// action.
  @inlinable
  public init<Value: Equatable>(_ name: String, _ keyPath: KeyPath<Root, Value>) {
    self.name = name
    self.keyPath = keyPath
    self.hasChanged = { old, new in old[keyPath: keyPath] != new[keyPath: keyPath] }
  }

  /// A property whose type is not `Equatable`: every action is assumed to change it.
  @_disfavoredOverload
  @inlinable
  public init<Value>(_ name: String, _ keyPath: KeyPath<Root, Value>) {
    self.name = name
    self.keyPath = keyPath
    self.hasChanged = { _, _ in true }
  }
}
