import ReducerKit
import Synchronization

/// Records the life of one effect: its start, the actions it emits (through
/// ``EffectContext/emitters``), and how it ends.
final class RecordingEffectObserver: EffectObserver, @unchecked Sendable {
  // `@unchecked`: `effectID` is set once, under the session's lock, when the store starts the
  // effect on the main actor, before the effect can emit anything that reads it.
  let session: RecordingSession
  let actionIndex: Int
  let leaf: EffectLeaf
  var effectID: Int?

  init(session: RecordingSession, actionIndex: Int, leaf: EffectLeaf) {
    self.session = session
    self.actionIndex = actionIndex
    self.leaf = leaf
  }

  func effectDidStart() {
    session.effectDidStart(self)
  }

  func effectDidComplete(_ completion: EffectCompletion) {
    session.effectDidComplete(self, completion)
  }
}
