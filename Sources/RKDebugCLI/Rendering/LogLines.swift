import ReducerKitDebug

/// The lines `rkdebug log` prints for a part of a session, in the columns of the whole range:
/// the widths are known before the actions are read, so each part prints as it is read.
///
/// ```
///  6  send             Shelf.Action.load
///  7  effect #1 of #6  Shelf.Action.loaded(42)
/// ```
struct LogLines {
  /// How the output is styled.
  let terminal: Terminal
  /// Whether actions are shown as a tree of causes (``ActionTree``).
  let tree: Bool
  /// Whether each action is a JSON object (docs/cli-json.md).
  let json: Bool
  /// The width of the index column: that of the range's last index.
  private(set) var indexWidth: Int
  /// The width of the source column: `send`, or the longest `effect #E of #A` in the range.
  private(set) var sourceWidth: Int

  /// The lines of the actions of `range` in `reader`'s session.
  init(
    reader: SessionReader, range: ClosedRange<Int>, terminal: Terminal, tree: Bool, json: Bool
  ) throws {
    self.terminal = terminal
    self.tree = tree
    self.json = json
    indexWidth = String(range.upperBound).count
    if tree || json {
      sourceWidth = 0
    } else {
      // "effect #" and " of #": 13 characters around the digits.
      sourceWidth = try reader.sourceDigits(in: range).map { 13 + $0 } ?? "send".count
    }
  }

  /// These lines with columns at least as wide as those of `earlier`: for lines printed as
  /// they come (`--follow`), whose columns only grow.
  func widened(to earlier: LogLines) -> LogLines {
    var lines = self
    lines.indexWidth = max(indexWidth, earlier.indexWidth)
    lines.sourceWidth = max(sourceWidth, earlier.sourceWidth)
    return lines
  }

  /// The lines of `actions`, in index order; `effects` are those of their reducers (for
  /// `--tree`).
  func lines(_ actions: [LoggedAction], effects: [LoggedEffect]) -> [String] {
    if json {
      let effectsByAction = Dictionary(grouping: effects, by: \.actionIndex)
      return actions.map { action in
        var json = LogCommand.json(action)
        if tree, case var .object(members) = json {
          members["effects"] = .array((effectsByAction[action.index] ?? []).map(ActionTree.json))
          json = .object(members)
        }
        return json.serialized()
      }
    }
    if tree {
      return ActionTree(
        actions: actions, effects: effects, terminal: terminal, indexWidth: indexWidth
      ).lines
    }
    return actions.map(line)
  }

  /// Index, source and label, in columns, without trailing spaces.
  func line(_ action: LoggedAction) -> String {
    var bytes: [UInt8] = []
    var label = action.label
    label.withUTF8 { label in
      appendLine(index: action.index, source: action.source, label: label, to: &bytes)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``line(_:)`` of the action at `index` from `source`, whose label's UTF-8 bytes are
  /// `label`, to `bytes`: a listing writes its lines straight into its output this way.
  func appendLine(
    index: Int, source: ActionSource, label: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]
  ) {
    let start = bytes.count
    let digits = String(index)
    if terminal.isColored {
      let padding = String(repeating: " ", count: max(0, indexWidth - digits.utf8.count))
      bytes += terminal.styled(padding + digits, .bold).utf8
    } else {
      Self.appendSpaces(indexWidth - digits.utf8.count, to: &bytes)
      bytes += digits.utf8
    }
    bytes += "  ".utf8
    let sourceStart = bytes.count
    switch source {
    case .send:
      bytes += "send".utf8
    case let .effect(effectID, parentIndex):
      // Written in parts: one interpolated `String` per line would be an allocation each.
      bytes += "effect #".utf8
      bytes += String(effectID).utf8
      bytes += " of #".utf8
      bytes += String(parentIndex).utf8
    }
    if !label.isEmpty {
      Self.appendSpaces(sourceWidth - (bytes.count - sourceStart) + 2, to: &bytes)
      LoggedAction.appendSingleLine(ofLabel: label, to: &bytes)
    }
    var end = bytes.count
    while end > start, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
    guard end < bytes.count else { return }
    guard end > start, bytes[end - 1] >= 0x80 else {
      bytes.removeSubrange(end...)
      return
    }
    // A space after some scalars (a prepended mark) is part of their character, which stays:
    // trimmed by characters, as the line's `String` is.
    var line = String(decoding: bytes[start...], as: UTF8.self)
    while line.last == " " { line.removeLast() }
    bytes.replaceSubrange(start..., with: line.utf8)
  }

  /// Appends `count` spaces (none for a negative count) to `bytes`.
  private static func appendSpaces(_ count: Int, to bytes: inout [UInt8]) {
    if count > 0 { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count)) }
  }
}
