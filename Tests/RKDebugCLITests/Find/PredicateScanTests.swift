import Foundation
import ReducerKit
import ReducerKitDebug
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
}
