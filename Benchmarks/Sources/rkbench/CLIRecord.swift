import Foundation
import GRDB

/// One `rkdebug record --random` run: its time from spawn to exit and what it left on disk.
struct CLIRecordFigures {
  var seconds: Double
  var cpuSeconds: Double
  /// The actions sent by `--random`, and those in the log (the sent ones and their effects').
  var sent: Int
  var logged: Int
  var effects: Int
  /// The log's size on disk after the process exited (file and WAL).
  var bytes: Int
}

/// Runs `rkdebug record --feature FEATURE --random COUNT --seed 3` into a fresh log at `path`.
func recordThroughCLI(
  rkdebug: String, feature: String, count: Int, path: String
) throws -> CLIRecordFigures {
  removeDatabase(path)
  let result = runProcess(
    rkdebug,
    ["record", "--feature", feature, "--random", String(count), "--seed", "3", "--db", path]
  )
  guard result.status == 0 else { throw BenchError("rkdebug record failed: \(result.stderr)") }
  var configuration = Configuration()
  configuration.readonly = true
  let queue = try DatabaseQueue(path: path, configuration: configuration)
  let (logged, effects) = try queue.read { db in
    (
      try Int.fetchOne(db, sql: "SELECT count(*) FROM action_entry") ?? 0,
      try Int.fetchOne(db, sql: "SELECT count(*) FROM effect") ?? 0
    )
  }
  try queue.close()
  return CLIRecordFigures(
    seconds: result.seconds, cpuSeconds: result.cpuSeconds, sent: count, logged: logged,
    effects: effects, bytes: databaseSize(path)
  )
}

/// Benchmark 8: `rkdebug record --random` end to end (process start, random actions, effects
/// run to completion after each, the log closed), against benchmark 2's in-process recording
/// of Counter actions timed in the same run; and the Todos feature, whose actions are distinct.
@MainActor
func benchCLIRecord(_ config: Config, directory: String, rkdebug: String?) throws {
  say("\n## 8. Recording through the CLI")
  let report = Report.shared
  let counterWhat = "`rkdebug record --feature counter --random N` ÷ in-process recording"
  guard let rkdebug else {
    report.add("8", counterWhat, "not run: no rkdebug binary", goal: "≥ 150,000/s", .missed)
    return
  }
  let count = config.cliRecordActions
  let path = directory + "/cli-record.sqlite"
  let runs = config.quick ? 1 : 3

  var inProcess: [Double] = []
  var counter: [CLIRecordFigures] = []
  for _ in 0..<runs {
    inProcess.append(try recordCounter(count: count, path: path).seconds)
    let figures = try recordThroughCLI(
      rkdebug: rkdebug, feature: "counter", count: count, path: path
    )
    say(
      "  counter: \(fmtCount(count)) random actions (\(fmtCount(figures.logged)) logged, "
        + "\(fmtCount(figures.effects)) effects) in \(fmtTime(figures.seconds)), CPU "
        + "\(fmtTime(figures.cpuSeconds)); \(fmtBytes(Double(figures.bytes))) on disk; "
        + "in-process \(fmtCount(count)) increments \(fmtTime(inProcess.last!))"
    )
    counter.append(figures)
  }
  let last = counter.last!
  let cliRate = Double(count) / median(counter.map(\.seconds))
  let inProcessRate = Double(count) / median(inProcess)
  report.add(
    "8", counterWhat + " (\(fmtCount(count)) actions sent, effects run)", fmtRate(cliRate),
    vs: "in-process benchmark-2 recording \(fmtRate(inProcessRate)): ratio "
      + fmt(cliRate / inProcessRate) + "×",
    goal: "≥ 150,000/s", verdict(cliRate >= 150_000)
  )
  let perAction = Double(last.bytes) / Double(last.logged)
  report.add(
    "8", "bytes per logged action of that log, effect rows included", fmt(perAction, 1) + " B",
    vs: "\(fmtBytes(Double(last.bytes))) for \(fmtCount(last.logged)) actions and "
      + "\(fmtCount(last.effects)) effects",
    goal: "≤ 80 B", verdict(perAction <= 80)
  )

  var todos: [CLIRecordFigures] = []
  for _ in 0..<runs {
    let figures = try recordThroughCLI(
      rkdebug: rkdebug, feature: "todos", count: count, path: path
    )
    say(
      "  todos: \(fmtCount(count)) random actions (\(fmtCount(figures.logged)) logged) in "
        + "\(fmtTime(figures.seconds)), CPU \(fmtTime(figures.cpuSeconds))"
    )
    todos.append(figures)
  }
  removeDatabase(path)
  let todosRate = Double(count) / median(todos.map(\.seconds))
  report.add(
    "8", "`rkdebug record --feature todos --random N` (\(fmtCount(count)) actions sent)",
    fmtRate(todosRate),
    vs: "ratio to the in-process figure " + fmt(todosRate / inProcessRate) + "×",
    goal: "≥ 50,000/s", verdict(todosRate >= 50_000)
  )
}
