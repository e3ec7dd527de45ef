import Foundation

/// The sizes of a run: the full run of docs/performance.md, or `--quick` for CI.
struct Config {
  var quick: Bool
  /// Repetitions whose median is reported.
  var runs: Int
  /// Interleaved pairs of batches (plain, recording) the send-overhead benchmark times: more
  /// than `runs`, because each figure is a small difference of two noisy times.
  var sendRuns: Int
  /// Actions per timed batch of the send-overhead benchmark (10,000-row Todos use fewer).
  var sendBatch: Int
  var bigTodoRows: Int
  var sustainedActions: Int
  var todosLogActions: Int
  var todosLogRows: Int
  var seeks: Int
  var cliRuns: Int
  var rssSmall: Int
  var rssLarge: Int
  var rawRows: Int
  /// The length of benchmark 7's Counter log (`RKBENCH_FIND_ACTIONS` overrides it).
  var findLogActions: Int
  /// The actions `rkdebug record --random` sends in benchmark 8
  /// (`RKBENCH_CLI_RECORD_ACTIONS` overrides it).
  var cliRecordActions: Int

  static let full = Config(
    quick: false, runs: 9, sendRuns: 25, sendBatch: 1000, bigTodoRows: 10_000,
    sustainedActions: 1_000_000,
    todosLogActions: 1_000_000, todosLogRows: 1_000, seeks: 41, cliRuns: 11, rssSmall: 10_000,
    rssLarge: 1_000_000, rawRows: 1_000_000, findLogActions: 200_000,
    cliRecordActions: 1_000_000
  )

  static let quickRun = Config(
    quick: true, runs: 3, sendRuns: 3, sendBatch: 200, bigTodoRows: 1_000,
    sustainedActions: 20_000,
    todosLogActions: 20_000, todosLogRows: 100, seeks: 5, cliRuns: 3, rssSmall: 2_000,
    rssLarge: 20_000, rawRows: 50_000, findLogActions: 2_000,
    cliRecordActions: 2_000
  )
}

enum Verdict: String {
  case met = "met"
  case missed = "**not met**"
  case info = "—"
}

/// One line of the final table.
struct ReportRow {
  var bench: String
  var what: String
  var measured: String
  var comparison: String
  var goal: String
  var verdict: Verdict
}

@MainActor
final class Report {
  static let shared = Report()
  private(set) var rows: [ReportRow] = []

  func add(
    _ bench: String, _ what: String, _ measured: String, vs comparison: String = "",
    goal: String = "", _ verdict: Verdict = .info
  ) {
    rows.append(
      ReportRow(
        bench: bench, what: what, measured: measured, comparison: comparison, goal: goal,
        verdict: verdict))
    let mark = verdict == .info ? "" : "  [\(verdict == .met ? "goal met" : "GOAL NOT MET")]"
    say("  → \(what): \(measured)\(comparison.isEmpty ? "" : "  (\(comparison))")\(mark)")
  }

  func markdown() -> String {
    var text = "| # | what | measured (median) | compared with (same run) | goal | verdict |\n"
    text += "| --- | --- | --- | --- | --- | --- |\n"
    for row in rows {
      text +=
        "| \(row.bench) | \(row.what) | \(row.measured) | \(row.comparison) | \(row.goal) | \(row.verdict.rawValue) |\n"
    }
    return text
  }

  var missedCount: Int { rows.filter { $0.verdict == .missed }.count }
  var metCount: Int { rows.filter { $0.verdict == .met }.count }
}

func verdict(_ ok: Bool) -> Verdict { ok ? .met : .missed }
