extension Effect {
  /// Runs each `run` of this effect with ``NavigationDismissal/current`` set to send `action`
  /// through the effect's own `send`, so `@Dependency(\.dismiss)` in a presented child's effect
  /// dismisses that child, and a cancelled effect's dismissal is dropped like its other actions.
  func dismissing(with action: Action) -> Self {
    let action = UncheckedSendable(action)
    return mappingRuns { run in
      var run = run
      let operation = run.operation
      run.operation = { send in
        let dismissal = NavigationDismissal { send(action.value) }
        try await NavigationDismissal.$current.withValue(dismissal) {
          try await operation(send)
        }
      }
      if let handler = run.handler {
        run.handler = { error, send in
          let dismissal = NavigationDismissal { send(action.value) }
          await NavigationDismissal.$current.withValue(dismissal) {
            await handler(error, send)
          }
        }
      }
      return run
    }
  }

  /// This effect with each `run` replaced by `transform` of it.
  private func mappingRuns(_ transform: (Run) -> Run) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case let .run(run):
      return Self(operation: .run(transform(run)))
    case let .merge(effects):
      return Self(operation: .merge(effects.map { $0.mappingRuns(transform) }))
    case let .concatenate(effects):
      return Self(operation: .concatenate(effects.map { $0.mappingRuns(transform) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Self(
        operation: .cancellable(
          id: id, cancelInFlight: cancelInFlight, effect.mappingRuns(transform)
        )
      )
    }
  }
}
