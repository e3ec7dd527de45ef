import ReducerKit
import ReducerKitDebug
import Testing

@testable import RKDebugCLI

/// ``PathHistory`` and ``PredicateScan``, which keep a state up to date only where their paths
/// read (``PathFocus``), against every state rebuilt whole, on random states changed by random
/// operations of every kind: names that are `_0`, `count` or digits, arrays beside objects.
@Suite struct RandomFocusTests {
  /// The member names drawn: few, so that paths meet them; far apart, so that none reads as a
  /// misspelling of another.
  static let names = ["alpha", "count", "_0", "0", "zebra"]

  /// Paths over those names, with indices.
  static let paths = [
    "alpha", "alpha.zebra", "alpha._0", "alpha._0.zebra", "alpha.count", "count",
    "count.alpha", #"alpha["0"]"#, #"alpha["0"].zebra"#, "alpha[0]", "alpha[1].zebra",
    "zebra.count", "_0.alpha", "zebra[0].count", "alpha.zebra._0.count",
  ]

  /// Seeds 0–99, and seeds whose sessions hold a `move` that overwrites a member (one that
  /// removing `from` shifted into its place).
  @Test(arguments: Array(0..<100) + [112, 854, 1627])
  func focusedWalksAgreeWithWholeStates(seed: Int) throws {
    var generator = SplitMix64(seed: UInt64(seed))
    var state = JSONValue.object([
      "alpha": Self.value(&generator, depth: 3), "zebra": Self.value(&generator, depth: 2),
    ])
    let initialState = state
    var patches: [String] = []
    for _ in 0..<1000 where patches.count < 40 {
      let operation = Self.operation(&generator, on: state)
      do {
        try state.apply(operation)
      } catch {
        continue
      }
      patches.append("[\(operation.jsonValue.serialized())]")
    }
    #expect(patches.count == 40)
    let session = try PatchedSession(
      initialState: initialState.serialized(), patches: patches)
    let states = try session.states()
    #expect(states.last == state)
    for text in Self.paths {
      let path = try ValuePath(parsing: text)
      try expectHistoryAgrees(path, states: states, session: session, seed: seed)
    }
    for (first, second) in zip(Self.paths, Self.paths.shuffled(using: &generator)) {
      let predicate = try RKDebugCLI.Predicate(parsing: "\(first) == \(second)")
      try expectScanAgrees(predicate, states: states, session: session, seed: seed)
    }
  }

  /// The changes `history` lists up to the first state where the path throws, and that it
  /// throws there.
  private func expectHistoryAgrees(
    _ path: ValuePath, states: [JSONValue], session: PatchedSession, seed: Int
  ) throws {
    var expected: [Int] = []
    var throwsAt: Int?
    var previous: JSONValue?
    for (index, state) in states.enumerated() {
      let value: JSONValue?
      do {
        value = try path.evaluate(in: state)
      } catch {
        throwsAt = index
        break
      }
      if index > 0, !PathHistory.areEqual(previous, value) { expected.append(index) }
      previous = value
    }
    var listed: [Int] = []
    var threw = false
    do {
      try PathHistory(path: path, reader: session.reader).forEachChange {
        listed.append($0.action.index)
      }
    } catch {
      threw = true
    }
    #expect(listed == expected, "seed \(seed): \(path)")
    // With no change, a name that no state has is refused too.
    #expect(threw == (throwsAt != nil) || (threw && expected.isEmpty), "seed \(seed): \(path)")
  }

  /// Whether the predicate holds at each index, up to the first state where it throws.
  private func expectScanAgrees(
    _ predicate: RKDebugCLI.Predicate, states: [JSONValue], session: PatchedSession, seed: Int
  ) throws {
    var expected: [Bool] = []
    for state in states {
      guard let holds = try? predicate.evaluate(in: state) else { break }
      expected.append(holds)
    }
    var scanned: [Bool] = []
    do {
      try PredicateScan(predicate: predicate, reader: session.reader).forEachIndex { _, holds in
        scanned.append(holds)
        return true
      }
    } catch is PathEvaluationError {
    }
    #expect(scanned == expected, "seed \(seed): \(predicate)")
  }

  /// A random value: a scalar, or an array or object of up to three values.
  static func value(_ generator: inout SplitMix64, depth: Int) -> JSONValue {
    switch generator.next() % (depth > 0 ? 7 : 4) {
    case 0: return JSONValue(Int(generator.next() % 3))
    case 1: return .string(generator.next() % 2 == 0 ? "s" : "t")
    case 2: return .bool(generator.next() % 2 == 0)
    case 3: return .null
    case 4:
      return .array(
        (0..<Int(generator.next() % 4)).map { _ in value(&generator, depth: depth - 1) })
    default:
      var members: [String: JSONValue] = [:]
      for _ in 0..<Int(generator.next() % 4) {
        members[names[Int(generator.next() % UInt64(names.count))]] =
          value(&generator, depth: depth - 1)
      }
      return .object(members)
    }
  }

  /// A random operation on `state`, with the old value it replaces or removes (the caller
  /// drops one that does not apply).
  static func operation(
    _ generator: inout SplitMix64, on state: JSONValue
  ) -> JSONPatchOperation {
    let places = Self.places(in: state, at: [])
    let place = places[Int(generator.next() % UInt64(places.count))]
    let pointer = JSONPointer(tokens: place)
    let containers = places.filter {
      state.value(at: JSONPointer(tokens: $0))?.isContainer == true
    }
    guard !containers.isEmpty else {
      return .replace(pointer, value: ["alpha": 1], oldValue: state)
    }
    let container = containers[Int(generator.next() % UInt64(containers.count))]
    let target = Self.newPlace(&generator, in: state, container: container)
    let old = state.value(at: pointer)
    switch (generator.next() % 6, target) {
    case (0, _) where !place.isEmpty:
      return .remove(pointer, oldValue: old)
    case (2, let target?) where !place.isEmpty && !target.tokens.starts(with: place):
      // Removing `from` can shift an array so that `target` names a member that exists.
      var rest = state
      try? rest.apply(.remove(pointer))
      let parent = JSONPointer(tokens: Array(target.tokens.dropLast()))
      let overwritten: JSONValue? =
        if case .object? = rest.value(at: parent) { rest.value(at: target) } else { nil }
      return JSONPatchOperation(op: .move, path: target, from: pointer, oldValue: overwritten)
    case (3, let target?) where !place.isEmpty:
      return .copy(from: pointer, to: target)
    case (4, let target?), (5, let target?):
      return .add(target, value: value(&generator, depth: 2))
    default:
      return .replace(pointer, value: value(&generator, depth: 2), oldValue: old)
    }
  }

  /// Every place in `value`, as pointer tokens from `prefix`.
  static func places(in value: JSONValue, at prefix: [String]) -> [[String]] {
    switch value {
    case let .object(members):
      // In name order: a seed draws the same places in every process.
      return [prefix]
        + members.sorted { $0.key < $1.key }.flatMap {
          places(in: $0.value, at: prefix + [$0.key])
        }
    case let .array(elements):
      return [prefix]
        + elements.enumerated().flatMap {
          places(in: $0.element, at: prefix + [String($0.offset)])
        }
    default:
      return [prefix]
    }
  }

  /// A place in `container` that holds nothing yet: a name the object lacks, or an array's
  /// index where an element may be inserted (or `-`); `nil` when the object has every name.
  static func newPlace(
    _ generator: inout SplitMix64, in state: JSONValue, container: [String]
  ) -> JSONPointer? {
    switch state.value(at: JSONPointer(tokens: container)) {
    case let .array(elements)?:
      let index = Int(generator.next() % UInt64(elements.count + 2))
      return JSONPointer(tokens: container + [index > elements.count ? "-" : String(index)])
    case let .object(members)?:
      let free = names.filter { members[$0] == nil }
      guard !free.isEmpty else { return nil }
      return JSONPointer(tokens: container + [free[Int(generator.next() % UInt64(free.count))]])
    default:
      return nil
    }
  }
}

extension JSONValue {
  /// Whether this is an array or an object.
  fileprivate var isContainer: Bool {
    switch self {
    case .array, .object: true
    default: false
    }
  }
}
