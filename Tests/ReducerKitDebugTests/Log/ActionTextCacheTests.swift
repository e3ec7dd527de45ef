import CustomDump
import Foundation
import Testing

@testable import ReducerKitDebug

/// Cached texts must be exactly the texts of the action asked for, looked up by the action's
/// type and JSON (never by `==`), and each distinct text is interned once.
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

  /// Hands out ids like the `action_text` table: one per distinct JSON and label, compared
  /// by their bytes as SQLite compares them.
  final class Interner {
    var ids: [[UInt8]: Int64] = [:]
    var calls = 0

    func id(json: String, label: String) -> Int64 {
      calls += 1
      let key = Array(json.utf8) + [0] + Array(label.utf8)
      if let id = ids[key] { return id }
      let id = Int64(ids.count + 1)
      ids[key] = id
      return id
    }
  }

  @Test func repeatedActionsGetTheTextsOfTheFirst() throws {
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

  /// `-0.0 == 0.0` and canonically equivalent strings are `==`, but they encode and dump
  /// differently: each gets its own texts, whichever comes first.
  @Test func equalActionsThatEncodeDifferentlyKeepTheirOwnTexts() throws {
    var cache = ActionTextCache()
    let encoder = JSONFragmentEncoder()
    let interner = Interner()
    let actions: [Tap] = [
      .rename(title: "caf\u{E9}"), .rename(title: "cafe\u{301}"), .rename(title: "caf\u{E9}"),
    ]
    #expect(actions[0] == actions[1])
    for action in actions {
      let text = try cache.text(for: action, using: encoder, intern: interner.id)
      #expect(Array(text.json.utf8) == Array(try encoder.string(action).utf8))
      #expect(Array(text.label.utf8) == Array(String(customDumping: action).utf8))
    }
    for action in [Step.forward(0.0), .forward(-0.0), .forward(0.0), .forward(-0.0)] {
      let text = try cache.text(for: action, using: encoder, intern: interner.id)
      #expect(text.json == (try encoder.string(action)))
      #expect(text.label == String(customDumping: action))
    }
    #expect(
      try cache.text(for: Step.forward(-0.0), using: encoder, intern: interner.id).label
        == "ActionTextCacheTests.Step.forward(-0.0)"
    )
    #expect(interner.calls == 4)
  }

  @Test func actionsThatAreNotHashableAreLookedUpByTheirJSON() throws {
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
