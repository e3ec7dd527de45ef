/// Whether an `Equatable` stored property changed between two values of its state.
///
/// Called by the code the ``ObservableState()`` macro generates for
/// ``ObservableStateProtocol/hasChanged(_:from:to:)``; not meant to be called directly.
///
/// - Parameters:
///   - old: The property's value before an action.
///   - new: The property's value after the action.
/// - Returns: `old != new`.
@inlinable
public func _$isChanged<Value: Equatable>(_ old: Value, _ new: Value) -> Bool {
  old != new
}

/// Whether a stored property whose type is not `Equatable` changed between two values of its
/// state: such a property cannot be compared, so it is always reported as changed.
///
/// Called by the code the ``ObservableState()`` macro generates for
/// ``ObservableStateProtocol/hasChanged(_:from:to:)``; not meant to be called directly.
///
/// - Parameters:
///   - old: The property's value before an action.
///   - new: The property's value after the action.
/// - Returns: `true`.
@_disfavoredOverload
@inlinable
public func _$isChanged<Value>(_ old: Value, _ new: Value) -> Bool {
  true
}
