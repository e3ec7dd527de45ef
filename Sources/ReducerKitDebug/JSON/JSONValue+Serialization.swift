import Foundation

extension JSONValue {
  /// The JSON text of this value.
  ///
  /// The compact form is byte-identical to what `JSONEncoder` writes with `outputFormatting`
  /// `[.sortedKeys, .withoutEscapingSlashes]` on Linux: object keys sorted by their UTF-8 bytes,
  /// no whitespace, and strings escaped only where JSON requires it (`"`, `\`, and control
  /// characters, as `\n`-style escapes where they exist and `\u00xx` otherwise). Numbers are
  /// written as their text.
  ///
  /// - Parameter pretty: Whether to indent nested values by two spaces per level, one member or
  ///   element per line, with `": "` after keys, for people to read.
  public func serialized(pretty: Bool = false) -> String {
    String(decoding: serializedBytes(pretty: pretty), as: UTF8.self)
  }

  /// The UTF-8 JSON text of this value; see ``serialized(pretty:)``.
  public func serializedData(pretty: Bool = false) -> Data {
    Data(serializedBytes(pretty: pretty))
  }

  /// The UTF-8 JSON text of this value; see ``serialized(pretty:)``.
  public func serializedBytes(pretty: Bool = false) -> [UInt8] {
    var writer = Writer(pretty: pretty)
    writer.write(self)
    return writer.bytes
  }
}

extension JSONValue {
  /// Writes JSON text into a byte buffer.
  struct Writer {
    /// The text written so far; a caller may hand in a buffer to append to.
    var bytes: [UInt8] = []
    private let pretty: Bool
    private var indentation = 0

    init(pretty: Bool = false) {
      self.pretty = pretty
      bytes.reserveCapacity(256)
    }

    /// A compact writer that appends to `bytes`, reserving nothing.
    init(appendingTo bytes: [UInt8]) {
      self.pretty = false
      self.bytes = bytes
    }

    mutating func write(_ value: JSONValue) {
      switch value {
      case .null:
        writeLiteral("null")
      case let .bool(bool):
        if bool {
          writeLiteral("true")
        } else {
          writeLiteral("false")
        }
      case let .number(text):
        writeRaw(text)
      case let .string(string):
        write(string: string)
      case let .array(elements):
        writeArray(elements)
      case let .object(members):
        writeObject(members)
      }
    }

    private mutating func writeArray(_ elements: [JSONValue]) {
      guard !elements.isEmpty else {
        writeLiteral("[]")
        return
      }
      bytes.append(UInt8(ascii: "["))
      indentation += 1
      for (index, element) in elements.enumerated() {
        if index > 0 {
          bytes.append(UInt8(ascii: ","))
        }
        writeNewline()
        write(element)
      }
      indentation -= 1
      writeNewline()
      bytes.append(UInt8(ascii: "]"))
    }

    private mutating func writeObject(_ members: [String: JSONValue]) {
      guard !members.isEmpty else {
        writeLiteral("{}")
        return
      }
      bytes.append(UInt8(ascii: "{"))
      indentation += 1
      for (index, member) in members.sorted(by: Writer.keyOrder).enumerated() {
        if index > 0 {
          bytes.append(UInt8(ascii: ","))
        }
        writeNewline()
        write(string: member.key)
        if pretty {
          writeLiteral(": ")
        } else {
          bytes.append(UInt8(ascii: ":"))
        }
        write(member.value)
      }
      indentation -= 1
      writeNewline()
      bytes.append(UInt8(ascii: "}"))
    }

    /// The order of object keys: by their UTF-8 bytes, as `JSONEncoder`'s `.sortedKeys` on Linux.
    static func keyOrder(
      _ lhs: (key: String, value: JSONValue), _ rhs: (key: String, value: JSONValue)
    ) -> Bool {
      utf8Order(lhs.key, rhs.key)
    }

    /// Whether `lhs` sorts before `rhs` by their UTF-8 bytes.
    static func utf8Order(_ lhs: String, _ rhs: String) -> Bool {
      lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    @inline(__always)
    private mutating func writeNewline() {
      guard pretty else { return }
      bytes.append(0x0A)
      for _ in 0..<indentation {
        writeLiteral("  ")
      }
    }

    @inline(__always)
    mutating func writeLiteral(_ text: StaticString) {
      bytes.append(
        contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes UTF-8 text that needs no escaping, such as a value's text already written this way.
    mutating func writeRaw(_ utf8: UnsafeBufferPointer<UInt8>) {
      bytes.append(contentsOf: utf8)
    }

    /// Writes text that needs no escaping.
    mutating func writeRaw(_ text: String) {
      var text = text
      text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Writes a quoted, escaped string.
    mutating func write(string: String) {
      bytes.append(UInt8(ascii: "\""))
      var string = string
      string.withUTF8 { utf8 in
        var runStart = 0
        for index in 0..<utf8.count {
          let byte = utf8[index]
          guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
            continue
          }
          if runStart < index {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
          }
          runStart = index + 1
          bytes.append(UInt8(ascii: "\\"))
          switch byte {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
          case 0x08: bytes.append(UInt8(ascii: "b"))
          case 0x09: bytes.append(UInt8(ascii: "t"))
          case 0x0A: bytes.append(UInt8(ascii: "n"))
          case 0x0C: bytes.append(UInt8(ascii: "f"))
          case 0x0D: bytes.append(UInt8(ascii: "r"))
          default:
            writeLiteral("u00")
            bytes.append(Writer.hexDigit(byte >> 4))
            bytes.append(Writer.hexDigit(byte & 0xF))
          }
        }
        if runStart < utf8.count {
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
      }
      bytes.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
      value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
  }
}
