/// One value a reducer read from a nondeterministic dependency (`uuid`, `date`,
/// `withRandomNumberGenerator`, or one opted in with `recordedInput(_:_:)`), in the order read.
struct RecordedRead: Sendable {
  /// The dependency's name in the log: `uuid`, `date`, `random`, or the name given.
  let name: String
  /// The value it returned, encoded on the writer's thread.
  let value: any Encodable & Sendable
}

extension [RecordedRead] {
  /// Appends the stored form of the reads: a JSON array of `[name, value]` pairs.
  func appendJSON(to bytes: inout [UInt8], using encoder: JSONFragmentEncoder) throws {
    bytes.append(UInt8(ascii: "["))
    for (offset, read) in enumerated() {
      if offset > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(UInt8(ascii: "["))
      try encoder.append(string: read.name, to: &bytes)
      bytes.append(UInt8(ascii: ","))
      try encoder.append(any: read.value, to: &bytes)
      bytes.append(UInt8(ascii: "]"))
    }
    bytes.append(UInt8(ascii: "]"))
  }
}
