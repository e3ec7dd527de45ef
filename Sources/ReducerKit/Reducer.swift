/// Describes how a feature's state changes in response to an action, and which effects the
/// store should run afterwards.
///
/// Implement either ``reduce(into:action:)`` for a single piece of logic, or
/// ``body-swift.property`` to compose reducers with ``ReducerBuilder``:
///
/// ```swift
/// struct Counter: Reducer {
///   @ObservableState
///   struct State: Equatable, Codable { var count = 0 }
///   @CasePathable
///   enum Action: Equatable, Codable { case incrementButtonTapped }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .incrementButtonTapped:
///         state.count += 1
///         return .none
///       }
///     }
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The state the reducer works on.
  associatedtype State
  /// The actions the reducer handles.
  associatedtype Action
  /// The type of ``body-swift.property``: `Never` when the reducer implements
  /// ``reduce(into:action:)`` instead.
  associatedtype Body

  /// Changes `state` for `action` and returns the effect to run afterwards.
  ///
  /// - Parameters:
  ///   - state: The current state, changed in place.
  ///   - action: The action to handle.
  /// - Returns: The effect the store runs next; ``Effect/none`` when there is nothing to do.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is made of, run in order.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// Where `@Reducer` keeps ``body-swift.property`` once built, so it is not rebuilt on every
  /// action; `nil` for other reducers. Not for implementing by hand.
  var _bodyCache: _ReducerBodyCache<Self>? { get set }
}

/// A convenience for a reducer with the same state and action as `R`, as in
/// `var body: some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  public var body: Body {
    fatalError(
      """
      '\(Self.self)' has no body: it implements 'reduce(into:action:)'. \
      Call 'reduce(into:action:)' instead of reading 'body'.
      """
    )
  }
}

extension Reducer {
  /// A reducer written without `@Reducer` builds its body on every action, as TCA's do.
  public var _bodyCache: _ReducerBodyCache<Self>? {
    get { nil }
    set {}
  }
}

extension Reducer where Body: Reducer<State, Action> {
  /// Runs the reducers of ``body-swift.property``: built on the first action when `@Reducer`
  /// gave the reducer a place to keep it, else on every action.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if let cache = _bodyCache { return cache.reduce(self, into: &state, action: action) }
    return body.reduce(into: &state, action: action)
  }
}
