import Foundation
import GRDB
import ReducerKit
@testable import ReducerKitDebug
import Testing

/// The values a reducer reads from `uuid`, `date`, random numbers and opted-in dependencies are
/// logged with their action, and replay feeds them back: a replay of a nondeterministic feature
/// is exact, and a reducer that reads differently is a divergence naming the dependency.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct RecordedInputsTests {
  struct Notes: Reducer {
    @ObservableState
    struct State: Equatable, Codable {
      var notes: [Note] = []
      var flags: [Bool] = []
      var zone = ""
    }

    struct Note: Equatable, Codable {
      var id: UUID
      var createdAt: Date
      var hue: Int
    }

    @CasePathable
    enum Action: Equatable, Codable {
      case add
      case checkFlag
      case readZone
    }

    /// How many ids `add` reads: a changed reducer reads another number.
    var idsPerNote = 1
    /// Whether `add` reads the date before the id.
    var dateFirst = false
    /// Whether `checkFlag` asks the flag, or takes it as off.
    var asksFlag = true

    @Dependency(\.uuid) var uuid
    @Dependency(\.date.now) var now
    @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
    @Dependency(\.timeZone) var timeZone
    @Dependency(FeatureFlag.self) var flag

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .add:
        let date = dateFirst ? now : nil
        var id = UUID(0)
        for _ in 0..<idsPerNote { id = uuid() }
        let hue = withRandomNumberGenerator { Int.random(in: 0..<360, using: &$0) }
        state.notes.append(Note(id: id, createdAt: date ?? now, hue: hue))
        return .none
      case .checkFlag:
        state.flags.append(asksFlag ? flag.isOn() : false)
        return .none
      case .readZone:
        state.zone = timeZone.identifier
        return .none
      }
    }
  }

  /// A user dependency opted in to recording with `recordedInput`.
  struct FeatureFlag: DependencyKey {
    var isOn: @Sendable () -> Bool
    static let liveValue = FeatureFlag { recordedInput("featureFlag") { Bool.random() } }
    static let testValue = liveValue
  }

  /// Live, nondeterministic values, as an app has them.
  static func live(_ values: inout DependencyValues) {
    values.uuid = UUIDGenerator { UUID() }
    values.date = DateGenerator { Date() }
    values.withRandomNumberGenerator = WithRandomNumberGenerator(SystemRandomNumberGenerator())
  }

  /// Records `actions` through `Notes()` with live values into a new in-memory log.
  static func record(
    _ actions: [Notes.Action], timeZone: TimeZone? = nil
  ) throws -> (log: ActionLog, state: Notes.State) {
    let log = try ActionLog.inMemory()
    let store = Store<Notes>(initialState: Notes.State(), reducer: Notes().recording(to: log)) {
      live(&$0)
      if let timeZone { $0.timeZone = timeZone }
    }
    for action in actions { store.send(action) }
    let state = store.state
    try log.flush()
    return (log, state)
  }

  @Test func aLiveSessionReplaysExactly() throws {
    let (log, recorded) = try Self.record(
      [.add, .checkFlag, .add, .checkFlag, .checkFlag, .add]
    )
    #expect(Set(recorded.notes.map(\.id)).count == 3)
    let engine = try ReplayEngine(reader: log.reader(), reducer: Notes()) { Self.live(&$0) }
    let result = try engine.run()
    #expect(result.divergence == nil)
    #expect(engine.state == recorded)
  }

  @Test func theReadsAreLoggedWithTheirActionInOrder() throws {
    let (log, recorded) = try Self.record([.add, .checkFlag])
    let reader = try log.reader()
    let note = recorded.notes[0]
    let add = try reader.reads(at: 1)
    #expect(add.map(\.name) == ["uuid", "random", "date"])
    #expect(add[0].value == .string(note.id.uuidString))
    #expect(add[2].value == JSONValue(note.createdAt.timeIntervalSinceReferenceDate))
    #expect(try reader.reads(at: 2) == [
      DependencyRead(name: "featureFlag", value: .bool(recorded.flags[0]))
    ])
    #expect(try reader.reads(at: 0).map(\.name) == ["calendar", "locale", "timeZone"])
  }

  @Test func readingAValueTheRecordingLacksIsADivergenceNamingTheDependency() throws {
    let (log, _) = try Self.record([.add, .add])
    let engine = try ReplayEngine(reader: log.reader(), reducer: Notes(idsPerNote: 2))
    let divergence = try #require(try engine.run().divergence)
    #expect(divergence.index == 1)
    #expect(
      divergence.inputMismatch == "action 1 read `uuid` twice; the recording has one value"
    )
  }

  @Test func readingFewerValuesIsADivergence() throws {
    let (log, _) = try Self.record([.add, .checkFlag])
    let engine = try ReplayEngine(reader: log.reader(), reducer: Notes(asksFlag: false))
    let divergence = try #require(try engine.run().divergence)
    #expect(divergence.index == 2)
    #expect(
      divergence.inputMismatch == "action 2 read `featureFlag` never; the recording has one value"
    )
  }

  @Test func readingInAnotherOrderIsADivergence() throws {
    let (log, _) = try Self.record([.checkFlag, .add])
    let engine = try ReplayEngine(reader: log.reader(), reducer: Notes(dateFirst: true))
    let divergence = try #require(try engine.run().divergence)
    #expect(divergence.index == 2)
    #expect(divergence.inputMismatch == "action 2 read `date` where the recording has `uuid`")
  }

  @Test func replayRunsInTheRecordedTimeZone() throws {
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    let (log, recorded) = try Self.record([.readZone], timeZone: tokyo)
    #expect(recorded.zone == "Asia/Tokyo")
    let engine = try withDependencies {
      $0.timeZone = TimeZone(identifier: "America/Lima")!
    } operation: {
      try ReplayEngine(reader: log.reader(), reducer: Notes())
    }
    #expect(try engine.run().divergence == nil)
    #expect(engine.state.zone == "Asia/Tokyo")
  }

  /// A session recorded before inputs were logged has no `input` rows: it replays with the
  /// replaying process's dependencies, and reads are not checked.
  @Test func aSessionWithoutRecordedInputsReplaysAsBefore() throws {
    let log = try ActionLog.inMemory()
    let store = Store<Notes>(initialState: Notes.State(), reducer: Notes().recording(to: log)) {
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSinceReferenceDate: 0))
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SplitMix64(seed: 1))
    }
    store.send(.add)
    store.send(.add)
    try log.flush()
    try log.database.write { db in try db.execute(sql: "DELETE FROM input") }
    let reader = try log.reader()
    #expect(try !reader.recordsInputs())
    let engine = try ReplayEngine(reader: reader, reducer: Notes()) {
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSinceReferenceDate: 0))
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SplitMix64(seed: 1))
    }
    #expect(try engine.run().divergence == nil)
  }
}
