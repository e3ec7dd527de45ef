import CustomDump
import Foundation
import Testing

@testable import ReducerKitDebug

/// Cached texts must be exactly the texts of the action asked for, whether the action type is
/// `Hashable` (looked up by value) or not (looked up by JSON), and each distinct text is
/// interned once.
@Suite struct ActionTextCacheTests {
  enum Tap: Hashable, Codable {
    case plus
    case set(Int)
    case rename(title: String)
  }

  /// Encodes as `Tap.plus` does, but is labelled by its own type.
  enum Knob: Hashable, Codable {
    case plus
  }

  /// Encodable and Equatable, not Hashable.
  enum Step: Equatable, Codable {
    case forward(Double)
    case stop
  }

  /// Hands out ids like the `action_text` table: one per distinct JSON and label.
  final class Interner {
    var ids: [String: Int64] = [:]
    var calls = 0

    func id(json: String, label: String) -> Int64 {
      calls += 1
      if let id = ids[json + "\u{0}" + label] { return id }
      let id = Int64(ids.count + 1)
      ids[json + "\u{0}" + label] = id
      return id
    }
  }

  @Test func hashableActionsGetTheTextsOfAnEqualAction() throws {
    var cache = ActionTextCache()
    let encoder = JSONFragmentEncoder()
    let interner = Interner()
    let actions: [Tap] = [.plus, .set(1), .plus, .set(2), .set(1), .rename(title: "a\"b"), .plus]
    for _ in 0..<2 {
      for action in actions {
        let text = try cache.text(for: action, using: encoder, intern: interner.id)
        #expect(text.json == (try encoder.string(action)))
        #expect(text.label == String(customDumping: action))
        #expect(text.id == interner.id(json: text.json, label: text.label))
      }
    }
    // Once per distinct action for the cache (the checks above add one call per action).
    #expect(interner.calls == 4 + 2 * actions.count)
  }

  /// Each action type has its own table: an action is never given the texts of an action of
  /// another type, even one with the same JSON.
  @Test func actionsOfEachTypeKeepTheirOwnTexts() throws {
    var cache = ActionTextCache()
    let encoder = JSONFragmentEncoder()
    let interner = Interner()
    let tap = try cache.text(for: Tap.plus, using: encoder, intern: interner.id)
    let knob = try cache.text(for: Knob.plus, using: encoder, intern: interner.id)
    #expect(tap.json == knob.json)
    #expect(tap.label != knob.label)
    #expect(try cache.text(for: Knob.plus, using: encoder, intern: interner.id).id == knob.id)
    #expect(try cache.text(for: Tap.plus, using: encoder, intern: interner.id).id == tap.id)
    #expect(interner.calls == 2)
    // After a rollback every id is forgotten and asked for again.
    cache.removeAll()
    _ = try cache.text(for: Tap.plus, using: encoder, intern: interner.id)
    #expect(interner.calls == 3)
  }

  @Test func otherActionsAreLookedUpByTheirJSON() throws {
    var cache = ActionTextCache()
    let encoder = JSONFragmentEncoder()
    let interner = Interner()
    for action in [Step.forward(1.5), .stop, .forward(2), .forward(1.5), .stop] {
      let text = try cache.text(for: action, using: encoder, intern: interner.id)
      #expect(text.json == (try encoder.string(action)))
      #expect(text.label == String(customDumping: action))
    }
    #expect(interner.calls == 3)
  }

  @Test func theCacheStartsOverWhenFull() throws {
    var cache = ActionTextCache()
    let encoder = JSONFragmentEncoder()
    let interner = Interner()
    for value in 0..<(ActionTextCache.capacity + 10) {
      let text = try cache.text(for: Tap.set(value), using: encoder, intern: interner.id)
      #expect(text.json == #"{"set":{"_0":\#(value)}}"#)
    }
    let text = try cache.text(for: Tap.set(3), using: encoder, intern: interner.id)
    #expect(text.json == #"{"set":{"_0":3}}"#)
    #expect(text.id == 4)
  }
}
