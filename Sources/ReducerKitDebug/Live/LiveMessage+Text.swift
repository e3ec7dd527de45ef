import Foundation

extension LiveRequest {
  /// The largest message the live link reads: a loaded state of a big app fits.
  public static let maximumBytes = 8 << 20

  /// Parses a message of the live link, saying exactly what is wrong with one it refuses.
  public init(text: String) throws(LiveDebuggerError) {
    let json: JSONValue
    do {
      json = try JSONValue(parsing: text)
    } catch {
      throw .malformed("\(error)")
    }
    guard case let .object(fields) = json else {
      throw .malformed("it is not a JSON object")
    }
    guard let name = fields["op"]?.stringValue else {
      throw .malformed("it has no \"op\" string")
    }
    guard Operation(rawValue: name) != nil else {
      let known = Operation.allCases.map(\.rawValue).joined(separator: ", ")
      throw .malformed("unknown operation '\(name)'; the operations are \(known)")
    }
    do {
      self = try json.decoded(as: LiveRequest.self)
    } catch {
      throw .malformed(DecodingErrorSummary.text(for: error))
    }
  }

  /// The `id` of a message that may not parse as a request, so that its error answers it.
  static func id(in text: String) -> Int? {
    guard case let .object(fields)? = try? JSONValue(parsing: text) else { return nil }
    return fields["id"]?.intValue
  }

  /// The request as one message.
  public var text: String {
    String(decoding: (try? JSONEncoder.sortedKeys.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
  }
}

extension LiveAnswer {
  /// The answer as one message.
  public var text: String {
    guard let data = try? JSONEncoder.sortedKeys.encode(self) else {
      return #"{"error":"the answer does not encode","ok":false}"#
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// Parses an answer of the live link.
  public init(text: String) throws {
    self = try JSONDecoder().decode(LiveAnswer.self, from: Data(text.utf8))
  }
}

extension JSONEncoder {
  /// Sorted keys, as the log writes JSON.
  fileprivate static var sortedKeys: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}
