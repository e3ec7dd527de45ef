import Foundation

/// `rkbench --instructions [ROWS,…]`: the instructions the sending thread runs per action,
/// plain and recording, counted by callgrind: Counter increments (a reducer that reads no
/// dependency), ``UUIDStamp`` (one that reads a `uuid()`), Todos row actions at each ROWS, and
/// the Library's navigation (a push, an action of a presented form) over ROWS screens, and
/// shared changes of a Playlist of ROWS songs (made by an action, and with `withLock` outside
/// the store), each with its recorder's overhead ÷ a Todos row action's. Unlike the wall and CPU times of
/// benchmark 1, instruction counts do not move with the machine's load, so this is how a change
/// to the send path is measured on a noisy machine.
///
/// Each count runs `rkbench --child-send KIND ROWS COUNT MODE PATH` under
/// `valgrind --tool=callgrind --separate-threads=yes` twice, with two COUNTs; the difference of
/// the main thread's totals divided by the difference of the COUNTs is the cost of one action,
/// without start-up, the session's first action or the writer thread.
func countInstructions(rows: [Int], directory: String) throws {
  guard let valgrind = executableOnPath("valgrind") else {
    throw BenchError("--instructions needs valgrind on the PATH (apt-get install valgrind)")
  }
  let counts = (low: 1_200, high: 2_200)
  say("instructions per action on the sending thread (callgrind; \(valgrind))")
  say("| rows | action | plain send | recording send | recorder's overhead |")
  say("| --- | --- | --- | --- | --- |")
  let cases =
    [(1, "counter"), (1, "uuid")] + rows.flatMap { [($0, "rename"), ($0, "toggle")] }
    + rows.flatMap { [($0, "push"), ($0, "presented")] }
    + rows.flatMap { [($0, "favorite"), ($0, "outside")] }
  // The recorder's overhead of each case, by kind and ROWS.
  var overheads: [String: Double] = [:]
  for (rowCount, kind) in cases {
    do {
      var perAction: [String: Double] = [:]
      for mode in ["plain", "recording"] {
        var totals: [Int: Double] = [:]
        for count in [counts.low, counts.high] {
          let output = "\(directory)/callgrind-\(kind)-\(rowCount)-\(mode)-\(count)"
          let result = runProcess(
            valgrind,
            [
              "--tool=callgrind", "--separate-threads=yes", "--callgrind-out-file=\(output)",
              selfExecutable(), "--child-send", kind, String(rowCount), String(count), mode,
              "\(directory)/instructions.sqlite",
            ]
          )
          guard result.status == 0 else {
            throw BenchError(
              "callgrind of --child-send \(kind) \(rowCount) \(count) \(mode) exited "
                + "\(result.status): \(result.stderr.suffix(500))"
            )
          }
          // Thread 1, the main thread, sends the actions; the others are the log's writer and
          // the runtime's.
          totals[count] = try callgrindSummary(output + "-01")
        }
        let extraInstructions = totals[counts.high]! - totals[counts.low]!
        perAction[mode] = extraInstructions / Double(counts.high - counts.low)
      }
      let plain = perAction["plain"]!
      let recording = perAction["recording"]!
      overheads["\(kind) \(rowCount)"] = recording - plain
      let rowsText =
        switch kind {
        case "rename", "toggle": fmtCount(rowCount)
        case "push", "presented": "\(fmtCount(rowCount)) screens"
        case "favorite", "outside": "\(fmtCount(rowCount)) songs"
        default: "—"
        }
      say(
        "| \(rowsText) | \(kind) | \(fmtCount(Int(plain.rounded()))) "
          + "| \(fmtCount(Int(recording.rounded()))) "
          + "| \(fmtCount(Int((recording - plain).rounded()))) |"
      )
    }
  }
  // Issue 28: recording a navigation action costs no more than twice a Todos row action; issue
  // 40: nor does recording a shared change.
  for rowCount in rows {
    let ratios = ["push", "presented", "favorite", "outside"].flatMap { kind in
      ["rename", "toggle"].map { row in
        let ratio = overheads["\(kind) \(rowCount)"]! / max(overheads["\(row) \(rowCount)"]!, 1)
        return "\(kind) ÷ \(row) \(fmt(ratio))×"
      }
    }
    say("recorder's overhead at \(fmtCount(rowCount)): " + ratios.joined(separator: ", "))
  }
}

/// The `summary:` line of a callgrind output file: the instructions the thread ran.
func callgrindSummary(_ path: String) throws -> Double {
  let text = try String(contentsOfFile: path, encoding: .utf8)
  for line in text.split(separator: "\n", omittingEmptySubsequences: true)
  where line.hasPrefix("summary:") {
    if let value = Double(line.dropFirst("summary:".count).trimmingCharacters(in: .whitespaces)) {
      return value
    }
  }
  throw BenchError("no summary line in \(path)")
}

/// The path of `name` in a folder of `PATH`, if it is there and executable.
func executableOnPath(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for folder in path.split(separator: ":") {
    let candidate = "\(folder)/\(name)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}
