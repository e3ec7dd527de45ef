import ReducerKit

/// Keeps the effects a ``TestStore``'s reducer returned that are still running, so the store
/// can wait for them and name them when they outlive the test.
@MainActor
final class EffectTracker {
  /// One leaf effect (a `run` or a `send`) and where it came from.
  struct Entry: Sendable {
    /// Effects are numbered in the order the reducer returned them.
    var id: Int
    /// The action whose reducer returned the effect, on one line.
    var action: String
    /// The effect's kind and cancellation ids.
    var leaf: EffectLeaf
    /// The `send` (or the `receive`'s original `send`) the effect goes back to.
    var location: TestLocation

    /// The effect for people: `a run effect (cancel id: fact)`.
    var description: String {
      let kind = leaf.kind == .run ? "a run effect" : "a send effect"
      guard !leaf.cancelIDs.isEmpty else { return kind }
      let ids = leaf.cancelIDs.map(\.description).joined(separator: ", ")
      return "\(kind) (cancel id\(leaf.cancelIDs.count == 1 ? "" : "s"): \(ids))"
    }
  }

  /// The effects running now, by id.
  private(set) var inFlight: [Int: Entry] = [:]
  /// Fired when an effect ends (and by the store when an action arrives).
  let signal = ChangeSignal()
  /// Kept up to date with ``inFlight`` for the end-of-test checks.
  private let checks: EndOfTestChecks
  private var nextID = 0

  init(checks: EndOfTestChecks) {
    self.checks = checks
  }

  /// The effects running now, oldest first.
  var entries: [Entry] {
    inFlight.values.sorted { $0.id < $1.id }
  }

  /// Attaches a tracking observer to every leaf of `effect`.
  func track<Action>(
    _ effect: Effect<Action>, action: String, location: TestLocation
  ) -> Effect<Action> {
    effect.observingEach { leaf in
      nextID += 1
      let entry = Entry(id: nextID, action: action, leaf: leaf, location: location)
      return TrackedEffect(entry: entry, tracker: self)
    }
  }

  /// Forgets every effect: they no longer fail the test.
  func forgetAll() {
    inFlight.removeAll()
    checks.forgetEffects()
    signal.fire()
  }

  func didStart(_ entry: Entry) {
    inFlight[entry.id] = entry
    checks.effectDidStart(entry)
  }

  func didComplete(_ entry: Entry) {
    guard inFlight.removeValue(forKey: entry.id) != nil else { return }
    checks.effectDidEnd(entry.id)
    signal.fire()
  }
}
