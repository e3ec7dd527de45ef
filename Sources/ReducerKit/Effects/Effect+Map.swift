extension Effect {
  /// Transforms the actions this effect emits, as when a parent embeds a child's effects with
  /// the child's action case.
  ///
  /// ```swift
  /// return childEffect.map(Action.child)
  /// ```
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    switch operation {
    case .none:
      return .none
    case let .send(action, observers):
      return Effect<T>(operation: .send(transform(action), observers: observers))
    case let .run(run):
      let operation = run.operation
      let mappedOperation: @Sendable (Send<T>) async throws -> Void = { send in
        try await operation(send.map(transform))
      }
      var mappedHandler: (@Sendable (any Error, Send<T>) async -> Void)?
      if let handler = run.handler {
        mappedHandler = { error, send in await handler(error, send.map(transform)) }
      }
      let mapped = Effect<T>.Run(
        priority: run.priority,
        operation: mappedOperation,
        handler: mappedHandler,
        observers: run.observers,
        fileID: run.fileID,
        line: run.line
      )
      return Effect<T>(operation: .run(mapped))
    case let .merge(effects):
      return Effect<T>(operation: .merge(effects.map { $0.map(transform) }))
    case let .concatenate(effects):
      return Effect<T>(operation: .concatenate(effects.map { $0.map(transform) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Effect<T>(
        operation: .cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform))
      )
    case let .cancel(id, cause):
      return Effect<T>(operation: .cancel(id: id, cause: cause))
    }
  }
}
