import CasePaths
import IdentifiedCollections
import ReducerKit
import ReducerKitSamples
import ReducerKitTestSupport
import Testing

@testable import ReducerKitDebug

/// The differ finds the same patch of a sample's action with the `forEach` journal, looking
/// only at the rows it names, as without it, comparing every row.
@Suite struct DiffAgreementTests {
  /// The compact patch text of one action, diffed both ways.
  struct Patches: Equatable {
    var journaled: String
    var compared: String
  }

  func patches<R: RandomActionGenerating>(
    of reducer: R, from initial: R.State, after setUp: [R.Action] = [], actions count: Int,
    seed: UInt64
  ) throws -> [Patches] where R.State: ObservableStateProtocol {
    var state = initial
    var rng = SplitMix64(seed: seed)
    let encoder = JSONFragmentEncoder()
    var patches: [Patches] = []
    let reducer = reducer.testDependencies().dependency(\.stackElementID, .incrementing())
    for action in setUp { _ = reducer.reduce(into: &state, action: action) }
    for _ in 0..<count {
      let action = R.randomAction(for: state, using: &rng)
      let old = state
      let journal = ElementChangeJournal()
      // Effects are not run: their responses are never made up, and the diff does not need them.
      _ = ElementChangeJournal.withCurrent(journal) {
        reducer.reduce(into: &state, action: action)
      }
      patches.append(
        Patches(
          journaled: try StateDiffer.changes(from: old, to: state, journal: journal)
            .compactJSON(using: encoder),
          compared: try StateDiffer.changes(from: old, to: state).compactJSON(using: encoder)
        )
      )
    }
    return patches
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func todosPatchesAgree(seed: UInt64) throws {
    let patches = try patches(
      of: Todos(), from: Todos.State(), actions: 300, seed: seed
    )
    for (index, patch) in patches.enumerated() {
      #expect(patch.journaled == patch.compared, "action \(index + 1)")
    }
    // The actions changed rows, so the comparison covered the journaled rows.
    #expect(patches.contains { $0.journaled.contains("\"/todos/") })
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func appPatchesAgree(seed: UInt64) throws {
    let patches = try patches(
      of: AppFeature(), from: AppFeature.State(), actions: 300,
      seed: seed
    )
    for (index, patch) in patches.enumerated() {
      #expect(patch.journaled == patch.compared, "action \(index + 1)")
    }
    #expect(patches.contains { $0.journaled.contains("\"/counter/count\"") })
  }

  @Test func libraryPatchesAgree() throws {
    var all: [Patches] = []
    for seed in [1, 2, 3] as [UInt64] {
      let patches = try patches(
        of: Library(), from: Library.State(), after: Book.shelf.map { .bookTapped($0.id) },
        actions: 300, seed: seed
      )
      for (index, patch) in patches.enumerated() {
        #expect(patch.journaled == patch.compared, "seed \(seed), action \(index + 1)")
      }
      all += patches
    }
    // Pushes, pops and screens' own changes were among them, above the bottom screen too.
    #expect(all.contains { $0.journaled.contains(#"["+","/path/"#) })
    #expect(all.contains { $0.journaled.contains(#"["-","/path/"#) })
    #expect(all.contains { $0.journaled.contains(/"\/path\/[1-9][0-9]*\/element\//) })
  }

  /// Rows that are `Equatable` but not observable states, which `forEach` runs on too.
  struct Board: Reducer {
    @ObservableState
    struct State: Equatable, Codable, Sendable {
      var cards: IdentifiedArrayOf<Card> = []
    }

    struct Card: Equatable, Codable, Sendable, Identifiable {
      var id: Int
      var title: String
      var votes = 0
    }

    @CasePathable
    enum Action: Equatable, Codable, Sendable {
      case cards(IdentifiedAction<Int, CardAction>)
      case retitleAll
    }

    enum CardAction: Equatable, Codable, Sendable {
      case vote
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .retitleAll = action {
          for id in state.cards.ids { state.cards[id: id]!.title += "!" }
        }
        return .none
      }
      .forEach(\.cards, action: \.cards) {
        Reduce<Card, CardAction> { card, _ in
          card.votes += 1
          return .none
        }
      }
    }
  }

  @Test func plainRowsAreDiffedWhereTheJournalSays() throws {
    var state = Board.State(
      cards: IdentifiedArray(
        uniqueElements: (1...50).map { Board.Card(id: $0, title: "C\($0)") }
      )
    )
    let encoder = JSONFragmentEncoder()
    let actions: [Board.Action] = [
      .cards(.element(id: 7, action: .vote)), .retitleAll, .cards(.element(id: 50, action: .vote)),
    ]
    var patches: [String] = []
    var vouched: [[Int]?] = []
    for action in actions {
      let old = state
      let journal = ElementChangeJournal()
      _ = ElementChangeJournal.withCurrent(journal) {
        Board().reduce(into: &state, action: action)
      }
      let journaled = try StateDiffer.changes(from: old, to: state, journal: journal)
        .compactJSON(using: encoder)
      let compared = try StateDiffer.changes(from: old, to: state).compactJSON(using: encoder)
      #expect(journaled == compared)
      patches.append(journaled)
      vouched.append(journal.changedIDs(from: old.cards, to: state.cards))
    }
    // A row that is not an observable state is replaced whole, at its index.
    #expect(
      patches[0]
        == #"[["=","/cards/6",{"id":7,"title":"C7","votes":1},"#
        + #"{"id":7,"title":"C7","votes":0}]]"#
    )
    #expect(patches[2].hasPrefix(#"[["=","/cards/49",{"id":50,"title":"C50!","votes":1}"#))
    // The journal vouched for the row actions, not for the parent's loop over every row.
    #expect(vouched == [[7], nil, [50]])
  }
}
