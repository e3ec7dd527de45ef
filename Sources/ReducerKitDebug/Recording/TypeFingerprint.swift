import CasePaths
import ReducerKit

/// A short hash of a type's shape, stored with each session so that replaying a log against
/// types that changed since it was recorded can say so up front.
enum TypeFingerprint {
  /// The fingerprint of a state type: its name and the names and types of its stored
  /// properties, recursively, read from a sample value.
  static func of<State>(_ type: State.Type, sample: State) -> String {
    var shape = ""
    describe(sample, depth: 0, into: &shape)
    return hash(String(reflecting: type) + "|" + shape)
  }

  /// The fingerprint of an action type: its name and, for `@CasePathable` enums, how many
  /// cases it has.
  ///
  /// Case names are not part of it: Swift has no stable way to name an enum's cases without a
  /// value of each, and a case path's description holds memory addresses that differ from one
  /// process to the next, which would make every replay warn.
  static func of<Action>(_ type: Action.Type) -> String {
    var shape = String(reflecting: type)
    if let iterable = type as? any CasePathIterable.Type {
      shape += "|cases:\(caseCount(iterable))"
    }
    return hash(shape)
  }

  private static func caseCount<T: CasePathIterable>(_ type: T.Type) -> Int {
    T.allCasePaths.reduce(0) { count, _ in count + 1 }
  }

  private static func describe(_ value: Any, depth: Int, into shape: inout String) {
    let mirror = Mirror(reflecting: value)
    shape += String(reflecting: type(of: value))
    guard depth < 6, mirror.displayStyle == .struct || mirror.displayStyle == .class else {
      return
    }
    shape += "{"
    for child in mirror.children {
      shape += (child.label ?? "_") + ":"
      describe(child.value, depth: depth + 1, into: &shape)
      shape += ","
    }
    shape += "}"
  }

  /// 64-bit FNV-1a, as 16 hex digits: stable across processes, unlike `Hasher`.
  static func hash(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
