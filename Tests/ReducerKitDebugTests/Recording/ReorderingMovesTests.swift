import Foundation
import ReducerKit
import ReducerKitSamples
import Testing

@testable import ReducerKitDebug

/// A reordered collection is recorded as the fewest `move`s, found without a search per move.
@MainActor
@Suite struct ReorderingMovesTests {
  /// The length of a longest strictly increasing run, the slow way.
  func longestRunLength(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for end in values.indices {
      for start in 0..<end where values[start] < values[end] {
        best[end] = max(best[end], best[start] + 1)
      }
    }
    return best.max() ?? 0
  }

  /// Applies `moves` as RFC 6902 does: remove at `from`, then insert at `to`.
  func applying(_ moves: [(from: Int, to: Int)], to elements: [Int]) -> [Int] {
    var elements = elements
    for move in moves { elements.insert(elements.remove(at: move.from), at: move.to) }
    return elements
  }

  @Test(arguments: 0..<200)
  func movesPutEveryPermutationInOrder(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let count = Int.random(in: seed < 150 ? 0...12 : 13...300, using: &rng)
    var sources = Array(0..<count)
    switch seed % 4 {
    case 0: sources.shuffle(using: &rng)
    case 1: sources.reverse()
    case 2:  // a few elements out of place
      for _ in 0..<min(3, count) {
        let first = Int.random(in: 0..<count, using: &rng)
        sources.swapAt(first, Int.random(in: 0..<count, using: &rng))
      }
    default:  // completed rows sorted to the bottom
      let complete = sources.filter { _ in Bool.random(using: &rng) }
      sources = sources.filter { !complete.contains($0) } + complete
    }
    let reordering = ReorderingMoves(sources: sources)
    let kept = sources.indices.filter { reordering.kept[$0] }.map { sources[$0] }
    #expect(kept == kept.sorted())
    #expect(kept.count == longestRunLength(sources))
    let moves = reordering.moves()
    // Every element outside the run moves once: no move is from a place to itself.
    #expect(moves.count == count - kept.count)
    #expect(moves.allSatisfy { $0.from != $0.to })
    // The elements, named by their old positions, end in the new order.
    #expect(applying(moves, to: Array(0..<count)) == sources)
  }

  @Test func aLongListSortedInHalvesMovesHalfItsRows() {
    let count = 20_000
    let sources =
      Array(stride(from: 1, to: count, by: 2)) + Array(stride(from: 0, to: count, by: 2))
    let moves = ReorderingMoves(sources: sources).moves()
    #expect(moves.count == count / 2)
    #expect(applying(moves, to: Array(0..<count)) == sources)
  }

  /// A sort of 3,000 rows is recorded as moves (a search per move made it one whole `replace`
  /// of old and new rows), and the log gives back the sorted state.
  @Test func aRecordedSortOfManyRowsIsMoves() throws {
    var rng = SplitMix64(seed: 7)
    var state = Playlist.State()
    for id in (0..<3_000).shuffled(using: &rng) {
      state.songs.append(Song.State(id: id, name: String(format: "Song %05d", id)))
    }
    let log = try ActionLog.inMemory()
    let store = Store<Playlist>(initialState: state, reducer: Playlist().recording(to: log))
    store.send(.sortSongs)
    try log.close()
    let reader = try log.reader()
    let patch = try #require(reader.actions().last).patch
    #expect(patch.count > 2_800)
    #expect(patch.allSatisfy { $0.op == .move })
    #expect(try reader.state(Playlist.State.self, at: 1) == store.state)
    #expect(store.state.songs.ids.elements == Array(0..<3_000))
  }
}
