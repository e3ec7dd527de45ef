/// One value a reducer read from a nondeterministic dependency while handling an action, as
/// the log stores it (see `docs/log-format.md`, the `input` table).
public struct DependencyRead: Sendable, Equatable {
  /// The dependency: `uuid`, `date`, `random`, a name given to `recordedInput(_:_:)`, or, at
  /// index 0, `calendar`, `locale` and `timeZone`.
  public var name: String
  /// The value it returned, as JSON.
  public var value: JSONValue

  /// Creates a read.
  public init(name: String, value: JSONValue) {
    self.name = name
    self.value = value
  }

  /// The reads a JSON array of `[name, value]` pairs holds (the stored `reads` column, an
  /// export's `inputs`), or `nil` when it is not such an array.
  public static func reads(from json: JSONValue) -> [DependencyRead]? {
    guard case let .array(pairs) = json else { return nil }
    var reads: [DependencyRead] = []
    reads.reserveCapacity(pairs.count)
    for pair in pairs {
      guard case let .array(parts) = pair, parts.count == 2, let name = parts[0].stringValue
      else { return nil }
      reads.append(DependencyRead(name: name, value: parts[1]))
    }
    return reads
  }

  /// `reads` as a JSON array of `[name, value]` pairs.
  public static func json(of reads: [DependencyRead]) -> JSONValue {
    .array(reads.map { .array([.string($0.name), $0.value]) })
  }

  /// The reads of a stored `reads` column.
  ///
  /// - Throws: ``LogError/corrupt(_:)`` when the text is not an array of pairs.
  static func reads(parsing text: String, index: Int) throws -> [DependencyRead] {
    guard let json = try? JSONValue(parsing: text), let reads = reads(from: json) else {
      throw LogError.corrupt(
        "the recorded inputs of action \(index) are not a JSON array of [name, value] pairs"
      )
    }
    return reads
  }
}
