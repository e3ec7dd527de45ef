import Synchronization

/// Keeps the ``Reducer/body-swift.property`` a `@Reducer` struct built on its first action, so
/// a store builds a feature's tree of reducers (and instantiates their key paths) once rather
/// than on every action.
///
/// The `@Reducer` macro adds one, as `_bodyCache`, to a struct that declares `body` and no
/// `reduce(into:action:)`. The body is built on the reducer's first action, inside that
/// action's dependencies. Copies of a reducer value share its cache, so whichever runs first
/// builds the body for all; stores given one reducer value share its body, and the child
/// reducers it built keep the dependencies they captured then (a store's own still win where it
/// sets them).
public final class _ReducerBodyCache<R: Reducer>: Hashable, @unchecked Sendable {
  // `@unchecked`: the body is written once under the lock and only read afterwards; a body is
  // as sendable as the reducer that built it.
  private final class Built: @unchecked Sendable {
    let body: R.Body
    init(_ body: R.Body) { self.body = body }
  }

  private let built = Mutex<Built?>(nil)

  /// An empty cache; the body is built when first asked for.
  public init() {}

  /// Runs `reducer`'s body, building it first if this is its first action.
  @usableFromInline
  func reduce(
    _ reducer: R, into state: inout R.State, action: R.Action
  ) -> Effect<R.Action> where R.Body: Reducer<R.State, R.Action> {
    if let built = self.built.withLock({ $0 }) {
      return built.body.reduce(into: &state, action: action)
    }
    // Built outside the lock: a body builds child reducers, and a reducer may run itself again
    // from its own `reduce`. Should two actions race, the first body stored wins. Built by a
    // copy without this cache: the body's closures keep the copy that built it, and through
    // this cache it would keep itself.
    var builder = reducer
    builder._bodyCache = nil
    let fresh = Built(builder.body)
    let built = self.built.withLock { stored in
      if let stored { return stored }
      stored = fresh
      return fresh
    }
    return built.body.reduce(into: &state, action: action)
  }

  /// Caches hold no value of their own: reducers that differ only in their caches are equal.
  public static func == (lhs: _ReducerBodyCache, rhs: _ReducerBodyCache) -> Bool { true }

  public func hash(into hasher: inout Hasher) {}
}
