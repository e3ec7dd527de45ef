import Foundation

/// Foundation's `IndexSet` decodes each `{"location": L, "length": N}` range as `L..<L+N`, which
/// traps on a negative length or one that overflows: a logged value is checked here before it
/// reaches that decoder, and such a range refused with a `DecodingError` that names its place.
enum IndexSetBounds {
  /// The largest index an `IndexSet` holds: `NSNotFound - 1`.
  static let maximumIndex = Int.max - 1

  /// Throws when `json` holds an `IndexSet`-shaped range (`{"location", "length"}` in the
  /// array of an object's `indexes`) whose integers `IndexSet` cannot take.
  static func check(_ json: String) throws {
    // Most values hold no index set: a byte search skips the parse.
    guard mentionsIndexes(json) else { return }
    guard let value = try? JSONValue(parsing: json) else { return }  // The decoder says why.
    try check(value)
  }

  /// Throws when `value`, anywhere inside, holds an `IndexSet` range `IndexSet` cannot take.
  static func check(_ value: JSONValue, path: [any CodingKey] = []) throws {
    switch value {
    case let .array(elements):
      for (offset, element) in elements.enumerated() {
        try check(element, path: path + [Key(intValue: offset)])
      }
    case let .object(members):
      if case let .array(ranges)? = members["indexes"] {
        for (offset, range) in ranges.enumerated() {
          try checkRange(range, path: path + [Key("indexes"), Key(intValue: offset)])
        }
      }
      for (name, member) in members {
        try check(member, path: path + [Key(name)])
      }
    default:
      break
    }
  }

  /// The member name of an `IndexSet`'s ranges, as it appears in JSON.
  private static let indexesMarker = Array(#""indexes""#.utf8)

  /// Whether the UTF-8 of `json` contains `"indexes"`.
  private static func mentionsIndexes(_ json: String) -> Bool {
    var json = json
    return json.withUTF8 { bytes in
      guard bytes.count >= indexesMarker.count else { return false }
      var start = 0
      while start <= bytes.count - indexesMarker.count {
        if bytes[start] == UInt8(ascii: "\""), bytes[start + 1] == UInt8(ascii: "i"),
          bytes[start..<start + indexesMarker.count].elementsEqual(indexesMarker)
        {
          return true
        }
        start += 1
      }
      return false
    }
  }

  private static func checkRange(_ range: JSONValue, path: [any CodingKey]) throws {
    guard let location = range["location"]?.intValue, let length = range["length"]?.intValue
    else { return }  // Not integers: the decoder says so.
    let (end, overflow) = location.addingReportingOverflow(length)
    guard location < 0 || length < 0 || overflow || end > maximumIndex + 1 else { return }
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: path,
        debugDescription:
          "an IndexSet range at location \(location) with length \(length) is out of bounds "
          + "(a location and a length of 0 or more, ending at \(maximumIndex) at most)"))
  }

  /// A key of the path to a refused range.
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
      stringValue = "\(intValue)"
      self.intValue = intValue
    }
  }
}
