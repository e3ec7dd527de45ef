import ReducerKit

/// The observer ``EffectTracker`` attaches to each leaf effect: it reports the effect's start
/// and end to the tracker.
final class TrackedEffect: EffectObserver {
  let entry: EffectTracker.Entry
  let tracker: EffectTracker

  init(entry: EffectTracker.Entry, tracker: EffectTracker) {
    self.entry = entry
    self.tracker = tracker
  }

  // The runtime calls observers on the main actor (see `EffectObserver`): effects are started
  // by the store's `send` and their tasks are `@MainActor`.
  func effectDidStart() {
    MainActor.assumeIsolated { tracker.didStart(entry) }
  }

  func effectDidComplete(_ completion: EffectCompletion) {
    MainActor.assumeIsolated { tracker.didComplete(entry) }
  }
}
