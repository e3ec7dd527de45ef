import CustomDump
import ReducerKit

/// The "action" of a log entry that is not an action: a shared value changed outside the
/// session's reducer, by an effect's `withLock`, by another store, or by its storage (a file
/// written by another process).
///
/// Its JSON is `null`, which no action encodes to; its label says where the change came from.
/// The entry's patch holds the change at every place the state holds the value.
struct SharedChangeEntry: Encodable, CustomDumpStringConvertible {
  /// Who made the change.
  enum Origin {
    /// `withLock` in effect `effectID` of this session.
    case effect(Int)
    /// `withLock` outside this session's reducer and effects: another store, a task.
    case outside
    /// The storage itself.
    case storage(key: String)
  }

  /// The JSON path of the first place the state holds the value.
  let path: [String]
  let origin: Origin

  /// The JSON text of every shared change entry.
  static let json = "null"

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encodeNil()
  }

  /// `$syncUps.withLock in effect 3`, `$syncUps.withLock outside this store`,
  /// `$syncUps changed by its storage .fileStorage(…)`.
  var customDumpDescription: String {
    let name = "$" + Self.swiftPath(path)
    switch origin {
    case let .effect(effectID): return "\(name).withLock in effect \(effectID)"
    case .outside: return "\(name).withLock outside this store"
    case let .storage(key): return "\(name) changed by its storage \(key)"
    }
  }

  /// A JSON path as Swift spells it: `detail.rows[2]`.
  private static func swiftPath(_ tokens: [String]) -> String {
    var text = ""
    for token in tokens {
      if !token.isEmpty, token.allSatisfy(\.isNumber) {
        text += "[\(token)]"
      } else {
        text += text.isEmpty ? token : ".\(token)"
      }
    }
    return text.isEmpty ? "state" : text
  }
}
