import Foundation

/// What `JSONEncoder` writes for `value` with the log's settings (sorted keys, unescaped
/// slashes): the reference the writer's own JSON text is checked against.
func encoderText(_ value: some Encodable) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}
