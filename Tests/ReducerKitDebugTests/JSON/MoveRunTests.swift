import Foundation
import ReducerKit
import Testing

@testable import ReducerKitDebug

/// A run of `move`s within one array is applied (and undone) at once, with the result, the
/// failure and the all-or-nothing rollback of applying its operations one by one.
@Suite struct MoveRunTests {
  /// A document whose array `/a/list` (or the root array) holds `count` numbers.
  func document(count: Int, atRoot: Bool) -> JSONValue {
    let list = JSONValue.array((0..<count).map { JSONValue($0) })
    return atRoot ? list : .object(["a": .object(["list": list]), "b": .array([JSONValue(1)])])
  }

  /// Random moves in the list, some whose indices are out of range, `-` or malformed, some in
  /// another array, and other kinds of operations between runs.
  func operations(count: Int, atRoot: Bool, using rng: inout SplitMix64) -> [JSONPatchOperation] {
    let prefix = atRoot ? [String]() : ["a", "list"]
    func pointer(_ token: String) -> JSONPointer { JSONPointer(tokens: prefix + [token]) }
    func index(invalid: Bool) -> String {
      guard invalid else { return String(Int.random(in: 0..<max(count, 1), using: &rng)) }
      return ["-", "01", "x", String(count + 3)].randomElement(using: &rng)!
    }
    return (0..<Int.random(in: 1...60, using: &rng)).map { _ in
      switch Int.random(in: 0..<100, using: &rng) {
      case 0..<85:
        return .move(
          from: pointer(index(invalid: Int.random(in: 0..<60, using: &rng) == 0)),
          to: pointer(index(invalid: Int.random(in: 0..<30, using: &rng) == 0)))
      case 85..<90 where !atRoot:
        return .move(from: JSONPointer(tokens: ["b", "0"]), to: JSONPointer(tokens: ["b", "0"]))
      case 90..<95:
        return .replace(pointer("0"), value: .string("r"))
      default:
        return .add(pointer("-"), value: .string("n"))
      }
    }
  }

  @Test(arguments: 0..<300)
  func aRunOfMovesAppliesAsItsOperationsDoOneByOne(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let atRoot = seed % 3 == 0
    let count = Int.random(in: 0...(seed % 10 == 0 ? 400 : 12), using: &rng)
    let original = document(count: count, atRoot: atRoot)
    let patch = operations(count: count, atRoot: atRoot, using: &rng)

    var oneByOne = original
    var failure: Int?
    for (position, operation) in patch.enumerated() {
      do {
        try oneByOne.apply(operation)
      } catch {
        failure = position
        break
      }
    }
    var whole = original
    do {
      try whole.apply(patch)
      #expect(failure == nil)
      #expect(whole == oneByOne)
    } catch {
      #expect(error.operationIndex == failure)
      #expect(whole == original, "a failed patch changes nothing")
    }
    // Walking back, where runs are undone at once too (a `replace` here has no old value).
    let undoable = patch.filter { $0.op != .replace }
    var forward = original
    guard (try? forward.apply(undoable)) != nil else { return }
    var back = forward
    #expect(throws: Never.self) { try back.unapply(undoable) }
    #expect(back == original)
  }
}
