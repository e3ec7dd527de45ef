import GRDB

/// The 64-bit FNV-1a hash of an action's JSON, a NUL byte and its label: the key the writer
/// finds an `action_text` row by, in an index a few bytes a row where `UNIQUE (json, label)`
/// stored both texts a second time. Two texts with one digest are told apart by the texts.
enum ActionTextDigest {
  /// The digest of `json` and `label`, as SQLite stores it (the hash's bits as a signed
  /// integer).
  static func of(json: String, label: String) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ byte: UInt8) {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    for byte in json.utf8 { mix(byte) }
    mix(0)
    for byte in label.utf8 { mix(byte) }
    return Int64(bitPattern: hash)
  }

  /// `rkdebug_text_digest(json, label)`: ``of(json:label:)`` in SQL, for the migration that
  /// gives the rows of an older log their digests.
  static let function = DatabaseFunction(
    "rkdebug_text_digest", argumentCount: 2, pure: true
  ) { values in
    guard let json = String.fromDatabaseValue(values[0]),
      let label = String.fromDatabaseValue(values[1])
    else { return nil }
    return of(json: json, label: label)
  }
}
