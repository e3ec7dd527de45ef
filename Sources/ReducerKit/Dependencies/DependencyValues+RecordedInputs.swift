import Foundation

extension DependencyValues {
  /// The names under which `uuid`, `date`, `withRandomNumberGenerator` and `stackElementID`
  /// reads are logged.
  package enum RecordedInputName {
    package static let uuid = "uuid"
    package static let date = "date"
    package static let random = "random"
    package static let stackElementID = "stackElementID"
  }

  /// Routes every read of `uuid`, `date`, `withRandomNumberGenerator` and `stackElementID`
  /// through ``recordedInput(_:_:)``, on top of their current values, so a recorder logs them and a
  /// replay feeds them back.
  package mutating func routeNondeterministicInputsThroughTape() {
    let uuid = self.uuid
    self.uuid = UUIDGenerator { recordedInput(RecordedInputName.uuid) { uuid() } }
    let date = self.date
    self.date = DateGenerator { recordedInput(RecordedInputName.date) { date.now } }
    self.withRandomNumberGenerator = WithRandomNumberGenerator(
      TapedRandomNumberGenerator(base: withRandomNumberGenerator)
    )
    self.stackElementID = .taped(stackElementID)
  }
}

/// A random number generator whose every draw goes through ``recordedInput(_:_:)``; draws
/// come from `base` when nothing is replayed.
private struct TapedRandomNumberGenerator: RandomNumberGenerator, Sendable {
  let base: WithRandomNumberGenerator

  mutating func next() -> UInt64 {
    recordedInput(DependencyValues.RecordedInputName.random) { base { $0.next() } }
  }
}

extension StackElementIDGenerator {
  /// Hands out `base`'s ids through the tape, so a replay pushes with the recorded ids. The id
  /// it will hand out next is the one after the last it handed out, since on replay `base`
  /// never advances.
  fileprivate static func taped(_ base: StackElementIDGenerator) -> Self {
    let last = LockIsolated<StackElementID?>(nil)
    return Self(
      next: {
        let id = recordedInput(DependencyValues.RecordedInputName.stackElementID) { base() }
        last.setValue(id)
        return id
      },
      peek: {
        guard let last = last.value else { return base.nextID }
        return Swift.max(base.nextID, StackElementID(generation: last.generation + 1))
      }
    )
  }
}
