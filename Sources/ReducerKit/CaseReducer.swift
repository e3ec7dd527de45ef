/// A reducer written as an enum of child reducers, one per case: the `@Reducer` macro applied to
/// an enum generates its `State` and `Action` enums and a ``body`` that runs the reducer of
/// whichever case the state is in.
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case edit(EditForm)
///   case alert(AlertState<Alert>)
/// }
/// extension Destination.State: Equatable {}
/// ```
///
/// Navigation operators (`ifLet(\.$destination, action: \.destination)`,
/// `forEach(\.path, action: \.path)`) use the ``body`` when they are given no child reducer.
public protocol CaseReducer<State, Action>: Reducer
where State: CaseReducerState, Body: Reducer, Body.State == State, Body.Action == Action {
  // Restated so the types are inferred from the generated enums and the static `body`, not
  // from `Reducer`'s `Never` body default.
  associatedtype State = State
  associatedtype Action = Action
  associatedtype Body = Body

  /// The reducer that runs each case's child reducer.
  @ReducerBuilder<State, Action>
  static var body: Body { get }
}

extension CaseReducer {
  /// The static ``CaseReducer/body``: a case reducer has no state of its own to close over.
  public var body: Body {
    Self.body
  }
}

/// The `State` of a ``CaseReducer``, which names its reducer so that navigation operators can
/// run it without being handed one.
public protocol CaseReducerState {
  /// The enum reducer whose state this is.
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}
