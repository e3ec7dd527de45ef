import Foundation
import ReducerKitDebug

/// Bump when the way the Counter log of benchmark 7 is recorded changes, so cached logs are
/// rebuilt.
let findLogVersion = 1

/// The Counter log of benchmark 7, `rkdebug record --feature counter --random N --seed 3`,
/// recorded once by the `rkdebug` under test into the data directory and reused while its
/// marker matches.
func findLog(actions: Int, rkdebug: String, dataDirectory: String) throws -> String {
  try FileManager.default.createDirectory(
    atPath: dataDirectory, withIntermediateDirectories: true)
  let path = dataDirectory + "/counter-random-\(actions)-seed3.sqlite"
  let marker = path + ".ok"
  let expected = "v\(findLogVersion)"
  if (try? String(contentsOfFile: marker, encoding: .utf8)) == expected,
    FileManager.default.fileExists(atPath: path)
  {
    say("  using the cached Counter log \(path) (\(fmtBytes(Double(databaseSize(path)))))")
    return path
  }
  unlink(marker)
  removeDatabase(path)
  say("  recording \(fmtCount(actions)) random Counter actions into \(path) …")
  let record = runProcess(
    rkdebug,
    ["record", "--feature", "counter", "--random", String(actions), "--seed", "3", "--db", path]
  )
  guard record.status == 0 else { throw BenchError("rkdebug record failed: \(record.stderr)") }
  say("  recorded in \(fmtTime(record.seconds)): \(fmtBytes(Double(databaseSize(path))))")
  try expected.write(toFile: marker, atomically: true, encoding: .utf8)
  return path
}

/// The `sqlite3` command-line shell on `PATH`, or `nil` when it is not installed.
func sqlite3Shell() -> String? {
  let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
  return directories.map { "\($0)/sqlite3" }.first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
}

/// Benchmark 7: `rkdebug find --where` over a whole Counter log, against the `sqlite3` shell
/// printing the same session's stored patches (`action_entry.ops`), interleaved, in wall and
/// CPU time; and the peak memory of `find` on that log and on one a tenth of its length.
@MainActor
func benchFind(_ config: Config, dataDirectory: String, rkdebug: String?) throws {
  say("\n## 7. Find")
  let report = Report.shared
  let what = "`rkdebug find --where` ÷ `sqlite3` shell reading the session's `ops`"
  guard let rkdebug else {
    report.add("7", what, "not run: no rkdebug binary", goal: "≤ 5×", .missed)
    return
  }
  guard let sqlite3 = sqlite3Shell() else {
    report.add(
      "7", what, "not run: no sqlite3 shell on PATH (apt-get install sqlite3)", goal: "≤ 5×",
      .missed)
    return
  }
  let actions =
    ProcessInfo.processInfo.environment["RKBENCH_FIND_ACTIONS"].flatMap { Int($0) }
    ?? config.findLogActions
  let path = try findLog(actions: actions, rkdebug: rkdebug, dataDirectory: dataDirectory)
  let small = try findLog(actions: actions / 10, rkdebug: rkdebug, dataDirectory: dataDirectory)
  // `--random N` sends N actions; the session also holds the ones its effects sent.
  let count = try ActionLog.readOnly(path: path).session().actionCount
  let expression = "count >= 10"
  let query = "SELECT ops FROM action_entry WHERE session_id = 1 ORDER BY idx"
  var findTimes: [Double] = []
  var shellTimes: [Double] = []
  var findCPU: [Double] = []
  var shellCPU: [Double] = []
  var rows = 0
  var ranges = 0
  for _ in 0..<config.cliRuns {
    let shell = runProcess(sqlite3, ["-readonly", path, query])
    let find = runProcess(rkdebug, ["find", "--where", expression, "--db", path])
    guard shell.status == 0 else { throw BenchError("sqlite3 failed: \(shell.stderr)") }
    guard find.status == 0 || find.status == 1, find.stderr.isEmpty else {
      throw BenchError("rkdebug find failed: \(find.stderr)")
    }
    shellTimes.append(shell.seconds)
    findTimes.append(find.seconds)
    shellCPU.append(shell.cpuSeconds)
    findCPU.append(find.cpuSeconds)
    rows = shell.stdout.split(separator: "\n").count
    ranges = find.status == 1 ? 0 : find.stdout.split(separator: "\n").count
  }
  guard rows == count else {
    throw BenchError("sqlite3 printed \(rows) rows of ops for \(count) actions")
  }
  let findRSS = peakRSS(of: rkdebug, ["find", "--where", expression, "--db", path])
  let smallRSS = peakRSS(of: rkdebug, ["find", "--where", expression, "--db", small])
  let ratio = median(findTimes) / median(shellTimes)
  let cpuRatio = median(findCPU) / median(shellCPU)
  say(
    "  rkdebug find --where '\(expression)': \(fmtTime(median(findTimes))) (\(ranges) ranges); "
      + "sqlite3 '\(query)': \(fmtTime(median(shellTimes))) (\(config.cliRuns) runs each); "
      + "CPU time \(fmtTime(median(findCPU))) vs \(fmtTime(median(shellCPU)))"
  )
  report.add(
    "7",
    "`rkdebug find --where '\(expression)'` ÷ `sqlite3` shell reading the session's `ops`, "
      + "\(fmtCount(count))-action Counter log (`record --random \(actions) --seed 3`)",
    fmt(ratio) + "×",
    vs: "\(fmtTime(median(findTimes))) vs \(fmtTime(median(shellTimes))); in CPU time "
      + "\(fmt(cpuRatio))× (\(fmtTime(median(findCPU))) vs \(fmtTime(median(shellCPU)))); "
      + "\(ranges) ranges; \(fmtRate(Double(count) / median(findTimes))) with start-up",
    goal: "≤ 5×", verdict(ratio <= 5)
  )
  let what2 = "peak RSS of `rkdebug find`, `--random \(actions)` ÷ `--random \(actions / 10)` log"
  guard let findRSS, let smallRSS else {
    report.add("7", what2, "not measured: no GNU time at /usr/bin/time", goal: "≤ 1.25×", .missed)
    return
  }
  let growth = Double(findRSS) / Double(max(1, smallRSS))
  report.add(
    "7", what2, fmt(growth) + "×",
    vs: "\(fmtBytes(Double(findRSS))) vs \(fmtBytes(Double(smallRSS))) (GNU time's %M)",
    goal: "≤ 1.25×", verdict(growth <= 1.25)
  )
}
