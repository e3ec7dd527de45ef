import ReducerKit
import ReducerKitSamples

@testable import ReducerKitDebug

/// Random JSON trees and random changes to them.
enum JSONTestTrees {
  static let keys = ["a", "b", "id", "title", "~", "/", "a/b~c", "", "-", "0", "é", "😀"]
  static let strings = ["", "x", "Todo 1", "quote \" back\\slash", "line\nbreak", "é😀", "\u{1}"]
  static let numbers = ["0", "-1", "42", "3.25", "1e+20", "-0.5", "123456789012345678901234"]

  static func scalar(using random: inout SplitMix64) -> JSONValue {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2: return .number(numbers.randomElement(using: &random)!)
    default: return .string(strings.randomElement(using: &random)!)
    }
  }

  static func value(depth: Int, using random: inout SplitMix64) -> JSONValue {
    guard depth > 0, Int.random(in: 0..<3, using: &random) > 0 else {
      return scalar(using: &random)
    }
    let count = Int.random(in: 0...5, using: &random)
    if Bool.random(using: &random) {
      return .array((0..<count).map { _ in value(depth: depth - 1, using: &random) })
    }
    var members: [String: JSONValue] = [:]
    for _ in 0..<count {
      members[keys.randomElement(using: &random)!] = value(depth: depth - 1, using: &random)
    }
    return .object(members)
  }

  /// Changes `value` somewhere: replaces a node, or adds, removes or reorders children.
  static func mutate(_ value: inout JSONValue, using random: inout SplitMix64) {
    switch value {
    case var .array(elements):
      if !elements.isEmpty, Int.random(in: 0..<3, using: &random) == 0 {
        mutate(&elements[Int.random(in: elements.indices, using: &random)], using: &random)
      } else {
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
          let index = Int.random(in: 0...elements.count, using: &random)
          elements.insert(Self.value(depth: 2, using: &random), at: index)
        case 1 where !elements.isEmpty:
          let start = Int.random(in: elements.indices, using: &random)
          let end = Int.random(in: start...elements.count, using: &random)
          elements.removeSubrange(start..<end)
        case 2:
          elements.shuffle(using: &random)
        case 3:
          for _ in 0..<Int.random(in: 1...4, using: &random) {
            let index = Int.random(in: 0...elements.count, using: &random)
            elements.insert(scalar(using: &random), at: index)
          }
        default:
          value = Self.value(depth: 2, using: &random)
          return
        }
      }
      value = .array(elements)
    case var .object(members):
      if let key = members.keys.sorted().randomElement(using: &random),
        Int.random(in: 0..<3, using: &random) == 0
      {
        mutate(&members[key]!, using: &random)
      } else {
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
          members[keys.randomElement(using: &random)!] = Self.value(depth: 2, using: &random)
        case 1:
          if let key = members.keys.sorted().randomElement(using: &random) {
            members[key] = nil
          }
        default:
          value = Self.value(depth: 2, using: &random)
          return
        }
      }
      value = .object(members)
    case .null, .bool, .number, .string:
      value = Self.value(depth: 2, using: &random)
    }
  }
}
