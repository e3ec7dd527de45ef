import Foundation
import ReducerKitTestSupport
import Testing

/// Random mutations of a real batch sent to a running collector, for a bounded time: every
/// answer is a 2xx or a 4xx, the collector stays up, and the session stored before exports
/// byte for byte as it did (issue 42).
extension ServeCommandTests {
  /// A seeded generator (SplitMix64): a failure names its seed, and the same seed sends the
  /// same requests in the same order.
  struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Mutations of the lines of a batch, as bytes: numbers at the ends of what a `Double` or an
  /// integer holds, NaN-like text, huge and empty ids and strings, text that is not UTF-8,
  /// NUL, truncation, lines dropped or repeated.
  struct BatchMutator {
    var random: SeededGenerator

    static let numbers = [
      "1e308", "-1e308", "1e400", "-1e400", "NaN", "Infinity", "-0", "1e-400", "\"NaN\"",
      "9223372036854775807", "9223372036854775808", "-9223372036854775809", "2147483648",
      "-1", "0", "1.5", "\"\"", "null", "true", "[]", "{}",
    ]
    static let strings = [
      "\"\"", "\"\\u0000\"", "\"a\\u0000b\"", "\"NaN\"", "\"not-a-uuid\"", "1e308", "null",
      "\"\\ud800\"", "\"'; DROP TABLE session; --\"", "{}", "[\"\\u0000\"]",
    ]
    static let bytes: [[UInt8]] = [
      [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0x00], [0xF8],
      [0x0A], [0x22], [0x5C], [0x7B],
    ]

    mutating func pick<T>(_ values: [T]) -> T {
      values[Int.random(in: 0..<values.count, using: &random)]
    }

    /// One mutation of `lines` (the session line first), as the bytes of a batch.
    mutating func mutate(_ lines: [String]) -> [UInt8] {
      var lines = lines
      // Each batch its own session, unless a mutation aims at the id: a batch that mutates
      // the stored session's lines could legitimately end one of its running effects.
      lines[0] = ServeCommandTests.replacing("uuid", in: lines[0], with: "\"\(uuid())\"")
      let line = Int.random(in: 0..<lines.count, using: &random)
      switch Int.random(in: 0..<9, using: &random) {
      case 0:  // A number, somewhere.
        lines[line] = replaceValue(
          in: lines[line], pattern: "-?[0-9][0-9.eE+-]*", with: pick(Self.numbers))
      case 1:  // A string, somewhere.
        lines[line] = replaceValue(
          in: lines[line], pattern: "\"(?:[^\"\\\\]|\\\\.)*\"(?=[,}\\]])", with: pick(Self.strings))
      case 2:  // The session's id: empty, huge, not a UUID.
        let id = pick([
          "", String(repeating: "9", count: 20_000), "not-a-uuid", "F70B64A5-B296-4A05-B37D",
          "\\u0000", "F70B64A5-B296-4A05-B37D-2F275D148EDA\\u0000",
        ])
        lines[0] = ServeCommandTests.replacing("uuid", in: lines[0], with: "\"\(id)\"")
      case 3:  // A time or a duration.
        let name = pick([
          "time", "durationNanos", "startedAt", "endedAt", "index", "id", "actionIndex",
        ])
        if lines[line].contains("\"\(name)\":") {
          lines[line] = ServeCommandTests.replacing(name, in: lines[line], with: pick(Self.numbers))
        }
      case 4:  // Lines dropped or repeated.
        if Bool.random(using: &random) {
          lines.remove(at: line)
        } else {
          lines.insert(lines[line], at: line)
        }
      default:
        break
      }
      var bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
      let position = Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<8, using: &random) {
      case 0: bytes.insert(contentsOf: pick(Self.bytes), at: position)
      case 1: bytes.removeSubrange(position...)  // Truncated.
      case 2: bytes[position] = UInt8.random(in: 0...255, using: &random)
      default: break
      }
      return bytes
    }

    /// A version 4 UUID from the generator.
    mutating func uuid() -> String {
      let high = random.next()
      let low = random.next()
      return String(
        format: "%08llX-%04llX-4%03llX-%04llX-%012llX", high >> 32, (high >> 16) & 0xFFFF,
        high & 0xFFF, 0x8000 | ((low >> 48) & 0x3FFF), low & 0xFFFF_FFFF_FFFF)
    }

    /// `line` with one match of `pattern`, chosen at random, replaced by `value`.
    mutating func replaceValue(in line: String, pattern: String, with value: String) -> String {
      let expression = try! NSRegularExpression(pattern: pattern)
      let matches = expression.matches(in: line, range: NSRange(line.startIndex..., in: line))
      guard !matches.isEmpty, let range = Range(pick(matches).range, in: line) else { return line }
      return line.replacingCharacters(in: range, with: value)
    }
  }

  @Test(arguments: Collector.Storage.allCases)
  func mutatedBatchesAreAnsweredWith2xxOr4xxAndLeaveStoredSessionsAsTheyWere(
    storage: Collector.Storage
  ) async throws {
    guard let collector = try await Collector(storage: storage) else { return }
    defer { collector.server.process.terminate() }
    let push = try collector.run(
      ["push", "--db", collector.log, "--to", collector.url], token: Self.pushToken)
    #expect(push.status == 0, "\(push.stderr)")
    let lines = try Self.exportLines(of: collector)
    // The session line, and the actions and effects up to action 40's.
    let end = try #require(lines.firstIndex { $0.contains(#""index":40,"#) })
    let base = Array(lines[...end])

    let seed = UInt64(ProcessInfo.processInfo.environment["RKDEBUG_FUZZ_SEED"] ?? "") ?? 42
    var mutator = BatchMutator(random: SeededGenerator(state: seed))
    // At least 50 batches, however loaded the machine, and more for 12 s;
    // RKDEBUG_FUZZ_SECONDS sends for longer, to reach batches a 12 s run does not.
    let seconds = Double(ProcessInfo.processInfo.environment["RKDEBUG_FUZZ_SECONDS"] ?? "") ?? 12
    let deadline = Date().addingTimeInterval(seconds)
    var sent = 0
    var statuses: [Int: Int] = [:]
    while sent < 50 || Date() < deadline {
      let batch = mutator.mutate(base)
      let answer = try await Self.postBatch(batch, port: collector.port)
      sent += 1
      statuses[answer.status, default: 0] += 1
      guard (200..<300).contains(answer.status) || (400..<500).contains(answer.status) else {
        let sentText = String(decoding: batch.prefix(2000), as: UTF8.self)
        // What the collector said of it on its standard error.
        let said = (try? String(contentsOf: collector.server.stderrFile, encoding: .utf8)) ?? ""
        let message = Comment(
          rawValue: "seed \(seed), batch \(sent): \(answer.status) \(answer.text.prefix(300)); "
            + "collector: \(said.suffix(500)); batch: \(sentText)")
        Issue.record(message)
        break
      }
    }
    print("fuzz (\(storage), seed \(seed)): \(sent) batches, by status \(statuses)")
    #expect(collector.server.process.isRunning)
    #expect(try collector.pulledExportIsTheOriginal(uuid: "F70B64A5-B296-4A05-B37D-2F275D148EDA"))
    let sessions = try await Self.get("/v1/sessions", port: collector.port)
    #expect(sessions.status == 200)
  }
}
