import Foundation
import ReducerKitDebug
import Testing

@testable import RKDebugCLI

/// `log --tree` prints a part of the tree as soon as no action read later hangs under it, and
/// holds a bounded number of actions when one effect keeps emitting.
@Suite struct CausalWindowTests {
  /// An action at `index`, sent, or emitted by effect 1 of action `parent`.
  static func action(_ index: Int, parent: Int? = nil) throws -> LoggedAction {
    let source = parent.map { "{\"effect\":{\"effectID\":1,\"parentIndex\":\($0)}}" }
    let json = """
      {"index":\(index),"json":"{}","label":"A","source":\(source ?? "{\"send\":{}}"),\
      "time":0,"durationNanos":0,"patch":[]}
      """
    return try JSONDecoder().decode(LoggedAction.self, from: Data(json.utf8))
  }

  @Test func aPartEndsWhereNoLaterActionHangsUnderIt() throws {
    var window = CausalWindow(lookahead: 2)
    #expect(window.add([try Self.action(1), try Self.action(2, parent: 1)]).isEmpty)
    // 3 and 4 were sent: 1 and 2 are a whole tree, and two actions were read past them.
    #expect(window.add([try Self.action(3), try Self.action(4)]).map(\.index) == [1, 2])
    // 6 hangs under 3: the cut cannot come between them.
    #expect(window.add([try Self.action(5), try Self.action(6, parent: 3)]).isEmpty)
    #expect(window.add([try Self.action(7), try Self.action(8)]).map(\.index) == [3, 4, 5, 6])
    #expect(window.finish().map(\.index) == [7, 8])
  }

  @Test func anEffectThatKeepsEmittingDoesNotHoldTheWholeSession() throws {
    var window = CausalWindow(lookahead: 2)
    var handedOut: [Int] = []
    var read = 1
    handedOut += window.add([try Self.action(1)]).map(\.index)
    // Every later action comes from action 1's effect: no clean cut ever comes.
    for index in stride(from: 2, through: 100, by: 2) {
      handedOut += window.add([
        try Self.action(index, parent: 1), try Self.action(index + 1, parent: 1),
      ]).map(\.index)
      read = index + 1
      #expect(read - handedOut.count <= window.limit + 2)
    }
    handedOut += window.finish().map(\.index)
    #expect(handedOut == Array(1...101))
  }
}
