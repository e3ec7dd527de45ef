import Foundation

extension DependencyValues {
  /// The names under which `uuid`, `date` and `withRandomNumberGenerator` reads are logged.
  package enum RecordedInputName {
    package static let uuid = "uuid"
    package static let date = "date"
    package static let random = "random"
  }

  /// Routes every read of `uuid`, `date` and `withRandomNumberGenerator` through
  /// ``recordedInput(_:_:)``, on top of their current values, so a recorder logs them and a
  /// replay feeds them back.
  package mutating func routeNondeterministicInputsThroughTape() {
    let uuid = self.uuid
    self.uuid = UUIDGenerator { recordedInput(RecordedInputName.uuid) { uuid() } }
    let date = self.date
    self.date = DateGenerator { recordedInput(RecordedInputName.date) { date.now } }
    self.withRandomNumberGenerator = WithRandomNumberGenerator(
      TapedRandomNumberGenerator(base: withRandomNumberGenerator)
    )
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
