import NIOCore

/// Rows in the text format of PostgreSQL's `COPY … FROM STDIN`: columns separated by tabs,
/// rows ended by newlines, `\N` for NULL, and a backslash, tab, newline or carriage return in a
/// value escaped with a backslash (PostgreSQL's documentation of COPY, "Text Format").
struct CopyTextRow {
  /// The rows written so far.
  var buffer = ByteBuffer()
  private var isFirst = true

  /// Appends a text column (a `json` column takes its text as it is).
  mutating func add(_ value: String?) {
    separate()
    guard var text = value else { return nullValue() }
    text.withUTF8 { bytes in
      var start = 0
      for (position, byte) in bytes.enumerated() {
        let escape: UInt8? =
          switch byte {
          case UInt8(ascii: "\\"): UInt8(ascii: "\\")
          case UInt8(ascii: "\t"): UInt8(ascii: "t")
          case UInt8(ascii: "\n"): UInt8(ascii: "n")
          case UInt8(ascii: "\r"): UInt8(ascii: "r")
          default: nil
          }
        guard let escape else { continue }
        buffer.writeBytes(
          UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<position])))
        buffer.writeBytes([UInt8(ascii: "\\"), escape])
        start = position + 1
      }
      buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start...])))
    }
  }

  /// Appends an integer column.
  mutating func add<Integer: BinaryInteger>(_ value: Integer?) {
    separate()
    guard let value else { return nullValue() }
    buffer.writeString(String(value))
  }

  /// Ends the row.
  mutating func endRow() {
    buffer.writeInteger(UInt8(ascii: "\n"))
    isFirst = true
  }

  private mutating func separate() {
    if !isFirst { buffer.writeInteger(UInt8(ascii: "\t")) }
    isFirst = false
  }

  private mutating func nullValue() {
    buffer.writeString("\\N")
  }
}
