// rkbench: what recording, seeking, bisecting and replaying cost, against baselines measured in
// the same run. docs/performance.md explains each benchmark and holds the latest full run.
//
//   swift build -c release --product rkdebug
//   swift run -c release rkbench [--quick] [--only 1,3]
//       [--rkdebug PATH] [--data DIR] [--markdown FILE]
//   swift run -c release rkbench --instructions [10,10000]

import Foundation
import GRDBSQLite

let usage = """
  usage: rkbench [--quick] [--only N[,N…]] [--rkdebug PATH] [--data DIR] [--markdown FILE]

    --quick          tiny sizes (seconds in all), for CI: checks that everything runs
    --only 1,3       run only these benchmarks (1 send overhead, 2 sustained recording,
                     3 seeking, 4 bisect, 5 replay, 6 size and memory, 7 find, 8 recording
                     through the CLI; 2 also feeds 5 and 6)
    --rkdebug PATH   the rkdebug binary to time (default: the one next to rkbench, built with
                     swift build -c release --product rkdebug)
    --data DIR       where the Todos log of benchmarks 3 and 4 and the Counter logs of 7
                     are cached
                     (default: Benchmarks/.data, git-ignored)
    --markdown FILE  also write the results table to FILE

  For a profiler: rkbench --child-send toggle|rename|counter|uuid|push|presented|favorite|outside
  ROWS COUNT plain|recording|linked PATH sends COUNT actions to one store (one case of benchmark 1
  alone) and prints its time per action (push and presented: the Library over ROWS screens;
  favorite and outside: shared changes of a Playlist of ROWS songs).

  rkbench --instructions [ROWS[,ROWS…]] counts, with valgrind's callgrind, the instructions
  the sending thread runs per action, plain and recording: Counter increments (no dependency
  read), a reducer that reads one uuid(), Todos rename and toggle at these numbers of rows
  (default 10), the Library's push and presented form's binding over that many screens, and
  a Playlist's shared changes over that many songs: the send path's cost without the machine's
  noise.

  Exit status: 0 when every benchmark ran (goals met or not), 1 when one failed to run.
  """

@MainActor
func main() async -> Int32 {
  var arguments = Array(CommandLine.arguments.dropFirst())
  func value(after flag: String) -> String? {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else {
      return nil
    }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
    return value
  }

  if let index = arguments.firstIndex(of: "--child-record"), index + 2 < arguments.count,
    let count = Int(arguments[index + 1])
  {
    do {
      try childRecord(count: count, path: arguments[index + 2])
      return 0
    } catch {
      print("child failed: \(error)")
      return 1
    }
  }
  if let index = arguments.firstIndex(of: "--child-send"), index + 5 < arguments.count {
    do {
      try await childSend(
        kind: arguments[index + 1], rows: Int(arguments[index + 2]) ?? 0,
        count: Int(arguments[index + 3]) ?? 0, mode: arguments[index + 4],
        path: arguments[index + 5]
      )
      return 0
    } catch {
      print("child failed: \(error)")
      return 1
    }
  }
  if let index = arguments.firstIndex(of: "--instructions") {
    let list =
      index + 1 < arguments.count && !arguments[index + 1].hasPrefix("--")
      ? arguments[index + 1] : "10"
    let rows = list.split(separator: ",").compactMap { Int($0) }
    guard !rows.isEmpty, rows.count == list.split(separator: ",").count, rows.allSatisfy({ $0 > 0 })
    else {
      print("rkbench: --instructions takes row counts such as 10,10000, not '\(list)'")
      return 2
    }
    let directory = makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    do {
      try countInstructions(rows: rows, directory: directory)
      return 0
    } catch {
      print("rkbench: \(error)")
      return 1
    }
  }
  if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    return 0
  }
  let quick = arguments.contains("--quick")
  arguments.removeAll { $0 == "--quick" }
  let only = value(after: "--only").map { Set($0.split(separator: ",").compactMap { Int($0) }) }
  let rkdebugOverride = value(after: "--rkdebug")
  let packageDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
  let dataDirectory = value(after: "--data") ?? packageDirectory + "/.data"
  let markdownPath = value(after: "--markdown")
  guard arguments.isEmpty else {
    print("rkbench: unknown arguments \(arguments)\n\n\(usage)")
    return 2
  }
  func wants(_ bench: Int) -> Bool { only?.contains(bench) ?? true }

  let config = quick ? Config.quickRun : Config.full
  let cpu =
    ((try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? "")
    .split(separator: "\n").first { $0.hasPrefix("model name") }
    .map { $0.split(separator: ":", maxSplits: 1).last!.trimmingCharacters(in: .whitespaces) } ?? "?"
  say("rkbench \(quick ? "--quick" : "(full run)")")
  say(
    "machine: \(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
      + "\(fmtBytes(Double(ProcessInfo.processInfo.physicalMemory))); SQLite "
      + "\(String(cString: sqlite3_libversion())); load average at start \(loadAverage())"
  )
  let rkdebug = rkdebugPath(override: rkdebugOverride)
  say("rkdebug binary: \(rkdebug ?? "not found (CLI benchmarks will report 'not run')")")

  let directory = makeTemporaryDirectory()
  defer { try? FileManager.default.removeItem(atPath: directory) }
  let start = nowNanos()
  var failures = 0
  func attempt(_ name: String, _ body: () async throws -> Void) async {
    do {
      try await body()
    } catch {
      failures += 1
      say("  \(name) FAILED: \(error)")
      Report.shared.add(name, "benchmark failed to run", "\(error)", .missed)
    }
  }

  if wants(1) {
    await attempt("1") { try await benchSendOverhead(config, directory: directory) }
  }
  var counterLog: String?
  if wants(2) || wants(5) || wants(6) {
    await attempt("2") { counterLog = try benchSustained(config, directory: directory) }
  }
  if wants(6) {
    benchMemory(config, directory: directory)
  }
  if wants(3) || wants(4) {
    await attempt("3") {
      say("\n## Todos log for 3 and 4")
      let path = try await todosLog(
        actions: config.todosLogActions, rows: config.todosLogRows, dataDirectory: dataDirectory
      )
      if wants(3) { try benchSeek(config, logPath: path, rkdebug: rkdebug) }
      if wants(4) {
        try benchBisect(config, logPath: path, rows: config.todosLogRows, rkdebug: rkdebug)
      }
    }
  }
  if wants(5), let counterLog {
    await attempt("5") { try benchReplay(config, counterLog: counterLog, rkdebug: rkdebug) }
  }
  if wants(7) {
    await attempt("7") {
      try benchFind(config, dataDirectory: dataDirectory, rkdebug: rkdebug)
    }
  }

  if wants(8) {
    await attempt("8") {
      var sized = config
      if let actions = ProcessInfo.processInfo.environment["RKBENCH_CLI_RECORD_ACTIONS"]
        .flatMap(Int.init), actions > 0
      {
        sized.cliRecordActions = actions
      }
      try benchCLIRecord(sized, directory: directory, rkdebug: rkdebug)
    }
  }

  let report = Report.shared
  say("\n## Results (\(quick ? "--quick sizes: not comparable with the goals" : "full run"))\n")
  let table = report.markdown()
  say(table)
  say(
    "\(report.metCount) goals met, \(report.missedCount) not met; took "
      + "\(fmtTime(Double(nowNanos() - start) / 1e9)); load average at end \(loadAverage())"
  )
  if let markdownPath {
    try? table.write(toFile: markdownPath, atomically: true, encoding: .utf8)
  }
  return failures == 0 ? 0 : 1
}

exit(await main())
