import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitSamples
import Testing

@testable import RKDebugCLI

/// ``PredicateScan`` against a brute-force check of every state, each rebuilt on its own by
/// ``SessionReader/stateJSON(at:)`` from the nearest snapshot.
@Suite(.serialized) struct PredicateScanTests {
  /// 300 seeded random Shelf actions with a snapshot every 7 actions, so the brute force
  /// rebuilds states from snapshots forwards and backwards, unlike the scan.
  @MainActor
  static func randomShelfLog() async throws -> RecordedLog {
    var generator = SplitMix64(seed: 20)
    var actions: [Shelf.Action] = []
    var books = 0
    for _ in 0..<300 {
      switch generator.next() % 7 {
      case 0: actions.append(.increment)
      case 1: actions.append(.setNote(generator.next() % 2 == 0 ? "hello" : nil))
      case 2:
        actions.append(.addBook("Book \(generator.next() % 100)"))
        books += 1
      case 3 where books > 0:
        actions.append(.removeBook(0))
        books -= 1
      case 4 where books > 0: actions.append(.toggleRead(0))
      case 5: actions.append(.setDark(generator.next() % 2 == 0))
      default: actions.append(.increment)
      }
    }
    return try await RecordedLog.make { log in
      try await log.record(
        Shelf(), initialState: Shelf.State(), actions: actions, snapshotInterval: 7)
    }
  }

  /// The ranges where `predicate` holds, from every state rebuilt on its own.
  static func bruteForceRanges(
    of predicate: RKDebugCLI.Predicate, in reader: SessionReader
  ) throws -> [ClosedRange<Int>] {
    var ranges: [ClosedRange<Int>] = []
    var start: Int?
    for index in 0...reader.actionCount {
      let holds = try predicate.evaluate(in: reader.stateJSON(at: index))
      if holds, start == nil { start = index }
      if !holds, let first = start {
        ranges.append(first...(index - 1))
        start = nil
      }
    }
    if let start { ranges.append(start...reader.actionCount) }
    return ranges
  }

  static func scannedRanges(
    of predicate: RKDebugCLI.Predicate, in reader: SessionReader
  ) throws -> [ClosedRange<Int>] {
    var ranges: [ClosedRange<Int>] = []
    try PredicateScan(predicate: predicate, reader: reader).forEachRange {
      ranges.append($0)
      return true
    }
    return ranges
  }

  @Test(arguments: [
    "books.count == 1", "note != nil", "settings.isDark && count > 2",
    "books[0].isRead", "!(books.count > 1) || note == 'hello'",
  ])
  func agreesWithEveryStateRebuilt(_ text: String) async throws {
    let predicate = try RKDebugCLI.Predicate(parsing: text)
    let log = try await Self.randomShelfLog()
    let reader = try ActionLog.readOnly(path: log.path).reader()
    #expect(reader.actionCount == 300)
    let expected = try Self.bruteForceRanges(of: predicate, in: reader)
    // Several disjoint ranges, or the comparison proves little.
    #expect(expected.count >= 3, "\(text): \(expected)")
    #expect(try Self.scannedRanges(of: predicate, in: reader) == expected, "\(text)")
    let scan = PredicateScan(predicate: predicate, reader: reader)
    #expect(try scan.firstIndex() == expected.first?.lowerBound)
    #expect(try scan.lastIndex() == expected.last?.upperBound)
  }

  @Test func stopsWhenAskedAndReportsEachRangeAsItEnds() async throws {
    let log = try await Self.randomShelfLog()
    let reader = try ActionLog.readOnly(path: log.path).reader()
    let predicate = try RKDebugCLI.Predicate(parsing: "note != nil")
    let expected = try Self.bruteForceRanges(of: predicate, in: reader)
    try #require(expected.count >= 2)
    var seen: [ClosedRange<Int>] = []
    let evaluated = try PredicateScan(predicate: predicate, reader: reader).forEachRange {
      seen.append($0)
      return false
    }
    #expect(seen == [expected[0]])
    // The first range is reported at the first index after it, not at the end of the session.
    #expect(evaluated == expected[0].upperBound + 2)
    let first = try PredicateScan(predicate: predicate, reader: reader).forEachIndex { _, holds in
      !holds
    }
    #expect(first == expected[0].lowerBound + 1)
  }

  @Test func neverAndAlways() async throws {
    let log = try await Self.randomShelfLog()
    let reader = try ActionLog.readOnly(path: log.path).reader()
    let never = PredicateScan(
      predicate: try RKDebugCLI.Predicate(parsing: "count < 0"), reader: reader)
    #expect(try Self.scannedRanges(of: never.predicate, in: reader) == [])
    #expect(try never.firstIndex() == nil)
    #expect(try never.lastIndex() == nil)
    let always = try RKDebugCLI.Predicate(parsing: "count >= 0")
    #expect(try Self.scannedRanges(of: always, in: reader) == [0...300])
  }

  @Test func endpointScanExplainsWhatBisectCannotSearch() async throws {
    let log = try await Self.randomShelfLog()
    let reader = try ActionLog.readOnly(path: log.path).reader()
    for text in ["note != nil", "note == nil", "books.count >= 2", "count < 0", "count >= 0"] {
      let predicate = try RKDebugCLI.Predicate(parsing: text)
      let ranges = try Self.bruteForceRanges(of: predicate, in: reader)
      let (finding, _) = try EndpointScan.run(PredicateScan(predicate: predicate, reader: reader))
      let expected: EndpointScan
      switch (ranges.first, ranges.dropFirst().first) {
      case (nil, _): expected = .never
      case (let first?, nil) where first.lowerBound == 0:
        expected = .holdsFromStart(stops: first.upperBound == 300 ? nil : first.upperBound + 1)
      case (let first?, let second?) where first.lowerBound == 0:
        expected = .holdsAgain(at: second.lowerBound, stops: first.upperBound + 1)
      case (let first?, _): expected = .firstHolds(at: first.lowerBound)
      }
      #expect(finding == expected, "\(text)")
    }
  }

  /// A random session of a sample, as `rkdebug record --random` sends it.
  @MainActor
  static func sampleLog(_ feature: String, seed: UInt64) async throws -> RecordedLog {
    try await RecordedLog.make { log in
      switch feature {
      case Todos.name:
        try await log.recordRandom(
          Todos(), actionsOf: Todos.self, initialState: Todos.State(), count: 400, seed: seed,
          pace: .seconds(1), feature: feature)
      case AppFeature.name:
        try await log.recordRandom(
          AppFeature(), actionsOf: AppFeature.self, initialState: AppFeature.State(),
          count: 400, seed: seed, pace: .seconds(1), feature: feature)
      case Library.name:
        try await log.recordRandom(
          Library(), actionsOf: Library.self, initialState: Library.State(), count: 400,
          seed: seed, pace: .seconds(2), feature: feature)
      default:
        try await log.recordRandom(
          Playlist(), actionsOf: Playlist.self, initialState: Playlist.State(), count: 400,
          seed: seed, pace: .seconds(1), feature: feature)
      }
    }
  }

  /// A scan that reads only the operations that may change what its predicate reads gives
  /// the answers of every state rebuilt whole: on rows that move, enum cases, optional
  /// screens, a navigation stack and shared values.
  @Test(arguments: [
    (Todos.name, [
      "todos.count > 5", "todos[0].isComplete", "filter == 'completed'",
      "todos[1].title contains 'a' || todos[2].isComplete", "todos.count", "filter",
    ]),
    (AppFeature.name, [
      "counter.count > 5", "search.isSearching", "tab.todos.filter == 'active'",
      "tab.todos._0.todos[0].isComplete", "tab == 'counter' || search != nil", "tab.count",
    ]),
    (Library.name, [
      "books.count > 3", "addBook.book.isFavorite", "books[0].isFavorite", "path.count > 1",
      "path[0] != nil && books.count < 5", "addBook != nil",
    ]),
    (Playlist.name, [
      "songs.count > 2", "songs[0].isFavorite", "player.isPlaying", "player.song.isFavorite",
    ]),
  ])
  func readsOnlyWhatThePredicateReads(feature: String, predicates: [String]) async throws {
    for seed: UInt64 in [3, 4] {
      let log = try await Self.sampleLog(feature, seed: seed)
      let reader = try ActionLog.readOnly(path: log.path).reader()
      #expect(reader.actionCount >= 400)
      var changing = 0
      for text in predicates {
        let predicate = try RKDebugCLI.Predicate(parsing: text)
        let expected = try Self.bruteForceRanges(of: predicate, in: reader)
        if expected.count > 1 { changing += 1 }
        #expect(
          try Self.scannedRanges(of: predicate, in: reader) == expected,
          "\(feature) seed \(seed): \(text)")
      }
      // Most predicates change their answer in the session, or the comparison proves little.
      #expect(changing * 2 > predicates.count, "\(feature) seed \(seed)")
    }
  }

  /// A member added to the root changes what a path reads: beside an enum's single case, `e`
  /// is no longer the case's payload. A scan keeps such operations, and rebuilds the state for
  /// a value moved in from a place it did not follow.
  @Test func keepsMembersAddedToTheRoot() throws {
    let patches = [
      #"[{"op":"add","path":"/other","value":0}]"#,
      #"[{"op":"remove","path":"/other","old":0}]"#,
      #"[{"op":"replace","path":"/e/_0/n","value":2,"old":1}]"#,
      #"[{"op":"add","path":"/z","value":{"a":[1]}},{"op":"add","path":"/z/a/-","value":2}]"#,
      #"[{"op":"move","from":"/z/a","path":"/e/_0/moved"}]"#,
    ]
    let session = try PatchedSession(initialState: #"{"e":{"_0":{"n":1}}}"#, patches: patches)
    let reader = session.reader
    for (predicate, ranges) in [
      ("e.n == 1", [0...0, 2...2]), ("count == 1", [0...0, 2...3]),
      ("e._0.moved.count == 2", [5...5]),
    ] {
      let predicate = try RKDebugCLI.Predicate(parsing: predicate)
      #expect(try Self.bruteForceRanges(of: predicate, in: reader) == ranges, "\(predicate)")
      #expect(try Self.scannedRanges(of: predicate, in: reader) == ranges, "\(predicate)")
    }
  }
}
