extension Reducer {
  /// Sets a dependency for this reducer and the effects it returns, as TCA's
  /// `.dependency(_:_:)` does.
  ///
  /// ```swift
  /// Todos()
  ///   .dependency(\.uuid, .incrementing)
  ///   .dependency(\.continuousClock, ImmediateClock())
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency to set.
  ///   - value: Its value while this reducer runs.
  /// - Returns: A reducer that runs this one with the dependency set.
  public func dependency<Value>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { [value = UncheckedSendable(value)] in
      $0[keyPath: keyPath] = value.value
    }
  }

  /// Changes a dependency for this reducer and the effects it returns, starting from its
  /// current value, as TCA's `.transformDependency(_:transform:)` does.
  ///
  /// ```swift
  /// Counter()
  ///   .transformDependency(\.numberFact) { $0.fetch = { "\($0) is a good number." } }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency to change.
  ///   - transform: Changes the dependency in place.
  /// - Returns: A reducer that runs this one with the dependency changed.
  public func transformDependency<Value>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (_ dependency: inout Value) -> Void
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// The reducer ``Reducer/dependency(_:_:)`` and ``Reducer/transformDependency(_:transform:)``
/// return: runs its base with changed dependencies.
public struct _DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  @usableFromInline
  let base: Base
  @usableFromInline
  let update: @Sendable (inout DependencyValues) -> Void

  @usableFromInline
  init(base: Base, update: @escaping @Sendable (inout DependencyValues) -> Void) {
    self.base = base
    self.update = update
  }

  /// Runs the base reducer inside `withDependencies`, so effects it returns capture the change.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    withDependencies(update) {
      base.reduce(into: &state, action: action)
    }
  }

  /// Applies another change on top of this one, with a single `withDependencies` per action.
  @inlinable
  public func dependency<Value>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> Self {
    let update = self.update
    return Self(base: base) { [value = UncheckedSendable(value)] values in
      values[keyPath: keyPath] = value.value
      update(&values)
    }
  }
}
