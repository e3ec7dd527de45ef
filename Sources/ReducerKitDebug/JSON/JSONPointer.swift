/// An RFC 6901 JSON Pointer: a path of reference tokens from the root of a JSON document to one
/// value in it, written `/todos/0/title`.
///
/// In text, each token follows a `/`, with `~` written `~0` and `/` written `~1`. The empty
/// pointer, ``root``, is the whole document. A token names an object member, or an array
/// element by its decimal index (`-` is the position after the last element).
public struct JSONPointer: Hashable, Sendable {
  /// The reference tokens, unescaped; empty for the whole document.
  public var tokens: [String]

  /// The pointer made of `tokens`, which are unescaped.
  public init(tokens: [String] = []) {
    self.tokens = tokens
  }

  /// The pointer to the whole document (`""`).
  public static let root = JSONPointer()

  /// Parses a pointer from its RFC 6901 text, such as `/todos/0/title` or `""`.
  public init(parsing text: String) throws(JSONPointerError) {
    var tokens: [String] = []
    var text = text
    let failure: JSONPointerError? = text.withUTF8 { utf8 in
      guard !utf8.isEmpty else { return nil }
      guard utf8[0] == UInt8(ascii: "/") else {
        return .missingLeadingSlash(String(decoding: utf8, as: UTF8.self))
      }
      var token: [UInt8] = []
      var offset = 1
      while offset < utf8.count {
        let byte = utf8[offset]
        if byte == UInt8(ascii: "/") {
          tokens.append(String(decoding: token, as: UTF8.self))
          token.removeAll(keepingCapacity: true)
        } else if byte == UInt8(ascii: "~") {
          let next = offset + 1 < utf8.count ? utf8[offset + 1] : 0
          switch next {
          case UInt8(ascii: "0"): token.append(UInt8(ascii: "~"))
          case UInt8(ascii: "1"): token.append(UInt8(ascii: "/"))
          default: return .invalidEscape(String(decoding: utf8, as: UTF8.self), offset: offset)
          }
          offset += 1
        } else {
          token.append(byte)
        }
        offset += 1
      }
      tokens.append(String(decoding: token, as: UTF8.self))
      return nil
    }
    if let failure {
      throw failure
    }
    self.tokens = tokens
  }

  /// Whether `utf8` is the text of a pointer (what ``init(parsing:)`` accepts): empty, or a
  /// `/` first and every `~` followed by `0` or `1`. Checks a stored path without parsing it.
  static func isValid(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = utf8.first else { return true }
    guard first == UInt8(ascii: "/") else { return false }
    var offset = 1
    while let tilde = utf8[offset...].firstIndex(of: UInt8(ascii: "~")) {
      guard tilde + 1 < utf8.count, utf8[tilde + 1] &- UInt8(ascii: "0") < 2 else {
        return false
      }
      offset = tilde + 2
    }
    return true
  }

  /// Whether this is the whole document.
  public var isRoot: Bool {
    tokens.isEmpty
  }

  /// The pointer to the object or array that holds this value; `nil` for ``root``.
  public var parent: JSONPointer? {
    isRoot ? nil : JSONPointer(tokens: Array(tokens.dropLast()))
  }

  /// The last token, which names this value in its parent; `nil` for ``root``.
  public var lastToken: String? {
    tokens.last
  }

  /// This pointer followed by a member name or other token (unescaped).
  public func appending(_ token: String) -> JSONPointer {
    JSONPointer(tokens: tokens + [token])
  }

  /// This pointer followed by an array index.
  public func appending(index: Int) -> JSONPointer {
    precondition(index >= 0, "an array index cannot be negative")
    return appending(String(index))
  }

  /// Whether `prefix` is this pointer or one of its ancestors.
  public func hasPrefix(_ prefix: JSONPointer) -> Bool {
    tokens.starts(with: prefix.tokens)
  }
}

extension JSONPointer: CustomStringConvertible {
  /// The RFC 6901 text, such as `/todos/0/title`; empty for ``root``.
  public var description: String {
    var text = ""
    for token in tokens {
      text.append("/")
      if token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
        for character in token.unicodeScalars {
          switch character {
          case "~": text.append("~0")
          case "/": text.append("~1")
          default: text.unicodeScalars.append(character)
          }
        }
      } else {
        text.append(token)
      }
    }
    return text
  }
}

extension JSONPointer: ExpressibleByStringLiteral {
  /// A pointer written in code; the text must be a valid JSON Pointer.
  public init(stringLiteral text: String) {
    do {
      try self.init(parsing: text)
    } catch {
      preconditionFailure("\(error)")
    }
  }
}

/// A JSON Pointer encodes as its text.
extension JSONPointer: Codable {
  /// Decodes a pointer from its text.
  ///
  /// - Throws: `DecodingError.dataCorrupted` describing the ``JSONPointerError`` when the text is
  ///   not a valid JSON Pointer.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      try self.init(parsing: text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(error)")
    }
  }

  /// Encodes the pointer as its text, such as `"/todos/0"`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
