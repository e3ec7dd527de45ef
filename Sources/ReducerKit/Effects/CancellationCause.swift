/// Why an effect was cancelled, for the observers that log its end (rkdebug's recorder): a
/// reducer asked for it, or the screen or state that owned it went away.
@usableFromInline
package enum CancellationCause: Int, Hashable, Sendable, CaseIterable {
  /// ``Effect/cancel(id:)`` returned by a reducer.
  case cancelID = 0
  /// ``Effect/cancellable(id:cancelInFlight:)`` started another effect under its id.
  case cancelInFlight = 1
  /// The presented child that owned it was dismissed (`ifLet(\.$child, …)`).
  case dismissed = 2
  /// The stack element that owned it was popped (`forEach(\.path, …)`).
  case popped = 3
  /// The child state that owned it went away (`ifLet`, `forEach`, `ifCaseLet`).
  case stateRemoved = 4
  /// The store cancelled every effect it ran (`cancelEffects()`): a recording ended its
  /// session.
  case storeEnded = 5
}
