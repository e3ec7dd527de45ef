import Foundation
import GRDB

/// Where a logged action came from.
public enum ActionSource: Codable, Sendable, Equatable {
  /// Sent by the store's caller (a view, a test, `rkdebug record`).
  case send
  /// Emitted by effect `effectID`, which the reducer returned for action `parentIndex`.
  case effect(effectID: Int, parentIndex: Int)

  /// The source of a stored row: emitted by an effect when it names one and its action, else
  /// sent.
  init(effectID: Int?, parentIndex: Int?) {
    if let effectID, let parentIndex {
      self = .effect(effectID: effectID, parentIndex: parentIndex)
    } else {
      self = .send
    }
  }
}

/// One recorded action with its metadata and its state patch.
public struct LoggedAction: Codable, Sendable, Equatable {
  /// The action's index: 1 is the first action.
  public var index: Int
  /// The action's `Codable` JSON, for replay.
  public var json: String
  /// The action as swift-custom-dump prints it, for people.
  public var label: String
  /// Who sent the action.
  public var source: ActionSource
  /// When the action was sent.
  public var time: Date
  /// How long the reducer took, in nanoseconds.
  public var durationNanos: Int64
  /// The RFC 6902 operations (with old values) that turn the state at `index - 1` into the
  /// state at `index`.
  public var patch: [JSONPatchOperation]

  /// Whether the entry is not an action but a shared value changed outside the reducer, by an
  /// effect's `withLock` (its ``source``), another store, or the storage: its JSON is `null`,
  /// its label says who made the change, and its patch is the change.
  public var isSharedChange: Bool { json == SharedChangeEntry.json && !isDebuggerControl }

  /// Whether the entry is not an action but what a live debugger did to the app
  /// (``DebuggerControl``): its JSON is `null` and its label starts with `rkdebug `.
  public var isDebuggerControl: Bool {
    json == SharedChangeEntry.json && label.hasPrefix("rkdebug ")
  }

  /// Creates an action from its logged fields; each parameter sets the property of the same
  /// name.
  public init(
    index: Int, json: String, label: String, source: ActionSource, time: Date,
    durationNanos: Int64, patch: [JSONPatchOperation]
  ) {
    self.index = index
    self.json = json
    self.label = label
    self.source = source
    self.time = time
    self.durationNanos = durationNanos
    self.patch = patch
  }

  /// The columns of `action_entry` that ``init(row:text:startedAt:pointers:)`` reads, by
  /// position, with the texts as `text_id` (a reader looks each distinct text up once) and the
  /// time as `time_us`.
  static let compactSelection = compactSelection(ops: "e.ops")

  /// ``compactSelection`` with `ops` read from the SQL expression `ops`: `'[]'` leaves the
  /// patch out, for a listing that shows no change (parsing patches is most of a read's cost).
  ///
  /// Read by position through ``DirectStatement``, not as a GRDB record: this is the chunked
  /// read every whole-session command goes through.
  static func compactSelection(ops: String) -> String {
    """
    SELECT e.idx, e.text_id, e.effect_id, e.parent_idx, e.time_us, e.duration_ns, \(ops) AS ops
    FROM action_entry AS e
    """
  }

  /// The insert of one `action_entry` row, for recording and import: a prepared statement
  /// with positional arguments, as it runs once per recorded action.
  static let insertSQL = """
    INSERT INTO action_entry (session_id, idx, text_id, effect_id, parent_idx, time_us,
      duration_ns, ops)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
    """

  /// Reads an action from a row of ``compactSelection`` with its patch, or the part of it a
  /// walk keeps, already read.
  init(
    row: DirectRow, text: (json: String, label: String), startedAt: Double,
    patch: [JSONPatchOperation]
  ) {
    index = row.int(0)
    json = text.json
    label = text.label
    source = ActionSource(effectID: row.optionalInt(2), parentIndex: row.optionalInt(3))
    time = Date(timeIntervalSince1970: LogSchema.time(Int64(row.int(4)), after: startedAt))
    durationNanos = Int64(row.int(5))
    self.patch = patch
  }

  /// The label on one line, for lists and headings: custom-dump's lines joined the way the
  /// code would be written, with no space after an opening bracket or parenthesis that ends
  /// a line, nor before a closing one that starts a line.
  ///
  /// ```
  /// Todos.Action.todos(.element(id: UUID(…), action: .checkBoxToggled))
  /// Shelf.Action.addBooks([[0]: "Dune", [1]: "Emma"])
  /// ```
  ///
  /// Only line breaks and the indentation around them change: the text inside a line (a
  /// string's `"( "`, say) is kept as it is. Every line break counts, not only `\n`: a
  /// string holding `\r\n`, `\r`, a vertical tab, a form feed, U+0085, U+2028 or U+2029
  /// (which custom-dump writes as they are) would otherwise break the line.
  public var singleLineLabel: String { Self.singleLine(label) }

  /// ``singleLineLabel`` of `label`.
  static func singleLine(_ label: String) -> String {
    var label = label
    let breaks = label.withUTF8(LineBreaks.init)
    if breaks.isASCII, !breaks.hasOtherBreak {
      return breaks.hasNewline ? joiningASCIILines(label) : label
    }
    guard breaks.hasNewline || breaks.hasOtherBreak || label.contains(where: \.isNewline) else {
      return label
    }
    return joiningLines(label)
  }

  /// Appends ``singleLineLabel`` of the label whose UTF-8 bytes are `label` to `bytes`: for a
  /// listing that writes its lines without a `String` per action.
  public static func appendSingleLine(
    ofLabel label: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]
  ) {
    let breaks = LineBreaks(label)
    guard breaks.isASCII, !breaks.hasOtherBreak else {
      bytes += singleLine(String(decoding: label, as: UTF8.self)).utf8
      return
    }
    guard breaks.hasNewline else {
      bytes.append(contentsOf: label)
      return
    }
    // Joining never makes the text longer: write it in place, then drop what is left over.
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: label.count))
    let count = bytes.withUnsafeMutableBufferPointer { out in
      joinASCIILines(label, into: UnsafeMutableBufferPointer(rebasing: out[start...]))
    }
    bytes.removeLast(label.count - count)
  }

  /// What a label's bytes hold that decides how it is put on one line.
  private struct LineBreaks {
    /// Whether the label has a `\n`.
    var hasNewline = false
    /// Whether it has a `\r`, a vertical tab or a form feed.
    var hasOtherBreak = false
    /// Whether every byte is ASCII (else it may hold U+0085, U+2028 or U+2029).
    var isASCII = true

    init(_ text: UnsafeBufferPointer<UInt8>) {
      for byte in text {
        switch byte {
        case 0x0A: hasNewline = true
        case 0x0B, 0x0C, 0x0D: hasOtherBreak = true
        case 0x80...: isASCII = false
        default: break
        }
      }
    }
  }

  /// ``singleLineLabel`` of any multi-line text: lines split at every line break (a `\r\n`
  /// is one `Character`) and trimmed of the scalars `CharacterSet.whitespaces` holds, as
  /// `trimmingCharacters(in:)` trims them, without bridging each line to `NSString`.
  static func joiningLines(_ label: String) -> String {
    func isBlank(_ scalar: Unicode.Scalar) -> Bool {
      scalar.isASCII ? scalar == " " || scalar == "\t" : whitespace.contains(scalar)
    }
    var text = ""
    for untrimmed in label.split(whereSeparator: \.isNewline) {
      let scalars = untrimmed.unicodeScalars
      guard let first = scalars.firstIndex(where: { !isBlank($0) }),
        let last = scalars.lastIndex(where: { !isBlank($0) })
      else { continue }
      let line = String(scalars[first...last])
      if let last = text.last, !"([{".contains(last), let first = line.first,
        !")]}".contains(first)
      {
        text += " "
      }
      text += line
    }
    return text
  }

  private static let whitespace = CharacterSet.whitespaces

  /// ``joiningLines(_:)`` of ASCII text without `\r`, `\u{0B}` or `\u{0C}`, byte by byte:
  /// there a line break is a `\n` and the only white space is spaces and tabs. Each space it
  /// adds replaces a `\n`, so the text never grows.
  static func joiningASCIILines(_ label: String) -> String {
    var label = label
    return label.withUTF8 { text in
      String(unsafeUninitializedCapacity: text.count) { joinASCIILines(text, into: $0) }
    }
  }

  /// Writes ``joiningASCIILines(_:)`` of the bytes `text` to the start of `out`, which holds at
  /// least as many bytes, and returns how many it wrote.
  private static func joinASCIILines(
    _ text: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    // `([{` and `)]}`; a `String`'s `contains` was a third of the joining.
    func isOpening(_ byte: UInt8) -> Bool { byte == 0x28 || byte == 0x5B || byte == 0x7B }
    func isClosing(_ byte: UInt8) -> Bool { byte == 0x29 || byte == 0x5D || byte == 0x7D }
    var count = 0
    var lineStart = 0
    while lineStart < text.count {
      var lineEnd = lineStart
      while lineEnd < text.count, text[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
      var start = lineStart
      var end = lineEnd
      while start < end, isBlank(text[start]) { start += 1 }
      while end > start, isBlank(text[end - 1]) { end -= 1 }
      if start < end {
        if count > 0, !isOpening(out[count - 1]), !isClosing(text[start]) {
          out[count] = 0x20
          count += 1
        }
        for index in start..<end {
          out[count] = text[index]
          count += 1
        }
      }
      lineStart = lineEnd + 1
    }
    return count
  }
}
