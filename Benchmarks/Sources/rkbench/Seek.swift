import Foundation
import GRDB
import ReducerKit
import ReducerKitDebug
import ReducerKitSamples

/// Bump when the way the Todos log is built changes, so cached logs are rebuilt.
let todosLogVersion = 5  // 4: WAL emptied on close; 5: log schema 5

/// The index at which the benchmark's Todos log adds a row: `todos.count > ROWS` first holds
/// there, so `bisect --where` has a known answer.
func todosLogAddIndex(actions: Int) -> Int {
  Int(Double(actions) * 0.618) + 7
}

/// The cached Todos log of benchmarks 3 and 4: `actions` actions on a list of `rows` to-dos,
/// recorded once into Benchmarks/.data/ (git-ignored) and reused while its marker matches.
@MainActor
func todosLog(actions: Int, rows: Int, dataDirectory: String) async throws -> String {
  try FileManager.default.createDirectory(
    atPath: dataDirectory, withIntermediateDirectories: true)
  let path = dataDirectory + "/todos-\(rows)rows-\(actions)actions.sqlite"
  let marker = path + ".ok"
  let expected = "v\(todosLogVersion) schema-checked"
  if (try? String(contentsOfFile: marker, encoding: .utf8)) == expected,
    let log = try? ActionLog.readOnly(path: path),
    let session = try? log.session(), session.actionCount == actions
  {
    say("  using the cached Todos log \(path) (\(fmtBytes(Double(databaseSize(path)))))")
    return path
  }
  unlink(marker)
  removeDatabase(path)
  say("  recording the Todos log (\(fmtCount(actions)) actions, \(fmtCount(rows)) rows) into \(path) …")
  let start = nowNanos()
  let log = try ActionLog(path: path)
  let store = Store<Todos>(
    initialState: Fixtures.todos(rows: rows),
    reducer: Todos().recording(to: log, feature: Todos.name),
    withDependencies: Fixtures.todosDependencies
  )
  let addIndex = todosLogAddIndex(actions: actions)
  var rng = SplitMix64(seed: 0x5EED)
  for index in 1...actions {
    if index == addIndex {
      store.send(.addTodoButtonTapped)
    } else {
      // Row ids 1…rows exist throughout (rows are only added, never removed).
      let row = Int.random(in: 1...rows, using: &rng)
      if Bool.random(using: &rng) {
        store.send(.todos(.element(id: UUID(row), action: .checkBoxToggled)))
      } else {
        store.send(.todos(.element(id: UUID(row), action: .titleChanged("Todo \(row) #\(index)"))))
      }
    }
    if index % 1000 == 0 {
      await Fixtures.drain()
      if index % 100_000 == 0 {
        say("    \(fmtCount(index)) actions (\(fmtTime(Double(nowNanos() - start) / 1e9)))")
      }
    }
  }
  try log.close()
  await Fixtures.drain()
  try expected.write(toFile: marker, atomically: true, encoding: .utf8)
  say(
    "  recorded in \(fmtTime(Double(nowNanos() - start) / 1e9)): \(fmtBytes(Double(databaseSize(path))))"
  )
  return path
}


/// The `rkdebug` executable the CLI benchmarks run.
func rkdebugPath(override: String?) -> String? {
  if let override { return FileManager.default.isExecutableFile(atPath: override) ? override : nil }
  let sibling = (selfExecutable() as NSString).deletingLastPathComponent + "/rkdebug"
  return FileManager.default.isExecutableFile(atPath: sibling) ? sibling : nil
}

@MainActor
func benchSeek(_ config: Config, logPath: String, rkdebug: String?) throws {
  say("\n## 3. Seeking")
  let report = Report.shared
  let log = try ActionLog.readOnly(path: logPath)
  let count = try log.session().actionCount
  var rng = SplitMix64(seed: 42)
  var times: [Double] = []
  var openTimes: [Double] = []
  for _ in 0..<config.seeks {
    let index = Int.random(in: 1...count, using: &rng)
    let reader = try log.reader()
    let elapsed = try seconds { blackHole(try reader.stateJSON(at: index)) }
    times.append(elapsed)
    // The same, opening the file and the session too, as a CLI process does.
    let other = Int.random(in: 1...count, using: &rng)
    openTimes.append(
      try seconds {
        let reader = try ActionLog.readOnly(path: logPath).reader()
        blackHole(try reader.stateJSON(at: other))
      })
  }
  let sorted = times.sorted()
  let p90 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.9))]
  say(
    "  stateJSON(at:) on a fresh reader, \(times.count) random indices of \(fmtCount(count)): "
      + "median \(fmtTime(median(times))), p90 \(fmtTime(p90)), max \(fmtTime(sorted.last!)); "
      + "with opening the log: median \(fmtTime(median(openTimes)))"
  )
  report.add(
    "3", "`SessionReader.stateJSON(at:)`, random N, fresh reader, \(fmtCount(count))-action Todos log",
    fmtTime(median(times)),
    vs: "p90 \(fmtTime(p90)), max \(fmtTime(sorted.last!)); opening the log too: \(fmtTime(median(openTimes)))",
    goal: "≤ 10 ms", verdict(median(times) <= 0.010)
  )

  guard let rkdebug else {
    report.add("3", "`rkdebug state --at N` ÷ `rkdebug sessions`", "not run: no rkdebug binary", goal: "≤ 3×", .missed)
    return
  }
  var stateTimes: [Double] = []
  var sessionTimes: [Double] = []
  for _ in 0..<config.cliRuns {
    let index = Int.random(in: 1...count, using: &rng)
    let sessions = runProcess(rkdebug, ["sessions", "--db", logPath])
    let state = runProcess(rkdebug, ["state", "--at", String(index), "--db", logPath])
    guard sessions.status == 0, state.status == 0 else {
      throw BenchError("rkdebug failed: \(sessions.stderr)\(state.stderr)")
    }
    sessionTimes.append(sessions.seconds)
    stateTimes.append(state.seconds)
  }
  let ratio = median(stateTimes) / median(sessionTimes)
  say(
    "  rkdebug state --at N: \(fmtTime(median(stateTimes))); rkdebug sessions: "
      + "\(fmtTime(median(sessionTimes))) (\(config.cliRuns) runs each)"
  )
  report.add(
    "3", "`rkdebug state --at N` process ÷ `rkdebug sessions` process", fmt(ratio) + "×",
    vs: "\(fmtTime(median(stateTimes))) vs \(fmtTime(median(sessionTimes)))", goal: "≤ 3×",
    verdict(ratio <= 3)
  )
}

@MainActor
func benchBisect(_ config: Config, logPath: String, rows: Int, rkdebug: String?) throws {
  say("\n## 4. Bisect")
  let report = Report.shared
  guard let rkdebug else {
    report.add("4", "`rkdebug bisect --where`", "not run: no rkdebug binary", goal: "≤ 25, < 0.5 s", .missed)
    return
  }
  let expression = "todos.count > \(rows)"
  let actions = try ActionLog.readOnly(path: logPath).session().actionCount
  let expected = todosLogAddIndex(actions: actions)
  var times: [Double] = []
  var probes: Int?
  var found: Int?
  for _ in 0..<config.cliRuns {
    let result = runProcess(rkdebug, ["bisect", "--where", expression, "--db", logPath])
    guard result.status == 0 else { throw BenchError("rkdebug bisect failed: \(result.stderr)") }
    times.append(result.seconds)
    let firstLine = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
    probes = firstLine.firstMatch(of: /with (\d+) state reconstruction/).flatMap { Int($0.1) }
    found = firstLine.firstMatch(of: /first holds at index (\d+)/).flatMap { Int($0.1) }
  }
  say(
    "  rkdebug bisect --where '\(expression)': index \(found.map(String.init) ?? "?") "
      + "(expected \(expected)) with \(probes.map(String.init) ?? "?") reconstructions, "
      + "\(fmtTime(median(times))) per process"
  )
  let correct = found == expected
  report.add(
    "4", "`rkdebug bisect --where '\(expression)'`: reconstructions", probes.map(String.init) ?? "?",
    vs: "found index \(found.map(String.init) ?? "?") (\(correct ? "correct" : "WRONG, expected \(expected)"))",
    goal: "≤ 25", verdict((probes ?? .max) <= 25 && correct)
  )
  report.add(
    "4", "`rkdebug bisect --where` whole process", fmtTime(median(times)),
    goal: "< 0.5 s", verdict(median(times) < 0.5)
  )
}

@MainActor
func benchReplay(_ config: Config, counterLog: String, rkdebug: String?) throws {
  say("\n## 5. Replay with verification")
  let report = Report.shared
  let log = try ActionLog.readOnly(path: counterLog)
  var rates: [Double] = []
  var count = 0
  for _ in 0..<(config.quick ? 2 : 3) {
    let start = nowNanos()
    let engine = try ReplayEngine(reader: log.reader(), reducer: Counter())
    let result = try engine.run(to: nil, skipping: [], progress: nil)
    let elapsed = Double(nowNanos() - start) / 1e9
    guard result.divergence == nil else { throw BenchError("the replay diverged") }
    count = result.actionCount
    rates.append(Double(result.actionCount) / elapsed)
  }
  say("  ReplayEngine over \(fmtCount(count)) Counter actions: \(fmtRate(median(rates)))")
  var cliText = "CLI not run"
  if let rkdebug {
    var cliRates: [Double] = []
    for _ in 0..<(config.quick ? 1 : 3) {
      let result = runProcess(rkdebug, ["replay", "--db", counterLog])
      guard result.status == 0 else { throw BenchError("rkdebug replay failed: \(result.stderr)") }
      cliRates.append(Double(count) / result.seconds)
    }
    cliText = "`rkdebug replay` process, start-up included: \(fmtRate(median(cliRates)))"
    say("  " + cliText)
  }
  report.add(
    "5", "replay with verification, \(fmtCount(count)) Counter actions (`ReplayEngine.run`)",
    fmtRate(median(rates)), vs: cliText, goal: "≥ 100,000/s", verdict(median(rates) >= 100_000)
  )
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
