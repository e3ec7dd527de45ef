/// The work a reducer asks the ``Store`` to do after it has changed the state: emit actions now,
/// run asynchronous work that emits actions later, or cancel work in flight.
///
/// Effects are values: a reducer returns one and the store runs it. Build them with
/// ``none``, ``run(priority:operation:catch:fileID:line:)``, ``send(_:)``,
/// ``merge(_:)-swift.type.method``, ``concatenate(_:)-swift.type.method``,
/// ``cancellable(id:cancelInFlight:)``, ``cancel(id:)`` and ``map(_:)``.
///
/// ```swift
/// case .incrementLaterTapped:
///   return .run { send in
///     try await clock.sleep(for: .seconds(1))
///     await send(.incrementButtonTapped)
///   }
/// ```
public struct Effect<Action>: Sendable {
  @usableFromInline
  indirect enum Operation {
    case none
    case send(Action, observers: [any EffectObserver])
    case run(Run)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(id: AnyCancelID, cancelInFlight: Bool, Effect)
    case cancel(id: AnyCancelID, cause: CancellationCause)
  }

  /// One asynchronous unit of work.
  @usableFromInline
  struct Run: Sendable {
    var priority: TaskPriority?
    var operation: @Sendable (Send<Action>) async throws -> Void
    var handler: (@Sendable (any Error, Send<Action>) async -> Void)?
    var observers: [any EffectObserver]
    /// Where the effect was made, for the warning about an unhandled error.
    var fileID: StaticString
    var line: UInt
  }

  @usableFromInline
  let operation: Operation

  @usableFromInline
  init(operation: Operation) {
    self.operation = operation
  }
}

/// A convenience for `Effect<R.Action>`.
public typealias EffectOf<R: Reducer> = Effect<R.Action>

// Actions are values the store hands between tasks; the Store is the only thing that runs the
// closures, on the main actor, so capturing a non-Sendable `Action` in `.send` is safe in the
// same way TCA's `Effect.send` is.
extension Effect.Operation: @unchecked Sendable {}

extension Effect {
  /// An effect that does nothing and finishes at once.
  public static var none: Self {
    Self(operation: .none)
  }

  /// An effect that runs asynchronous work which can send any number of actions back into the
  /// store, with the dependencies of the reducer that returned it.
  ///
  /// ```swift
  /// return .run { send in
  ///   let fact = try await numberFact(count)
  ///   await send(.factResponse(fact))
  /// } catch: { error, send in
  ///   await send(.factFailed(error.localizedDescription))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the work.
  ///   - operation: The work. It receives a ``Send`` to emit actions with.
  ///   - handler: Called with the error when `operation` throws (other than by cancellation).
  ///     Without one, a thrown error is reported as a runtime warning naming `fileID:line`.
  ///   - fileID: The file the effect is made in, for the runtime warning.
  ///   - line: The line the effect is made on, for the runtime warning.
  /// - Returns: An effect wrapping the work.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    // As in TCA, the work runs with the dependencies of the reducer that returned the effect.
    let dependencies = withEscapedDependencies { $0 }
    let escapedOperation: @Sendable (Send<Action>) async throws -> Void = { send in
      try await dependencies.yield { try await operation(send) }
    }
    var escapedHandler: (@Sendable (any Error, Send<Action>) async -> Void)?
    if let handler {
      escapedHandler = { error, send in await dependencies.yield { await handler(error, send) } }
    }
    return Self(
      operation: .run(
        Run(
          priority: priority,
          operation: escapedOperation,
          handler: escapedHandler,
          observers: [],
          fileID: fileID,
          line: line
        )
      )
    )
  }

  /// An effect that sends `action` into the store immediately, before the `send` that returned
  /// the effect finishes.
  ///
  /// Prefer calling shared logic directly over sending actions to yourself; this exists for the
  /// cases where a child must tell its parent something.
  public static func send(_ action: Action) -> Self {
    Self(operation: .send(action, observers: []))
  }

  /// Runs several effects at the same time.
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// Runs several effects at the same time.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    group(effects, Operation.merge)
  }

  /// Runs effects one after another: each starts when the previous one has finished.
  public static func concatenate(_ effects: Self...) -> Self {
    concatenate(effects)
  }

  /// Runs effects one after another: each starts when the previous one has finished.
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    group(effects, Operation.concatenate)
  }

  /// What `merge` and `concatenate` share: `.none`s dropped, and no group of fewer than two.
  private static func group(_ effects: some Sequence<Self>, _ make: ([Self]) -> Operation) -> Self {
    let effects = effects.filter { !$0.isNone }
    return effects.count > 1 ? Self(operation: make(effects)) : effects.first ?? .none
  }

  /// Merges this effect with another.
  public func merge(with other: Self) -> Self {
    .merge(self, other)
  }

  /// Runs this effect, then `other`.
  public func concatenate(with other: Self) -> Self {
    .concatenate(self, other)
  }

  /// Whether this is ``none``.
  var isNone: Bool {
    if case .none = operation { return true }
    return false
  }
}
