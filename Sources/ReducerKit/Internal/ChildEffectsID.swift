/// Identifies the effects of one child of a parent reducer, so they can be cancelled when the
/// child state goes away.
///
/// Two identifiers are equal when they name the same child state (parent reducer type, key path,
/// element id); the call site is kept only for ``description``, which the time-travel recorder
/// stores, so it must not change from run to run (no addresses).
struct ChildEffectsID: Hashable, CustomStringConvertible, @unchecked Sendable {
  // `@unchecked`: key paths and the `AnyHashable` of a `Sendable` element id are immutable
  // values; they are only not declared `Sendable`.
  let parent: ObjectIdentifier
  let path: AnyKeyPath
  let element: AnyHashable?
  let kind: String
  let fileID: StaticString
  let line: UInt

  init(
    _ kind: String,
    parent: Any.Type,
    path: AnyKeyPath,
    element: AnyHashable? = nil,
    fileID: StaticString,
    line: UInt
  ) {
    self.kind = kind
    self.parent = ObjectIdentifier(parent)
    self.path = path
    self.element = element
    self.fileID = fileID
    self.line = line
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.parent == rhs.parent && lhs.path == rhs.path && lhs.element == rhs.element
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(parent)
    hasher.combine(path)
    hasher.combine(element)
  }

  var description: String {
    let site = "\(kind) at \(fileID):\(line)"
    guard let element else { return site }
    return "\(site) [id: \(element.base)]"
  }
}

/// A cancellation identifier used inside one child (one element of a `forEach`), so that the
/// same identifier used by two children names two different sets of effects, as in TCA.
struct ScopedCancelID: Hashable, Sendable, CustomStringConvertible {
  let scope: AnyCancelID
  let id: AnyCancelID

  var description: String {
    "\(id) (in \(scope))"
  }
}

extension Effect {
  /// Rewrites every cancellation identifier in this effect (of ``cancellable(id:cancelInFlight:)``
  /// and ``cancel(id:)``) to one that exists only inside `scope`.
  func scopingCancelIDs(to scope: AnyCancelID) -> Self {
    switch operation {
    case .none, .send, .run:
      return self
    case let .merge(effects):
      return Self(operation: .merge(effects.map { $0.scopingCancelIDs(to: scope) }))
    case let .concatenate(effects):
      return Self(operation: .concatenate(effects.map { $0.scopingCancelIDs(to: scope) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Self(
        operation: .cancellable(
          id: AnyCancelID(ScopedCancelID(scope: scope, id: id)),
          cancelInFlight: cancelInFlight,
          effect.scopingCancelIDs(to: scope)
        )
      )
    case let .cancel(id, cause):
      return Self(
        operation: .cancel(id: AnyCancelID(ScopedCancelID(scope: scope, id: id)), cause: cause))
    }
  }
}
