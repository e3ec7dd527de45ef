import Foundation
import ReducerKit
import Synchronization

/// The replay's tape: hands the reducer the values the recording logged for the action being
/// replayed, in order, and notes the first read that the recording cannot answer.
///
/// A read the recording lacks gets the replay's own dependency value (`live`), so the replay
/// never crashes; the action is then reported as a divergence that names the dependency.
final class ReplayedReads: RecordedInputTape {
  fileprivate struct Tape {
    var index = 0
    var recorded: [DependencyRead] = []
    var next = 0
    /// How many times the reducer read each dependency, for the mismatch message.
    var counts: [String: Int] = [:]
    var mismatch: String?
  }

  private let tape = Mutex(Tape())

  /// Starts the action at `index`, whose recorded reads are `recorded`.
  func load(_ recorded: [DependencyRead], index: Int) {
    tape.withLock { $0 = Tape(index: index, recorded: recorded) }
  }

  func value<Value: Codable & Sendable>(named name: String, live: () -> Value) -> Value {
    let recorded = tape.withLock { tape -> JSONValue? in
      tape.counts[name, default: 0] += 1
      defer { tape.next += 1 }
      guard tape.mismatch == nil else { return nil }
      guard tape.next < tape.recorded.count, tape.recorded[tape.next].name == name else {
        tape.mismatch = tape.mismatchMessage(reading: name)
        return nil
      }
      return tape.recorded[tape.next].value
    }
    guard let recorded else { return live() }
    if let value = Self.decode(Value.self, from: recorded) { return value }
    tape.withLock { tape in
      if tape.mismatch == nil {
        tape.mismatch =
          "action \(tape.index) read `\(name)` as \(String(reflecting: Value.self)), but the "
          + "recorded value \(recorded.serialized()) does not decode as one"
      }
    }
    return live()
  }

  /// Ends the action: why its reads differ from the recording's, or `nil` when they match.
  func finish() -> String? {
    tape.withLock { tape -> String? in
      if let mismatch = tape.mismatch { return mismatch }
      guard tape.next < tape.recorded.count else { return nil }
      return tape.countMessage(for: tape.recorded[tape.next].name)
    }
  }

  /// Decodes the scalars replay reads most (`UInt64` draws, `UUID`s, `Date`s) without a
  /// `JSONDecoder`, and anything else with one.
  private static func decode<Value: Decodable>(_ type: Value.Type, from json: JSONValue) -> Value? {
    switch json {
    case let .number(text) where Value.self == UInt64.self:
      return UInt64(text) as? Value
    case let .string(text) where Value.self == UUID.self:
      return UUID(uuidString: text) as? Value
    case let .number(text) where Value.self == Date.self:
      return Double(text).map { Date(timeIntervalSinceReferenceDate: $0) as! Value }
    default:
      return try? json.decoded(as: Value.self)
    }
  }
}

extension ReplayedReads.Tape {
  /// Why reading `name` now does not match the recording.
  fileprivate func mismatchMessage(reading name: String) -> String {
    let recordedCount = recorded.count(where: { $0.name == name })
    let readCount = counts[name, default: 0]
    if readCount > recordedCount {
      return countMessage(for: name)
    }
    return "action \(index) read `\(name)` where the recording has `\(recorded[next].name)`"
  }

  /// "action 12 read `uuid` twice; the recording has one value".
  fileprivate func countMessage(for name: String) -> String {
    let readCount = counts[name, default: 0]
    let recordedCount = recorded.count(where: { $0.name == name })
    return "action \(index) read `\(name)` \(Self.times(readCount)); the recording has "
      + (recordedCount == 1 ? "one value" : "\(recordedCount) values")
  }

  private static func times(_ count: Int) -> String {
    switch count {
    case 0: "never"
    case 1: "once"
    case 2: "twice"
    default: "\(count) times"
    }
  }
}
