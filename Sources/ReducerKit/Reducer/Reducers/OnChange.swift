extension Reducer {
  /// Runs `perform` after this reducer whenever an action changes a value of the state.
  ///
  /// ```swift
  /// BindingReducer()
  ///   .onChange(of: \.query) { oldValue, state in
  ///     state.results = []
  ///     return .send(.search)
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - toValue: The value to watch, usually a key path of the state.
  ///   - perform: Gets the value before the action and the state after it, which it may change
  ///     further; returns the effect to run, merged with this reducer's.
  /// - Returns: A reducer that runs this one, then `perform` when the value changed.
  public func onChange<Value: Equatable>(
    of toValue: @escaping (State) -> Value,
    _ perform: @escaping (_ oldValue: Value, _ state: inout State) -> Effect<Action>
  ) -> _OnChangeReducer<Self, Value, Reduce<State, Action>> {
    _OnChangeReducer(base: self, toValue: toValue) { oldValue, _ in
      Reduce { state, _ in perform(oldValue, &state) }
    }
  }

  /// Runs the reducer `reducer` builds after this one whenever an action changes a value of
  /// the state, with the value before and after the action.
  ///
  /// ```swift
  /// .onChange(of: \.displayName) { oldValue, newValue in
  ///   Reduce { state, action in
  ///     state.isNameValid = !newValue.isEmpty
  ///     return .none
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - toValue: The value to watch, usually a key path of the state.
  ///   - reducer: Builds the reducer to run from the old and the new value.
  /// - Returns: A reducer that runs this one, then the built reducer when the value changed.
  public func onChange<Value: Equatable, Child: Reducer<State, Action>>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: Value, _ newValue: Value)
      -> Child
  ) -> _OnChangeReducer<Self, Value, Child> {
    _OnChangeReducer(base: self, toValue: toValue, reducer: reducer)
  }
}

/// The reducer ``Reducer/onChange(of:_:)`` returns: runs
/// `base`, then, when the watched value changed, the reducer built from its old and new value.
public struct _OnChangeReducer<Base: Reducer, Value: Equatable, Child: Reducer>: Reducer
where Base.State == Child.State, Base.Action == Child.Action {
  let base: Base
  let toValue: (Base.State) -> Value
  let reducer: (Value, Value) -> Child

  /// Runs the base reducer, then the built one if the value changed; merges their effects.
  public func reduce(
    into state: inout Base.State, action: Base.Action
  ) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let baseEffect = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard oldValue != newValue else { return baseEffect }
    return .merge(baseEffect, reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}
