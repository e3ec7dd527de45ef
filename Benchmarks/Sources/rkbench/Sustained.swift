import Foundation
import GRDB
import GRDBSQLite
import ReducerKit
import ReducerKitDebug
import ReducerKitSamples

#if canImport(Glibc)
  import Glibc
#endif

/// CPU seconds of the calling thread.
func currentThreadCPUSeconds() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// CPU seconds (user + system) used so far by each thread of this process, by thread id, read
/// from /proc. (The log writer's `Thread.name` does not reach the kernel on Linux, so the writer
/// is found as the busiest thread that appeared while recording.)
func threadCPUSeconds() -> [String: Double] {
  guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else {
    return [:]
  }
  let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
  var result: [String: Double] = [:]
  for tid in tasks {
    guard let stat = try? String(contentsOfFile: "/proc/self/task/\(tid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { continue }
    // Fields after "pid (comm) ": state is field 3; utime and stime are fields 14 and 15.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else {
      continue
    }
    result[tid] = (user + system) / ticks
  }
  return result
}

/// Counter actions for the sustained run: four increments for each decrement, so the count
/// (and the patch values) keep changing. No Counter action here starts an effect.
func counterActions(_ count: Int) -> [Counter.Action] {
  (0..<count).map { $0 % 5 == 4 ? .decrement : .increment }
}

struct SustainedFigures {
  var seconds: Double
  var sendSeconds: Double
  var writerCPU: Double?
  var senderCPU: Double
}

/// Sends `count` Counter actions through a recording store into a file log (with the log's
/// default queue), then flushes and closes it.
@MainActor
func recordCounter(count: Int, path: String) throws -> SustainedFigures {
  removeDatabase(path)
  let actions = counterActions(count)
  let start = nowNanos()
  let cpuStart = currentThreadCPUSeconds()
  let threadsBefore = Set(threadCPUSeconds().keys)
  let log = try ActionLog(path: path)
  let store = Store<Counter>(
    initialState: Counter.State(),
    reducer: Counter().recording(to: log, feature: Counter.name),
    withDependencies: Fixtures.counterDependencies
  )
  for action in actions { store.send(action) }
  let sent = nowNanos()
  let senderCPU = currentThreadCPUSeconds() - cpuStart
  try log.flush()
  // Read before close(): the writer thread ends with it.
  let writerCPU = threadCPUSeconds().filter { !threadsBefore.contains($0.key) }.values.max()
  try log.close()
  let end = nowNanos()
  return SustainedFigures(
    seconds: Double(end - start) / 1e9, sendSeconds: Double(sent - start) / 1e9,
    writerCPU: writerCPU, senderCPU: senderCPU
  )
}

struct IsolatedFigures {
  /// From the first send to the last, while the writer could not write.
  var sendSeconds: Double
  /// From releasing the writer to the end of `flush()`: the writer alone, on the whole backlog.
  var drainSeconds: Double
  var writerCPU: Double?
}

/// Sends `count` Counter actions into a file log whose writer is held off by another
/// connection's write transaction, then releases it and times the writer draining the whole
/// backlog alone.
///
/// The send path is timed without the writer competing for the CPU, and the writer without
/// waiting for the send path: recording both at once (``recordCounter(count:path:)``)
/// runs at the pace of the slower, so that rate says little about the writer. While held, the
/// writer sleeps in SQLite's busy handler, which polls every 100 ms at most: the drain may
/// include up to 100 ms of that wait.
@MainActor
func recordCounterWithWriterHeld(count: Int, path: String) throws -> IsolatedFigures {
  removeDatabase(path)
  let actions = counterActions(count)
  // Room for every command: an action's, a snapshot's every 1,000 actions, the session's.
  let log = try ActionLog(path: path, bufferCapacity: 2 * count + 16)
  var blocker: OpaquePointer?
  guard sqlite3_open_v2(path, &blocker, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK,
    sqlite3_exec(blocker, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK
  else { throw BenchError("cannot hold the write lock of \(path)") }
  defer { sqlite3_close_v2(blocker) }
  let threadsBefore = Set(threadCPUSeconds().keys)
  let store = Store<Counter>(
    initialState: Counter.State(),
    reducer: Counter().recording(to: log, feature: Counter.name),
    withDependencies: Fixtures.counterDependencies
  )
  let start = nowNanos()
  for action in actions { store.send(action) }
  let sent = nowNanos()
  guard sqlite3_exec(blocker, "COMMIT", nil, nil, nil) == SQLITE_OK else {
    throw BenchError("cannot release the write lock of \(path)")
  }
  let released = nowNanos()
  try log.flush()
  let drained = nowNanos()
  let writerCPU = threadCPUSeconds().filter { !threadsBefore.contains($0.key) }.values.max()
  try log.close()
  guard try ActionLog.readOnly(path: path).session().actionCount == count else {
    throw BenchError("the held writer's log lacks actions")
  }
  return IsolatedFigures(
    sendSeconds: Double(sent - start) / 1e9, drainSeconds: Double(drained - released) / 1e9,
    writerCPU: writerCPU
  )
}

// MARK: - Raw SQLite

/// The `action_entry` table of docs/log-format.md (schema 2), alone: the row the log's writer
/// inserts per action.
let rawSchema = """
  CREATE TABLE action_entry (
    session_id INTEGER NOT NULL, idx INTEGER NOT NULL, text_id INTEGER NOT NULL,
    effect_id INTEGER, parent_idx INTEGER, time_us INTEGER NOT NULL,
    duration_ns INTEGER NOT NULL, ops TEXT NOT NULL, PRIMARY KEY (session_id, idx)
  ) WITHOUT ROWID
  """

let rawInsert = """
  INSERT INTO action_entry (session_id, idx, text_id, effect_id, parent_idx, time_us,
    duration_ns, ops) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
  """

/// Appends the decimal digits of `value`.
@inline(__always)
func appendDecimal(_ value: Int, to buffer: inout [UInt8]) {
  if value < 0 {
    buffer.append(UInt8(ascii: "-"))
    appendDecimal(-value, to: &buffer)
    return
  }
  if value >= 10 { appendDecimal(value / 10, to: &buffer) }
  buffer.append(UInt8(ascii: "0") + UInt8(value % 10))
}

/// The compact patch the recorder writes for a Counter action, built by hand.
@inline(__always)
func counterPatch(_ index: Int, into buffer: inout [UInt8]) {
  buffer.removeAll(keepingCapacity: true)
  buffer.append(contentsOf: #"[["=","/count","#.utf8)
  appendDecimal(index, to: &buffer)
  buffer.append(contentsOf: ",".utf8)
  appendDecimal(index - 1, to: &buffer)
  buffer.append(contentsOf: "]]".utf8)
}

struct RawFigures {
  var wallRate: Double
  var cpuRate: Double
}

/// Inserts `count` Counter-like action rows through SQLite's C API with one prepared
/// statement, WAL and `synchronous = NORMAL` as the log uses, committing every `commitEvery`
/// rows.
func rawSQLiteInsert(count: Int, commitEvery: Int, path: String) -> RawFigures {
  removeDatabase(path)
  var db: OpaquePointer?
  guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK
  else { fatalError("sqlite3_open_v2 failed") }
  defer { sqlite3_close_v2(db) }
  func exec(_ sql: String) {
    guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
      fatalError("sqlite3_exec: \(String(cString: sqlite3_errmsg(db)))")
    }
  }
  exec("PRAGMA journal_mode = WAL")
  exec("PRAGMA synchronous = NORMAL")
  exec(rawSchema)
  var statement: OpaquePointer?
  guard sqlite3_prepare_v2(db, rawInsert, -1, &statement, nil) == SQLITE_OK else {
    fatalError("prepare: \(String(cString: sqlite3_errmsg(db)))")
  }
  defer { sqlite3_finalize(statement) }
  var patch: [UInt8] = []
  patch.reserveCapacity(128)

  let start = nowNanos()
  let cpuStart = currentThreadCPUSeconds()
  exec("BEGIN")
  for index in 1...count {
    counterPatch(index, into: &patch)
    sqlite3_bind_int64(statement, 1, 1)
    sqlite3_bind_int64(statement, 2, Int64(index))
    sqlite3_bind_int64(statement, 3, Int64(1 + index % 2))
    sqlite3_bind_null(statement, 4)
    sqlite3_bind_null(statement, 5)
    sqlite3_bind_int64(statement, 6, Int64(index) * 7)
    sqlite3_bind_int64(statement, 7, 1200)
    let code = patch.withUnsafeBytes {
      sqlite3_bind_text(statement, 8, $0.baseAddress, Int32($0.count), nil)
      return sqlite3_step(statement)
    }
    guard code == SQLITE_DONE else { fatalError("step: \(String(cString: sqlite3_errmsg(db)))") }
    sqlite3_reset(statement)
    if index % commitEvery == 0 {
      exec("COMMIT")
      exec("BEGIN")
    }
  }
  exec("COMMIT")
  let cpu = currentThreadCPUSeconds() - cpuStart
  let wall = Double(nowNanos() - start) / 1e9
  return RawFigures(wallRate: Double(count) / wall, cpuRate: Double(count) / cpu)
}

/// The same rows through GRDB's prepared statements (what the log's writer uses).
func grdbInsert(count: Int, commitEvery: Int, path: String) throws -> RawFigures {
  removeDatabase(path)
  var configuration = Configuration()
  configuration.journalMode = .wal
  configuration.prepareDatabase { try $0.execute(sql: "PRAGMA synchronous = NORMAL") }
  let queue = try DatabaseQueue(path: path, configuration: configuration)
  try queue.write { try $0.execute(sql: rawSchema) }
  var patch: [UInt8] = []
  let start = nowNanos()
  let cpuStart = currentThreadCPUSeconds()
  var index = 1
  while index <= count {
    let last = min(count, index + commitEvery - 1)
    try queue.inTransaction { db in
      let statement = try db.cachedStatement(sql: rawInsert)
      for row in index...last {
        counterPatch(row, into: &patch)
        try statement.execute(arguments: [
          1, row, 1 + row % 2, nil, nil, row * 7, 1200, String(decoding: patch, as: UTF8.self),
        ])
      }
      return .commit
    }
    index = last + 1
  }
  let cpu = currentThreadCPUSeconds() - cpuStart
  let wall = Double(nowNanos() - start) / 1e9
  try queue.close()
  return RawFigures(wallRate: Double(count) / wall, cpuRate: Double(count) / cpu)
}

// MARK: - Benchmarks 2, 5 and 6

/// Records the sustained Counter log, compares the writer with raw SQLite, and measures size
/// and memory. Returns the path of the Counter log for the replay benchmark.
@MainActor
func benchSustained(_ config: Config, directory: String) throws -> String {
  say("\n## 2. Sustained recording")
  let report = Report.shared
  let count = config.sustainedActions
  let path = directory + "/counter-sustained.sqlite"

  // The send path alone and the writer alone: the writer held off while every action is sent.
  var held: [IsolatedFigures] = []
  let heldPath = directory + "/counter-held.sqlite"
  for _ in 0..<(config.quick ? 1 : 3) {
    let figures = try recordCounterWithWriterHeld(count: count, path: heldPath)
    say(
      "  writer held: sends took \(fmtTime(figures.sendSeconds)) "
        + "(\(fmtRate(Double(count) / figures.sendSeconds)) on the send path alone); released, "
        + "the writer drained them in \(fmtTime(figures.drainSeconds)) "
        + "(\(fmtRate(Double(count) / figures.drainSeconds)); writer thread CPU "
        + "\(figures.writerCPU.map(fmtTime) ?? "?"))"
    )
    held.append(figures)
  }
  removeDatabase(heldPath)
  let sendAlone = Double(count) / median(held.map(\.sendSeconds))
  let writerAlone = Double(count) / median(held.map(\.drainSeconds))

  var runs: [SustainedFigures] = []
  let repetitions = config.quick ? 2 : 3
  for _ in 0..<repetitions {
    let figures = try recordCounter(count: count, path: path)
    say(
      "  \(fmtCount(count)) actions recorded, flushed and closed in \(fmtTime(figures.seconds)) "
        + "(sends returned after \(fmtTime(figures.sendSeconds)); writer thread CPU "
        + "\(figures.writerCPU.map(fmtTime) ?? "?"), sending thread CPU \(fmtTime(figures.senderCPU)))"
    )
    runs.append(figures)
  }
  let endToEnd = Double(count) / median(runs.map(\.seconds))
  let writerCPUs = runs.compactMap(\.writerCPU)
  let writerCPURate = writerCPUs.isEmpty ? 0 : Double(count) / median(writerCPUs)

  let rawPath = directory + "/raw.sqlite"
  let rawRows = config.rawRows
  var rawOne: [RawFigures] = []
  var rawThousand: [RawFigures] = []
  var grdb: [RawFigures] = []
  for _ in 0..<repetitions {
    rawOne.append(rawSQLiteInsert(count: rawRows, commitEvery: rawRows, path: rawPath))
    rawThousand.append(rawSQLiteInsert(count: rawRows, commitEvery: 1000, path: rawPath))
    grdb.append(try grdbInsert(count: rawRows, commitEvery: 1000, path: rawPath))
  }
  removeDatabase(rawPath)
  let rawOneWall = median(rawOne.map(\.wallRate))
  let rawWall = median(rawThousand.map(\.wallRate))
  let rawCPU = median(rawThousand.map(\.cpuRate))
  let grdbWall = median(grdb.map(\.wallRate))
  say(
    "  raw SQLite C API: \(fmtRate(rawOneWall)) in one transaction, \(fmtRate(rawWall)) "
      + "committing every 1,000 (\(fmtRate(rawCPU)) per CPU second); GRDB prepared statements "
      + "\(fmtRate(grdbWall)) committing every 1,000"
  )

  report.add(
    "2", "sustained recording, \(fmtCount(count)) Counter actions, end to end (flushed, closed)",
    fmtRate(endToEnd),
    vs: "send path alone \(fmtRate(sendAlone)), writer alone \(fmtRate(writerAlone))",
    goal: "≥ 150,000/s", verdict(endToEnd >= 150_000)
  )
  // Against the faster of the two raw loops: the drain is one transaction, like the first.
  let rawBest = max(rawOneWall, rawWall)
  let writerRatio = writerAlone / rawBest
  report.add(
    "2", "writer's row rate (alone, draining \(fmtCount(count)) queued actions) ÷ raw SQLite C-API loop (the faster of its two runs)",
    fmt(writerRatio) + "×",
    vs: "writer \(fmtRate(writerAlone)) vs raw \(fmtRate(rawOneWall)) in one transaction, "
      + "\(fmtRate(rawWall)) committing every 1,000; GRDB statements \(fmtRate(grdbWall))",
    goal: "≥ 0.5×", verdict(writerRatio >= 0.5)
  )
  report.add(
    "2", "end-to-end recording rate ÷ raw loop (commit every 1,000)", fmt(endToEnd / rawWall) + "×",
    vs: "\(fmtRate(endToEnd)) vs \(fmtRate(rawWall)): the pace of the slower of the send path "
      + "and the writer, sharing two vCPUs"
  )
  if writerCPURate > 0 {
    report.add(
      "2", "writer's rows per CPU second ÷ raw loop's", fmt(writerCPURate / rawCPU) + "×",
      vs: "writer thread \(fmtRate(writerCPURate)) vs raw \(fmtRate(rawCPU)) per CPU second"
    )
  }

  // 6. Size.
  say("\n## 6. Size and memory")
  let bytes = databaseSize(path)
  let perAction = Double(bytes) / Double(count)
  let breakdown = (try? sizeBreakdown(path: path)) ?? ""
  say("  \(fmtBytes(Double(bytes))) on disk for \(fmtCount(count)) actions\(breakdown.isEmpty ? "" : "; " + breakdown)")
  report.add(
    "6", "bytes per Counter action on disk (file size after close ÷ actions)",
    fmt(perAction, 1) + " B", vs: breakdown, goal: "≤ 80 B", verdict(perAction <= 80)
  )
  return path
}

/// Where the bytes of a log go: per-action averages of each column, and pages per table.
func sizeBreakdown(path: String) throws -> String {
  var configuration = Configuration()
  configuration.readonly = true
  let queue = try DatabaseQueue(path: path, configuration: configuration)
  defer { try? queue.close() }
  return try queue.read { db in
    guard
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT count(*) AS n, avg(length(ops)) AS ops,
            (SELECT count(*) FROM action_text) AS texts FROM action_entry
          """)
    else { return "" }
    var parts: [String] = []
    let n: Int = row["n"]
    if n > 0 {
      parts.append(
        "per action: ops \(fmt(row["ops"] as Double, 0)) B + text id, idx, time_us, duration_ns; "
          + "\(row["texts"] as Int) distinct action texts stored once"
      )
    }
    if let pages = try? Row.fetchAll(
      db, sql: "SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC")
    {
      let text = pages.prefix(3).map { "\($0["name"] as String) \(fmtBytes($0["bytes"] as Double))" }
      parts.append("pages: " + text.joined(separator: ", "))
    }
    return parts.joined(separator: "; ")
  }
}

/// Peak RSS of a child process recording `count` Counter actions.
func childPeakRSS(count: Int, directory: String) -> Int? {
  let path = directory + "/rss-\(count).sqlite"
  let result = runProcess(selfExecutable(), ["--child-record", String(count), path])
  removeDatabase(path)
  guard result.status == 0,
    let line = result.stdout.split(separator: "\n").first(where: { $0.hasPrefix("peak-rss ") }),
    let bytes = Int(line.dropFirst("peak-rss ".count))
  else {
    say("  child failed (\(result.status)): \(result.stderr)")
    return nil
  }
  return bytes
}

@MainActor
func benchMemory(_ config: Config, directory: String) {
  let report = Report.shared
  var small: [Int] = []
  var large: [Int] = []
  for _ in 0..<(config.quick ? 1 : 3) {
    if let bytes = childPeakRSS(count: config.rssSmall, directory: directory) { small.append(bytes) }
    if let bytes = childPeakRSS(count: config.rssLarge, directory: directory) { large.append(bytes) }
  }
  guard !small.isEmpty, !large.isEmpty else {
    report.add("6", "peak RSS", "child process failed", goal: "≤ 2×", .missed)
    return
  }
  let smallRSS = Double(small.sorted()[small.count / 2])
  let largeRSS = Double(large.sorted()[large.count / 2])
  say(
    "  peak RSS recording \(fmtCount(config.rssSmall)) actions: \(fmtBytes(smallRSS)); "
      + "\(fmtCount(config.rssLarge)): \(fmtBytes(largeRSS))"
  )
  let ratio = largeRSS / smallRSS
  report.add(
    "6", "peak RSS recording \(fmtCount(config.rssLarge)) ÷ \(fmtCount(config.rssSmall)) Counter actions",
    fmt(ratio) + "×", vs: "\(fmtBytes(largeRSS)) vs \(fmtBytes(smallRSS)) (VmHWM of a child process)",
    goal: "≤ 2×", verdict(ratio <= 2)
  )
}

/// `rkbench --child-record N PATH`: records N Counter actions, then prints its peak RSS.
@MainActor
func childRecord(count: Int, path: String) throws {
  _ = try recordCounter(count: count, path: path)
  print("peak-rss \(peakRSS())")
}
