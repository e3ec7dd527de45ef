import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - Time

/// Monotonic time in nanoseconds.
@inline(__always)
func nowNanos() -> UInt64 {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
}

/// Seconds elapsed while running `body`.
@inline(__always)
func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = nowNanos()
  try body()
  return Double(nowNanos() - start) / 1e9
}

func median(_ values: [Double]) -> Double {
  precondition(!values.isEmpty)
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// The value below which a `fraction` of `values` lie (nearest rank), e.g. 0.25 for the first
/// quartile.
func quantile(_ values: [Double], _ fraction: Double) -> Double {
  precondition(!values.isEmpty && (0...1).contains(fraction))
  let sorted = values.sorted()
  let rank = Int((fraction * Double(sorted.count - 1)).rounded())
  return sorted[rank]
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

// MARK: - Formatting

func fmt(_ value: Double, _ digits: Int = 2) -> String {
  String(format: "%.\(digits)f", value)
}

/// A duration in the unit that reads best.
func fmtTime(_ seconds: Double) -> String {
  let magnitude = abs(seconds)
  if magnitude < 1e-6 { return fmt(seconds * 1e9, 0) + " ns" }
  if magnitude < 1e-3 { return fmt(seconds * 1e6, 2) + " µs" }
  if magnitude < 1 { return fmt(seconds * 1e3, 2) + " ms" }
  return fmt(seconds, 2) + " s"
}

func fmtRate(_ perSecond: Double) -> String {
  let whole = Int(perSecond.rounded())
  var digits = Array(String(whole))
  var index = digits.count - 3
  while index > 0 {
    digits.insert(",", at: index)
    index -= 3
  }
  return String(digits) + "/s"
}

func fmtCount(_ count: Int) -> String {
  fmtRate(Double(count)).replacingOccurrences(of: "/s", with: "")
}

func fmtBytes(_ bytes: Double) -> String {
  if bytes < 1024 { return fmt(bytes, 0) + " B" }
  if bytes < 1024 * 1024 { return fmt(bytes / 1024, 1) + " KiB" }
  if bytes < 1024 * 1024 * 1024 { return fmt(bytes / 1024 / 1024, 1) + " MiB" }
  return fmt(bytes / 1024 / 1024 / 1024, 2) + " GiB"
}

func say(_ text: String) {
  print(text)
  fflush(nil)
}

// MARK: - Files

func fileSize(_ path: String) -> Int {
  var info = stat()
  return stat(path, &info) == 0 ? Int(info.st_size) : 0
}

/// The size of a SQLite database with its WAL and shared-memory files.
func databaseSize(_ path: String) -> Int {
  fileSize(path) + fileSize(path + "-wal")
}

func removeDatabase(_ path: String) {
  for suffix in ["", "-wal", "-shm", "-journal"] {
    unlink(path + suffix)
  }
}

func makeTemporaryDirectory() -> String {
  var template = Array((NSTemporaryDirectory() + "/rkbench.XXXXXX").utf8CString)
  let path = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
  precondition(path != nil, "mkdtemp failed")
  return String(cString: path!)
}

/// This executable's path.
func selfExecutable() -> String {
  var buffer = [CChar](repeating: 0, count: 4096)
  let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  if count > 0 {
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
  return CommandLine.arguments[0]
}

/// The peak resident set size of this process (`VmHWM`), in bytes.
func peakRSS() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
    return 0
  }
  for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
    let number = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
    return number * 1024
  }
  return 0
}

func loadAverage() -> String {
  (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))
    .map { $0.split(separator: " ").prefix(3).joined(separator: " ") } ?? "?"
}

// MARK: - Processes

/// The peak resident set size of a run of `executable`, in bytes, measured by GNU time
/// (`/usr/bin/time -f %M`), or `nil` when it is not installed.
///
/// Not `ru_maxrss` of a process this one spawns: `posix_spawn` starts the child in this
/// process's memory, and Linux carries that memory's high-water mark into the child's
/// `ru_maxrss` at `exec`, so it would report rkbench's own peak. GNU time forks a fresh child
/// from its own small process.
func peakRSS(of executable: String, _ arguments: [String]) -> Int? {
  let time = "/usr/bin/time"
  guard FileManager.default.isExecutableFile(atPath: time) else { return nil }
  let result = runProcess(time, ["-f", "%M", executable] + arguments)
  let last = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
  return Int(last.trimmingCharacters(in: .whitespaces)).map { $0 * 1024 }
}

struct ProcessResult {
  var status: Int32
  var stdout: String
  var stderr: String
  var seconds: Double
  /// The process's user and system CPU time (from `wait4`), in seconds: on a shared machine,
  /// steadier than the wall time.
  var cpuSeconds: Double = 0
}

/// Runs a program to completion with posix_spawn (no shell), its output going to temporary
/// files, and times it from spawn to exit.
func runProcess(_ executable: String, _ arguments: [String], environment: [String: String] = [:])
  -> ProcessResult
{
  let directory = NSTemporaryDirectory()
  let outPath = directory + "/rkbench-out-\(getpid())"
  let errPath = directory + "/rkbench-err-\(getpid())"
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

  var env = ProcessInfo.processInfo.environment
  env["NO_COLOR"] = "1"
  for (key, value) in environment { env[key] = value }
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    argv.forEach { free($0) }
    envp.forEach { free($0) }
  }
  var pid: pid_t = 0
  let start = nowNanos()
  let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
  guard spawned == 0 else {
    return ProcessResult(
      status: -1, stdout: "", stderr: "cannot run \(executable): errno \(spawned)", seconds: 0)
  }
  var status: Int32 = 0
  var usage = rusage()
  while wait4(pid, &status, 0, &usage) == -1, errno == EINTR {}
  let elapsed = Double(nowNanos() - start) / 1e9
  let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
  let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
  unlink(outPath)
  unlink(errPath)
  let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  return ProcessResult(
    status: exitStatus, stdout: out, stderr: err, seconds: elapsed,
    cpuSeconds: Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6)
}
