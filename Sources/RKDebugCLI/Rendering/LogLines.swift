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
    let index = String(action.index)
    let source = action.source.text
    let label = action.singleLineLabel
    var line = ""
    // One allocation per line: building it was a third of `rkdebug log`'s time.
    line.reserveCapacity(indexWidth + sourceWidth + label.utf8.count + 4)
    if terminal.isColored {
      line += terminal.styled(Self.spaces(indexWidth - index.count) + index, .bold)
    } else {
      line += Self.spaces(indexWidth - index.count)
      line += index
    }
    line += "  "
    line += source
    if !label.isEmpty {
      line += Self.spaces(sourceWidth - source.count + 2)
      line += label
    }
    while line.last == " " { line.removeLast() }
    return line
  }

  /// Runs of 0 to 64 spaces, made once: a `Substring` or `String(repeating:count:)` per line
  /// went through Swift's generic (character-counting) paths.
  private static let spaceRuns = (0...64).map { String(repeating: " ", count: $0) }

  /// `count` spaces (none for a negative count).
  private static func spaces(_ count: Int) -> String {
    guard count > 0 else { return "" }
    return count < spaceRuns.count ? spaceRuns[count] : String(repeating: " ", count: count)
  }
}
