import Foundation
import ReducerKit
import ReducerKitDebug

/// A feature `rkdebug` can record and replay: a reducer, its initial state, and how to make
/// random valid actions for it.
///
/// Register features by passing them to ``RKDebug/main(features:arguments:)``:
///
/// ```swift
/// // Sources/my-rkdebug/main.swift
/// import RKDebugCLI
///
/// await RKDebug.main(features: [
///   .feature("profile", summary: "The profile screen", reducer: { Profile() },
///            initialState: { Profile.State() })
/// ])
/// ```
///
/// Commands that only read the log work without any feature registered; `record`, `replay`,
/// `bisect --divergence` and the typed `changes` output need the session's feature.
public struct DebugFeature: Sendable {
  /// The name sessions are recorded under and looked up by.
  public let name: String
  /// One line for `rkdebug features`.
  public let summary: String
  /// The full name of the state type.
  public let stateType: String
  /// The full name of the action type.
  public let actionType: String
  /// The type-erased operations the commands use.
  let erased: any ErasedFeature

  /// Registers a feature.
  ///
  /// - Parameters:
  ///   - name: The name sessions are recorded under (`rkdebug record --feature NAME`).
  ///   - summary: One line for `rkdebug features`.
  ///   - reducer: Makes the feature's reducer.
  ///   - initialState: The state a recording starts from.
  ///   - randomAction: A valid random action for a state, for `record --random N --seed S`;
  ///     without it `--random` is refused for this feature.
  ///   - randomOutsideChange: Makes, now and then, a change no action makes between two random
  ///     actions (another device writing a shared value's file), with the dependencies the
  ///     initial state was made with; it draws from a generator of its own, seeded from `--seed`.
  ///   - dependencies: Sets the feature's own dependencies (its clients, the storage of its
  ///     `@Shared` keys) for `record` and `replay`; `record` makes the initial state with them
  ///     too. `record` then sets the clocks, and unless `--live`, seeds `uuid`, `date` and
  ///     `withRandomNumberGenerator`; replay feeds back the values recorded.
  ///   - actionInterval: The time `record` lets pass on the effects' clocks between two
  ///     actions, for a feature whose effects run for as long as a screen is shown (a timer):
  ///     they then tick between actions, and those still running when the session ends are
  ///     cancelled. Without it, each action's effects run to their end, on a clock whose
  ///     sleeps end at once, before the next action is sent.
  public static func feature<R: Reducer>(
    _ name: String,
    summary: String,
    reducer: @escaping @Sendable () -> R,
    initialState: @escaping @Sendable () -> R.State,
    randomAction: (
      @Sendable (_ state: R.State, _ rng: inout any RandomNumberGenerator) -> R.Action
    )? = nil,
    randomOutsideChange: (
      @Sendable (_ state: R.State, _ rng: inout any RandomNumberGenerator) -> Void
    )? = nil,
    dependencies: (@Sendable (inout DependencyValues) -> Void)? = nil,
    actionInterval: Duration? = nil
  ) -> DebugFeature
  where R.State: ObservableStateProtocol & Codable, R.Action: Codable {
    DebugFeature(
      name: name,
      summary: summary,
      stateType: typeName(R.State.self),
      actionType: typeName(R.Action.self),
      erased: TypedFeature<R>(
        name: name, makeReducer: reducer, initialState: initialState,
        randomAction: randomAction, randomOutsideChange: randomOutsideChange,
        dependencies: dependencies, actionInterval: actionInterval
      )
    )
  }
}

extension DebugFeature {
  /// The full name of `type`, as `String(reflecting:)` writes it, without the dynamic casts
  /// `String(reflecting:)` makes: each is a first search of every conformance of the binary,
  /// and `rkdebug` names the types of every feature it registers as it starts.
  static func typeName(_ type: Any.Type) -> String {
    _typeName(type, qualified: true)
  }

  /// The warning printed when this feature's types no longer decode a session's states, so
  /// `what` ("the changes", "the diff") is printed from the log's JSON instead.
  func undecodableStatesWarning(_ error: any Error, printing what: String) -> String {
    "the states of this session no longer decode as feature '\(name)' "
      + "(\(DecodingErrorSummary.text(for: error))); printing \(what) from the log's JSON"
  }
}
