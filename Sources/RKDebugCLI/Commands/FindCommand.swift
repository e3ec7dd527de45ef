import ArgumentParser
import Foundation
import ReducerKitDebug
import Synchronization

/// `rkdebug find`: every range of indices where a predicate holds, in one streaming pass.
struct FindCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "find",
    abstract: "List every range of indices where a predicate holds.",
    discussion: """
      Index 0 is the initial state and index N the state after action N. The session is read \
      once, forwards: each state is the one before with its action's patch applied, so memory \
      does not grow with the session's length. Each range is printed as soon as it ends, one \
      a line: its first and last index joined by an ellipsis (U+2026), for a range where the \
      predicate holds from 12 to 40 and not at 41, or one index, such as 97. --first prints \
      only the first index where it holds, and stops reading there; --last only the last.

      Unlike 'bisect --where', find assumes nothing: the predicate may start and stop \
      holding any number of times.

      --all-sessions searches every session of the log (or those that --feature, --since, \
      --until, --metadata and --failed keep, as for 'sessions'), several at a time, one per \
      core: one line per session where the predicate holds, in the sessions' order, its id, \
      feature and ranges (session 3 (todos): 12…40, 97), or with --first or --last its one \
      index. Sessions where it holds nowhere are left out. Names are not checked across \
      sessions, since sessions of other features lack them: filter with --feature. With \
      --db URL the collector runs the search on its own cores and sends the answers.

      When the predicate holds at no index, find prints a line saying so (nothing with \
      --json, or {"index":null} with --first or --last) and exits with status 1, as grep \
      does; 0 means it holds somewhere. A name in EXPR that no state of the session has reads \
      as nil: find warns about it on standard error (rkdebug: warning: ...), or with --strict \
      fails. A name close to an existing one is refused as a typo.

      PREDICATES (find --where, bisect --where, the stepper's 'until')

      A predicate is a condition on the state, written as in Swift: todos.count > 3 && \
      !isLoading, or todos[0].title contains "milk" || filter == "completed". Its values are \
      paths, numbers (3, -2, 0.5, 1e3, 1_000), strings in double or single quotes (with the \
      escapes \\" \\' \\\\ \\n \\t \\r \\0 \\u{41}), true, false and nil; in a predicate a \
      name that no state has reads as nil.

      Comparisons: == and != compare numbers by value, arrays and objects member by member, \
      nil only with nil, and a string with an enum case it names (status == "loading"); <, \
      <=, > and >= order numbers with numbers and strings with strings, and are false when \
      either side is nil; contains finds a substring in a string, an element in an array or \
      a member name in an object, and is false on nil. Comparisons do not chain: join them \
      with &&.

      A bare path or value means "is true": true, a number other than 0, or a non-empty \
      string, array or object (false, nil, 0 and empty values are false). ! negates the \
      operand right after it (write !(a == b) to negate a comparison), && binds tighter than \
      ||, and parentheses group. A property named true, false, nil or contains starts a path \
      as ["nil"]. A --where that is not a predicate is a usage error (exit status 64) naming \
      the column where it goes wrong.

      LIMITS

      A path, a predicate or a line of the stepper is at most 65536 bytes (64 KiB) of UTF-8, \
      and a predicate nests at most 256 levels deep: each '(', '!', '&&' and '||' is one \
      level (a chain of 300 conditions joined with && is too deep; group it with \
      parentheses). Past either, the command stops with one error line naming the column \
      (a usage error, exit status 64, for --where and --path). A line of a record --actions \
      file is at most 16 MiB; it, and the JSON of logs and exports, nests at most 512 levels \
      deep.
      """
  )

  @OptionGroup var sessionOptions: SessionOptions

  @Option(
    name: .customLong("where"),
    help: .predicate(
      "The predicate to find.",
      seeAlso: "PREDICATES and LIMITS below describe them in full; "
        + "'rkdebug help state' describes paths."
    ),
    transform: Predicate.init(parsing:)
  )
  var predicate: Predicate

  @Flag(help: "Print only the first index where the predicate holds.")
  var first = false

  @Flag(help: "Print only the last index where the predicate holds.")
  var last = false

  @Flag(help: "Fail, instead of warning, when the predicate names something no state has.")
  var strict = false

  @Flag(help: "Search every session of the log (or those the filters keep), side by side.")
  var allSessions = false

  @OptionGroup(title: "Filters (with --all-sessions)") var filter: SessionFilterOptions

  @OptionGroup var output: JSONOutputOption

  func validate() throws {
    if first, last {
      throw ValidationError("Pass at most one of --first and --last.")
    }
    if allSessions {
      if sessionOptions.session != nil {
        throw ValidationError("Pass --session or --all-sessions, not both.")
      }
      if strict {
        throw ValidationError(
          "--strict checks the names of one session; with --all-sessions filter with --feature")
      }
    } else if !filter.isEmpty {
      throw ValidationError(
        "--feature, --since, --until, --metadata and --failed choose sessions for "
          + "--all-sessions; add it, or pick one session with --session")
    }
  }

  func run() async throws {
    if allSessions { return try await runAcrossSessions() }
    let reader = try await sessionOptions.reader()
    try PredicateNameCheck(predicate: predicate, strict: strict).run(on: reader)
    let scan = PredicateScan(predicate: predicate, reader: reader)
    if first || last {
      let index = first ? try scan.firstIndex() : try scan.lastIndex()
      if output.json {
        print(JSONValue.object(["index": .optional(index) { JSONValue($0) }]).serialized())
      } else if let index {
        print(index)
      } else {
        print(neverText(reader))
      }
      if index == nil { throw ExitCode(1) }
      return
    }
    var found = false
    try scan.forEachRange { range in
      found = true
      print(output.json ? range.json.serialized() : Self.text(range))
      fflush(nil)  // Each range as it ends, also through a pipe.
      return true
    }
    guard found else {
      if !output.json { print(neverText(reader)) }
      throw ExitCode(1)
    }
  }

  /// `find --all-sessions`: one line per session where the predicate holds.
  private func runAcrossSessions() async throws {
    let mode: SessionsScan.Mode = first ? .first : last ? .last : .ranges
    let json = output.json
    let single = first || last
    let searched: Int
    let found = Mutex(0)
    if let url = sessionOptions.log.collectorURL {
      // The collector searches its own sessions, on its cores, and answers the JSON objects.
      let client = try TeamCommands.collector(at: url)
      searched = try await client.find(predicate, mode: mode, matching: filter.query) {
        object in
        guard let text = Self.text(json: object) else {
          throw RKDebugError("the collector at \(url) answered a search that is not one")
        }
        found.withLock { $0 += 1 }
        print(json ? object.serialized() : text)
        fflush(nil)  // Each session as the collector sends it, also through a pipe.
      }
    } else {
      let log = try sessionOptions.log.openReadOnly()
      let sessions = try log.sessions(matching: filter.query)
      try log.close()
      searched = sessions.count
      let scan = SessionsScan(
        predicate: predicate, logPath: sessionOptions.logPath, sessions: sessions)
      try scan.run(mode) { answer in
        guard !answer.ranges.isEmpty else { return }
        found.withLock { $0 += 1 }
        print(json ? answer.json(single: single).serialized() : Self.text(answer))
        fflush(nil)  // Each session as it is done, also through a pipe.
      }
    }
    guard found.withLock({ $0 }) > 0 else {
      if !json {
        print(
          "\(predicate) holds in no session of \(searched) searched"
            + (filter.isEmpty ? "" : " (those the filters keep)"))
      }
      throw ExitCode(1)
    }
  }

  /// `session 3 (todos): 12…40, 97`.
  static func text(_ answer: SessionsScan.Answer) -> String {
    text(session: answer.session.id, feature: answer.session.feature, ranges: answer.ranges)
  }

  /// The text line of an answer's ``SessionsScan/Answer/json(single:)`` object, as a
  /// collector sends it; `nil` for an object that is not one.
  static func text(json object: JSONValue) -> String? {
    guard let session = object["session"]?.intValue, let feature = object["feature"]?.stringValue
    else { return nil }
    if let index = object["index"]?.intValue {
      return text(session: Int64(session), feature: feature, ranges: [index...index])
    }
    guard case .array(let items)? = object["ranges"] else { return nil }
    var ranges: [ClosedRange<Int>] = []
    for item in items {
      guard let from = item["from"]?.intValue, let to = item["to"]?.intValue, from <= to
      else { return nil }
      ranges.append(from...to)
    }
    return text(session: Int64(session), feature: feature, ranges: ranges)
  }

  private static func text(
    session: Int64, feature: String, ranges: [ClosedRange<Int>]
  ) -> String {
    "session \(session) (\(feature)): " + ranges.map(text).joined(separator: ", ")
  }

  /// `12…40`, or `97` for a range of one index.
  static func text(_ range: ClosedRange<Int>) -> String {
    range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)…\(range.upperBound)"
  }

  /// `todos.count >= 10 holds at no index of session 3 (0…489)`.
  private func neverText(_ reader: SessionReader) -> String {
    "\(predicate) holds at no index of session \(reader.session.id) "
      + "(\(Self.text(0...reader.actionCount)))"
  }
}

extension ArgumentHelp {
  /// A `--where` predicate's help (`find`, `bisect`): the syntax in brief, then `seeAlso`.
  static func predicate(_ abstract: String, seeAlso: String) -> ArgumentHelp {
    let syntax = """
      Swift-style: paths (todos[2].title, todos.count), numbers, strings, true, false and \
      nil, compared with == != < <= > >= contains and joined with && || ! and \
      parentheses; a bare path means "is true".
      """
    return ArgumentHelp(abstract, discussion: "\(syntax) \(seeAlso)", valueName: "expr")
  }
}
