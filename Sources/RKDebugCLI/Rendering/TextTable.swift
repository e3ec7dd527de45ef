/// Columns of text, each as wide as its widest cell, separated by two spaces.
struct TextTable {
  /// How a column lines up.
  enum Alignment {
    case left, right
  }

  /// The header cells, or empty for none.
  var header: [String]
  /// How each column lines up.
  var alignments: [Alignment]
  /// The rows of cells.
  var rows: [[String]] = []

  /// The table's lines, without trailing spaces.
  var lines: [String] {
    let all = (header.isEmpty ? [] : [header]) + rows
    let columnCount = all.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columnCount)
    for row in all {
      for (column, cell) in row.enumerated() {
        widths[column] = max(widths[column], cell.count)
      }
    }
    return all.map { row in
      var line = ""
      for (column, cell) in row.enumerated() {
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        let alignment = column < alignments.count ? alignments[column] : .left
        if column > 0 { line += "  " }
        line += alignment == .right ? padding + cell : cell + padding
      }
      while line.last == " " { line.removeLast() }
      return line
    }
  }
}
