import Foundation

/// Encodes `Encodable` values to JSON text the way every part of the log does: sorted keys, no
/// escaped slashes, compact. Top-level scalars (`1`, `"text"`) are allowed.
struct JSONFragmentEncoder {
  private let encoder: JSONEncoder

  init() {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    self.encoder = encoder
  }

  /// The JSON text of `value`.
  func string(_ value: some Encodable) throws -> String {
    String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// The JSON text of an existential value.
  func string(any value: any Encodable) throws -> String {
    try string(value)
  }
}
