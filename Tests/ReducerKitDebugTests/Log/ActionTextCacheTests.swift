import CustomDump
import Foundation
import Testing

@testable import ReducerKitDebug

/// Cached texts must be exactly the texts of the action asked for, whether the action type is
/// `Hashable` (looked up by value) or not (label looked up by JSON).
@Suite struct ActionTextCacheTests {
  enum Tap: Hashable, Codable {
    case plus
    case set(Int)
    case rename(title: String)
  }

  /// Encodable and Equatable, not Hashable.
  enum Step: Equatable, Codable {
    case forward(Double)
    case stop
  }

  @Test func hashableActionsGetTheTextsOfAnEqualAction() throws {
    var cache = ActionTextCache()
    let encoder = JSONFragmentEncoder()
    let actions: [Tap] = [.plus, .set(1), .plus, .set(2), .set(1), .rename(title: "a\"b"), .plus]
    for _ in 0..<2 {
      for action in actions {
        let texts = try cache.texts(for: action, using: encoder)
        #expect(texts.json == (try encoder.string(action)))
        #expect(texts.label == String(customDumping: action))
      }
    }
  }

  @Test func otherActionsAreLabelledByTheirJSON() throws {
    var cache = ActionTextCache()
    let encoder = JSONFragmentEncoder()
    for action in [Step.forward(1.5), .stop, .forward(2), .forward(1.5), .stop] {
      let texts = try cache.texts(for: action, using: encoder)
      #expect(texts.json == (try encoder.string(action)))
      #expect(texts.label == String(customDumping: action))
    }
  }

  @Test func theCacheStartsOverWhenFull() throws {
    var cache = ActionTextCache()
    let encoder = JSONFragmentEncoder()
    for value in 0..<(ActionTextCache.capacity + 10) {
      #expect(try cache.texts(for: Tap.set(value), using: encoder).json == #"{"set":{"_0":\#(value)}}"#)
    }
    #expect(try cache.texts(for: Tap.set(3), using: encoder).json == #"{"set":{"_0":3}}"#)
  }
}
