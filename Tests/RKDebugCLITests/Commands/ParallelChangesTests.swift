import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitSamples
import Testing

@testable import RKDebugCLI

/// `changes` renders each chunk on several threads: the text is the same as one thread's,
/// byte for byte, and still the live `_printChanges()` text.
@Suite(.serialized) struct ParallelChangesTests {
  /// The text `ChangesCommand` writes for the whole session with `workers` threads, with
  /// Todos and Counter registered as the shipped `rkdebug` registers them.
  static func changes(_ log: RecordedLog, workers: Int, chunkSize: Int = 4096) throws -> String {
    let registered = FeatureRegistry.features
    FeatureRegistry.features = [
      .feature(Todos.name, summary: "", reducer: { Todos() }, initialState: { .init() }),
      .feature(Counter.name, summary: "", reducer: { Counter() }, initialState: { .init() }),
    ]
    defer { FeatureRegistry.features = registered }
    return try StreamingReadsTests.output(log) { reader, sink in
      try ChangesCommand.parse([]).write(
        reader, range: 1...reader.actionCount, to: &sink, terminal: .plain,
        chunkSize: chunkSize, workers: workers)
    }.text
  }

  @Test func manyThreadsPrintTheLiveText() async throws {
    let ids = (0..<40).map { UUID($0) }
    let actions: [Todos.Action] =
      Array(repeating: .addTodoButtonTapped, count: ids.count)
      + ids.map { .todos(.element(id: $0, action: .titleChanged("Todo \($0.uuidString.prefix(4))"))) }
      + ids.enumerated().filter { $0.offset % 3 == 0 }
      .map { .todos(.element(id: $0.element, action: .checkBoxToggled)) }
      + ids.map { .todos(.element(id: $0, action: .titleChanged("Renamed"))) }
      + [.filterPicked(.active), .move([0], 5), .filterPicked(.all), .clearCompletedButtonTapped]
    let printed = PrintedChanges()
    let log = try await RecordedLog.make { log in
      try await log.record(
        Todos().testDependencies()._printChanges(printed.printer()),
        initialState: Todos.State(), actions: actions, feature: Todos.name)
    }
    let threaded = try Self.changes(log, workers: 3)
    #expect(threaded.components(separatedBy: "received action:").count - 1 > 2 * 64)
    #expect(threaded == printed.output)
    #expect(try Self.changes(log, workers: 1) == threaded)
  }

  /// A session recorded under `counter` whose `fact` became a number at action 201: from there
  /// its states no longer decode as `Counter.State`, and the rest is printed from the JSON.
  @Test func aStateThatStopsDecodingSwitchesToTheJSONWhereOneThreadWould() async throws {
    let log = try await RecordedLog.make { log in
      try await log.record(
        NumericFactCounter(), initialState: NumericFactCounter.State(),
        actions: Array(repeating: .increment, count: 200) + [.learnFact]
          + Array(repeating: .increment, count: 99),
        feature: Counter.name)
    }
    let oneThread = try Self.changes(log, workers: 1)
    let oneByOne = try Self.changes(log, workers: 3, chunkSize: 16)
    let threaded = try Self.changes(log, workers: 3)
    // Typed, Optionals print as `nil`; from the JSON, a `nil` the encoder left out does not.
    let texts = oneThread.components(separatedBy: "received action:").dropFirst()
    #expect(texts.count == 300)
    #expect(texts.prefix(200).allSatisfy { $0.contains("factError: nil") })
    #expect(texts.dropFirst(200).allSatisfy { !$0.contains("factError: nil") })
    #expect(threaded == oneThread)
    #expect(oneByOne == oneThread)
  }
}

/// The counter's state with a `fact` that is a number: it decodes as `Counter.State` while the
/// fact is `nil`.
struct NumericFactCounter: Reducer {
  @ObservableState
  struct State: Equatable, Codable {
    var count = 0
    var fact: Int?
    var factError: String?
    var isLoadingFact = false
    var pendingIncrements = 0
  }

  enum Action: Equatable, Codable, Sendable {
    case increment
    case learnFact
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .learnFact: state.fact = state.count
    }
    return .none
  }
}
