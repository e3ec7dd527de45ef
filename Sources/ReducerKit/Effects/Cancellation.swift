extension Effect {
  /// Makes this effect cancellable by `id`.
  ///
  /// ```swift
  /// case .searchQueryChanged(let query):
  ///   state.query = query
  ///   return .run { send in
  ///     try await clock.sleep(for: .milliseconds(300))
  ///     await send(.searchResponse(try await search(query)))
  ///   }
  ///   .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  ///
  /// - Parameters:
  ///   - id: Any hashable value that names the effect for ``cancel(id:)``.
  ///   - cancelInFlight: Whether to cancel the effects already running under `id` first.
  /// - Returns: An effect that ``cancel(id:)`` with the same `id` cancels.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if isNone, !cancelInFlight { return self }
    return Self(operation: .cancellable(id: AnyCancelID(id), cancelInFlight: cancelInFlight, self))
  }

  /// An effect that cancels the effects running under `id`.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operation: .cancel(id: AnyCancelID(id), cause: .cancelID))
  }

  /// Cancels the effects running under `id` because of `cause`: what the navigation and
  /// composition operators return when the state that owned those effects goes away.
  package static func cancel(id: some Hashable & Sendable, cause: CancellationCause) -> Self {
    Self(operation: .cancel(id: AnyCancelID(id), cause: cause))
  }
}

/// A type-erased cancellation identifier: what the effect machinery stores, and what the
/// recorder logs with an effect (through ``EffectLeaf/cancelIDs``).
@usableFromInline
package struct AnyCancelID: Hashable, Sendable, CustomStringConvertible {
  // `AnyHashable` is not `Sendable`; every value stored here was `Sendable` when erased.
  nonisolated(unsafe) let base: AnyHashable

  /// Erases a cancellation identifier.
  package init(_ id: some Hashable & Sendable) {
    if let id = id as? AnyCancelID {
      self = id
    } else {
      self.base = AnyHashable(id)
    }
  }

  /// The identifier as text, for logs.
  @usableFromInline
  package var description: String {
    String(describing: base.base)
  }
}
