import IdentifiedCollections

/// Receives the stored properties of two values of an ``ObservableStateProtocol`` type, one
/// property at a time and with its static type, from
/// ``ObservableStateProtocol/_$visitProperties(_:_:with:)``.
///
/// The time-travel recorder diffs a state through a visitor: the code the ``ObservableState()``
/// macro generates calls the most specific `visit` for each property's declared type, so the
/// common leaves arrive as `Int`, `String`, `Bool` or `Double`, nested states and identified
/// arrays of them arrive typed, and nothing is read through a key path or found by a dynamic
/// cast.
///
/// Each method gets the property's name in the state's `Codable` representation and its value
/// before and after an action. The generated code calls it only for an `Equatable` property
/// whose value changed (compared with its concrete type), and always for a nested state or an
/// identified array, whose changes the visitor finds inside it.
public protocol ObservableStateVisitor {
  /// A property of a type that is not `Equatable`.
  mutating func visit<Value>(_ name: String, _ old: Value, _ new: Value)
  /// An `Equatable` property no more specific method takes.
  mutating func visit<Value: Equatable>(_ name: String, _ old: Value, _ new: Value)
  /// An optional `Equatable` property.
  mutating func visit<Wrapped: Equatable>(_ name: String, _ old: Wrapped?, _ new: Wrapped?)
  /// A nested observable state.
  mutating func visit<Value: ObservableStateProtocol>(_ name: String, _ old: Value, _ new: Value)
  /// An identified array of observable states, such as the rows `forEach` runs on.
  mutating func visit<ID: Hashable, Element: ObservableStateProtocol>(
    _ name: String, _ old: IdentifiedArray<ID, Element>, _ new: IdentifiedArray<ID, Element>
  )
  /// An identified array of observable states, with the identities of both collections'
  /// storage, read by the generated code where the element type is known: what
  /// ``ElementChangeJournal/changedIndices(from:to:)`` needs, without the metadata lookups
  /// generic code pays to read them. By default, the visit without them.
  mutating func visit<ID: Hashable, Element: ObservableStateProtocol>(
    _ name: String, _ old: IdentifiedArray<ID, Element>, _ new: IdentifiedArray<ID, Element>,
    storage: (old: CollectionStorageID, new: CollectionStorageID)
  )
  /// An identified array of other `Equatable` elements (`forEach` runs on those too).
  mutating func visit<ID: Hashable, Element: Equatable>(
    _ name: String, _ old: IdentifiedArray<ID, Element>, _ new: IdentifiedArray<ID, Element>
  )
  /// An `Int` property.
  mutating func visit(_ name: String, _ old: Int, _ new: Int)
  /// A `String` property.
  mutating func visit(_ name: String, _ old: String, _ new: String)
  /// A `Bool` property.
  mutating func visit(_ name: String, _ old: Bool, _ new: Bool)
  /// A `Double` property.
  mutating func visit(_ name: String, _ old: Double, _ new: Double)
}

extension ObservableStateVisitor {
  /// Visits the arrays without the identities of their storage.
  public mutating func visit<ID: Hashable, Element: ObservableStateProtocol>(
    _ name: String, _ old: IdentifiedArray<ID, Element>, _ new: IdentifiedArray<ID, Element>,
    storage: (old: CollectionStorageID, new: CollectionStorageID)
  ) {
    visit(name, old, new)
  }
}

// MARK: - Called by the generated `_$visitProperties`

// Each overload below hands one property to a visitor. They are inlined into the generated
// code, so it compares an `Equatable` property with its concrete type in the module that
// declares the state, and calls the visitor only when its value changed; a nested state or an
// identified array is always handed over, for the visitor to find what changed inside it
// without `==` over every row. Always inlined: with the visitor still generic, Swift would
// otherwise call them unspecialized. Not meant to be called directly.

/// Hands over a property of a type that is not `Equatable`.
@inlinable @inline(__always)
public func _$visit<Visitor: ObservableStateVisitor, Value>(
  _ visitor: inout Visitor, _ name: String, _ old: Value, _ new: Value
) {
  visitor.visit(name, old, new)
}

/// Hands over an `Equatable` property that changed.
@inlinable @inline(__always)
public func _$visit<Visitor: ObservableStateVisitor, Value: Equatable>(
  _ visitor: inout Visitor, _ name: String, _ old: Value, _ new: Value
) {
  if old != new { visitor.visit(name, old, new) }
}

/// Hands over an optional `Equatable` property that changed.
@inlinable @inline(__always)
public func _$visit<Visitor: ObservableStateVisitor, Wrapped: Equatable>(
  _ visitor: inout Visitor, _ name: String, _ old: Wrapped?, _ new: Wrapped?
) {
  if old != new { visitor.visit(name, old, new) }
}

/// Hands over a nested observable state.
@inlinable @inline(__always)
public func _$visit<Visitor: ObservableStateVisitor, Value: ObservableStateProtocol>(
  _ visitor: inout Visitor, _ name: String, _ old: Value, _ new: Value
) {
  visitor.visit(name, old, new)
}

/// Hands over an identified array of observable states, with the identities of both
/// collections' storage, read here, where the element type is known.
@inlinable @inline(__always)
public func _$visit<
  Visitor: ObservableStateVisitor, ID: Hashable, Element: ObservableStateProtocol
>(
  _ visitor: inout Visitor, _ name: String,
  _ old: IdentifiedArray<ID, Element>, _ new: IdentifiedArray<ID, Element>
) {
  visitor.visit(name, old, new, storage: (old.storageID, new.storageID))
}

/// Hands over an identified array of other `Equatable` elements.
@inlinable @inline(__always)
public func _$visit<Visitor: ObservableStateVisitor, ID: Hashable, Element: Equatable>(
  _ visitor: inout Visitor, _ name: String,
  _ old: IdentifiedArray<ID, Element>, _ new: IdentifiedArray<ID, Element>
) {
  visitor.visit(name, old, new)
}

/// Hands over an `Int` property that changed.
@inlinable @inline(__always)
public func _$visit<Visitor: ObservableStateVisitor>(
  _ visitor: inout Visitor, _ name: String, _ old: Int, _ new: Int
) {
  if old != new { visitor.visit(name, old, new) }
}

/// Hands over a `String` property that changed.
@inlinable @inline(__always)
public func _$visit<Visitor: ObservableStateVisitor>(
  _ visitor: inout Visitor, _ name: String, _ old: String, _ new: String
) {
  if old != new { visitor.visit(name, old, new) }
}

/// Hands over a `Bool` property that changed.
@inlinable @inline(__always)
public func _$visit<Visitor: ObservableStateVisitor>(
  _ visitor: inout Visitor, _ name: String, _ old: Bool, _ new: Bool
) {
  if old != new { visitor.visit(name, old, new) }
}

/// Hands over a `Double` property that changed.
@inlinable @inline(__always)
public func _$visit<Visitor: ObservableStateVisitor>(
  _ visitor: inout Visitor, _ name: String, _ old: Double, _ new: Double
) {
  if old != new { visitor.visit(name, old, new) }
}
