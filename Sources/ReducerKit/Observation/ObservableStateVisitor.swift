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
/// before and after an action; the visitor decides whether it changed.
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
  /// An `Int` property.
  mutating func visit(_ name: String, _ old: Int, _ new: Int)
  /// A `String` property.
  mutating func visit(_ name: String, _ old: String, _ new: String)
  /// A `Bool` property.
  mutating func visit(_ name: String, _ old: Bool, _ new: Bool)
  /// A `Double` property.
  mutating func visit(_ name: String, _ old: Double, _ new: Double)
}
