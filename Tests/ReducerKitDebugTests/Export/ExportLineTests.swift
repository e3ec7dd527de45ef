import Foundation
import Testing

@testable import ReducerKitDebug

/// The effect lines of `rkdebug export`, written member by member: byte for byte the
/// serialization of the object they stand for, whatever each member holds.
@Suite struct ExportLineTests {
  static let effects = [
    LoggedEffect(
      id: 7, actionIndex: 12, kind: "run", cancelIDs: ["sort", "a \"b\"\n"],
      startedAt: Date(timeIntervalSince1970: 1_764_000_000.25),
      endedAt: Date(timeIntervalSince1970: 1_764_000_001), outcome: .cancelled,
      error: nil, cancelCause: .cancelInFlight, cancelledBy: 13),
    LoggedEffect(
      id: 1, actionIndex: 1, kind: "send", cancelIDs: [],
      startedAt: Date(timeIntervalSince1970: -0.5), endedAt: nil, outcome: nil,
      error: "failed: \"x\"\t\u{1}é", cancelCause: nil, cancelledBy: nil),
  ]

  @Test(arguments: effects)
  func writesAnEffectLineAsItsObjectSerializes(_ effect: LoggedEffect) {
    let object: JSONValue = .object([
      "actionIndex": JSONValue(effect.actionIndex),
      "cancelCause": effect.cancelCause.map { .string($0.rawValue) } ?? .null,
      "cancelIDs": .array(effect.cancelIDs.map(JSONValue.string)),
      "cancelledBy": effect.cancelledBy.map { JSONValue($0) } ?? .null,
      "endedAt": .optional(effect.endedAt, JSONValue.unixTime),
      "error": effect.error.map(JSONValue.string) ?? .null,
      "id": JSONValue(effect.id),
      "kind": .string(effect.kind),
      "outcome": effect.outcome.map { .string($0.rawValue) } ?? .null,
      "startedAt": .unixTime(effect.startedAt),
      "type": "effect",
    ])
    var line: [UInt8] = []
    ExportFormat.appendEffectLine(effect, to: &line)
    #expect(String(decoding: line, as: UTF8.self) == object.serialized())
  }

  @Test(arguments: [0, 1, -0.0, 1.5, 1_764_000_000.123456, 1e20, -3, .infinity] as [Double])
  func writesTimesAsTheirValueDoes(_ seconds: Double) {
    var bytes: [UInt8] = []
    ExportFormat.appendUnixTime(Date(timeIntervalSince1970: seconds), to: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == JSONValue.unixTime(Date(timeIntervalSince1970: seconds)).serialized())
  }
}
