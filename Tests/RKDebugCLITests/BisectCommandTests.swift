import Foundation
import ReducerKitDebug
import Testing

@testable import RKDebugCLI

/// `rkdebug bisect`, through the built executable, and the search under it.
@Suite struct BisectCommandTests {
  /// A counter session of `increments` increments: the count at index N is N.
  private func recordCounter(increments: Int, in scratch: TemporaryDirectory) throws {
    let lines = String(repeating: "{\"increment\":{}}\n", count: increments)
    let actions = try scratch.write(lines, to: "actions.jsonl")
    let run = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--actions", actions, "--snapshot-interval", "8"],
      in: scratch.url
    )
    #expect(run.status == 0, "\(run.stderr)")
  }

  @Test func whereFindsTheFirstIndexInLogarithmicallyManyReconstructions() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(increments: 100, in: scratch)
    let before = try scratch.fingerprint()
    let run = try RKDebugProcess.run(
      ["bisect", "--where", "count >= 37 || count < 0"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty)
    #expect(
      run.stdout == """
        count >= 37 || count < 0 first holds at index 37 (found with 9 state reconstructions \
        for 100 actions)
        action 37 (send): Counter.Action.increment
        received action:
          Counter.Action.increment
          Counter.State(
        -   count: 36,
        +   count: 37,
            fact: nil,
            factError: nil,
            isLoadingFact: false,
            pendingIncrements: 0
          )


        """
    )
    #expect(try scratch.fingerprint() == before)
  }

  @Test func whereSaysWhenThePredicateNeverHolds() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(increments: 5, in: scratch)
    let run = try RKDebugProcess.run(["bisect", "--where", "count > 99"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout == """
        count > 99 never holds: it is false at every index, 0…5 (2 state reconstructions, \
        then a scan of 6 states)

        """
    )
  }

  @Test func whereSaysWhenThePredicateHoldsInTheInitialState() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(increments: 5, in: scratch)
    let run = try RKDebugProcess.run(
      ["bisect", "--where", "fact == nil", "--json"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout == """
        {"changes":null,"command":null,"divergence":null,"effectID":null,\
        "expression":"fact == nil","index":null,"label":null,"mode":"where","parentIndex":null,\
        "patch":null,"probes":1,"result":"initial","scanned":6,"source":null}

        """
    )
  }

  @Test func whereJSONNamesTheAction() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(increments: 10, in: scratch)
    let run = try RKDebugProcess.run(["bisect", "--where", "count >= 4", "--json"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    let json = try JSONValue(parsing: run.stdout)
    #expect(json["result"] == "found")
    #expect(json["index"] == 4)
    #expect(json["label"] == "Counter.Action.increment")
    #expect(json["source"] == "send")
    #expect(json["patch"] == [["op": "replace", "path": "/count", "value": 4, "old": 3]])
  }

  @Test func whereWithABadPredicate() {
    expectUsageError(
      ["bisect", "--where", "count >="],
      "The value 'count >=' is invalid for '--where <expr>': expected a value after '>=' at "
        + "column 9 (see 'rkdebug help bisect')")
  }

  @Test func whereRefusesUnknownNamesBeforeSearching() async throws {
    let log = try await RecordedLog.shelf()
    let before = try log.fingerprint()
    // `&&` never evaluates the misspelt name, and `note` is nil in the first and last
    // states: without checking the names first, this would read "never holds".
    for (expression, message) in [
      (
        #"count > 100 && noet == "hello""#,
        "no 'noet' in any state of session 1; did you mean 'note'?"
      ),
      (
        #"count > 100 && books[0].titel == "Dune""#,
        "no 'titel' in any state of session 1; did you mean 'title'?"
      ),
    ] {
      let run = try log.run(["bisect", "--where", expression])
      #expect(run.status == 1)
      #expect(run.stdout == "")
      #expect(run.stderrLines == ["rkdebug: error: \(message)"], "\(expression)")
    }
    // The same message as `history` gives for the same name.
    let history = try log.run(["history", "--path", "noet"])
    #expect(
      history.stderrLines == [
        "rkdebug: error: no 'noet' in any state of session 1; did you mean 'note'?"
      ]
    )
    // A name only the states in the middle have is no typo, nor is one near no name (an
    // optional that stayed nil has no member in any state).
    // (It is warned about, and a scan finds what bisect cannot: see the next tests.)
    let unknown = try log.run(["bisect", "--where", "colour != nil"])
    #expect(unknown.status == 0, "\(unknown.stderr)")
    #expect(
      unknown.stderrLines == [
        "rkdebug: warning: no 'colour' in any state of session 1: it reads as nil at every index"
      ])
    #expect(unknown.stdout.hasPrefix("colour != nil never holds: it is false at every index"))
    let middle = try log.run(["bisect", "--where", #"count > 100 || note == "hello""#])
    #expect(middle.status == 0, "\(middle.stderr)")
    #expect(middle.stderr.isEmpty)
    #expect(
      middle.stdout.hasPrefix(
        #"count > 100 || note == "hello" does not hold at the last index, 12, so there is "#
          + "nothing to bisect (bisect assumes that once it holds, it keeps holding); scanning "
          + "every index: it first holds at index 5 (2 state reconstructions, then a scan of 6 "
          + "states; 'rkdebug find' lists every range where it holds)\n"
          + #"action 5 (send): Shelf.Action.setNote("hello")"#))
    #expect(try log.fingerprint() == before)
  }

  /// The measured case of the issue: `todos.count` reaches 10 only in the middle of the
  /// session, and the binary search alone answered "never" after 2 probes.
  @Test func whereScansWhenTheLastStateDoesNotHold() throws {
    let scratch = try TemporaryDirectory()
    let reader = try FindCommandTests.recordTodos(in: scratch)
    let predicate = try RKDebugCLI.Predicate(parsing: "todos.count >= 10")
    // The premise: false at both ends, true somewhere (the brute force finds where first).
    #expect(try !predicate.evaluate(in: reader.stateJSON(at: 0)))
    #expect(try !predicate.evaluate(in: reader.stateJSON(at: reader.actionCount)))
    let first = try #require(
      try PredicateScanTests.bruteForceRanges(of: predicate, in: reader).first?.lowerBound)

    let json = try RKDebugProcess.run(
      ["bisect", "--where", "todos.count >= 10", "--json"], in: scratch.url)
    #expect(json.status == 0, "\(json.stderr)")
    let value = try JSONValue(parsing: json.stdout)
    #expect(value["result"] == "foundByScan")
    #expect(value["index"] == JSONValue(first))
    #expect(value["probes"] == 2)
    #expect(value["scanned"] == JSONValue(first + 1))

    let text = try RKDebugProcess.run(["bisect", "--where", "todos.count >= 10"], in: scratch.url)
    #expect(
      text.stdout.hasPrefix(
        "todos.count >= 10 does not hold at the last index, 564, so there is nothing to bisect "
          + "(bisect assumes that once it holds, it keeps holding); scanning every index: it "
          + "first holds at index \(first) (2 state reconstructions, then a scan of \(first + 1) "
          + "states; 'rkdebug find' lists every range where it holds)\naction \(first) ("))
  }

  @Test func whereScansWhenTheInitialStateHoldsAndStopsHolding() async throws {
    let log = try await RecordedLog.shelf()
    // `note` is nil at 0…4, "hello" at 5…9 and nil again from 10 (`setNote(nil)`).
    let run = try log.run(["bisect", "--where", "note == nil"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.hasPrefix(
        "note == nil already holds at index 0, so there is nothing to bisect (bisect assumes "
          + "that once it holds, it keeps holding); scanning every index: it stops holding at "
          + "index 5 and holds again from index 10 (1 state reconstruction, then a scan of 11 "
          + "states; 'rkdebug find' lists every range where it holds)\n"
          + "action 10 (send): Shelf.Action.setNote(nil)\n"))
    let json = try JSONValue(
      parsing: try log.run(["bisect", "--where", "note == nil", "--json"]).stdout)
    #expect(json["result"] == "foundByScan")
    #expect(json["index"] == 10)
    // Holding from 0 and stopping for good is still "initial", with where it stops.
    let stops = try log.run(["bisect", "--where", "count < 42"])
    #expect(
      stops.stdout == """
        count < 42 already holds at index 0, the initial state: no action made it hold; it \
        stops holding at index 7 and does not hold again (1 state reconstruction, then a scan \
        of 13 states)

        """)
  }

  @Test func runSaysWhatAGoodLastStateDoesNotProve() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(increments: 5, in: scratch)
    // Bad at 2 and 3 only: bisect probes 0 and 5, both good.
    let command = #"grep -qv '"count":[23],'"#
    let run = try RKDebugProcess.run(["bisect", "--run", command], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout == """
        '\(command)' says good at the last index, 5, so there is nothing to bisect: bisect \
        assumes that once bad, every later index is bad, but it ran it 2 times, at index 0 and \
        5 only, and an index between may still be bad. To check every index, run the command \
        on each state (rkdebug state --at I --json | CMD, for I from 0 to 5), or write the \
        condition as a predicate for 'rkdebug find --where', which reads every index in one \
        pass

        """)
    let json = try RKDebugProcess.run(["bisect", "--run", command, "--json"], in: scratch.url)
    let value = try JSONValue(parsing: json.stdout)
    #expect(value["result"] == "goodAtEnd")
    #expect(value["index"] == .null)
    #expect(value["probes"] == 2)
  }

  @Test func runFollowsGitBisectRun() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(increments: 40, in: scratch)
    // Bad from 23 on; 20 cannot tell.
    let script = try scratch.write(
      """
      count=$(sed -n 's/.*"count":\\([0-9-]*\\).*/\\1/p')
      echo "checked $RKDEBUG_INDEX: $count"
      if [ "$count" -eq 20 ]; then exit 125; fi
      if [ "$count" -ge 23 ]; then exit 1; fi
      exit 0
      """,
      to: "check.sh"
    )
    let run = try RKDebugProcess.run(["bisect", "--run", "sh \(script)"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.hasPrefix(
        "'sh \(script)' first says bad at index 23 (ran it 8 times for 40 actions)")
    )
    #expect(run.stdout.contains("action 23 (send): Counter.Action.increment\n"))
    #expect(run.stderr.contains("checked 0: 0\n"))
    #expect(run.stderr.contains("checked 20: 20\n"))
    #expect(run.stderr.contains("checked 40: 40\n"))
  }

  @Test func runAbortsAbove127() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(increments: 4, in: scratch)
    let run = try RKDebugProcess.run(["bisect", "--run", "exit 130"], in: scratch.url)
    #expect(run.status == 1)
    #expect(
      run.stderrLines == [
        "rkdebug: error: 'exit 130' exited with status 130 at index 0 (above 127): bisect "
          + "aborted, as git bisect run does"
      ]
    )
  }

  @Test func divergenceWithTheCurrentReducer() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(increments: 4, in: scratch)
    let run = try RKDebugProcess.run(["bisect", "--divergence"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "the current reducer agrees with all 4 actions of session 1\n")
  }

  @Test func exactlyOneMode() {
    expectUsageError(
      ["bisect", "--divergence", "--where", "x"],
      "Pass exactly one of --where EXPR, --run CMD or --divergence. (see 'rkdebug help bisect')")
  }

  // MARK: - The search

  @Test(arguments: [0, 1, 2, 17, 99, 100])
  func bisectorFindsEveryBoundary(firstBad: Int) throws {
    var bisector = Bisector(last: 100)
    let outcome = try bisector.search { $0 >= firstBad ? .bad : .good }
    if firstBad == 0 {
      #expect(outcome == .badAtStart)
    } else {
      #expect(outcome == .found(firstBad))
    }
    #expect(bisector.probes <= 2 + 7)
  }

  @Test func bisectorNeverBad() throws {
    var bisector = Bisector(last: 50)
    #expect(try bisector.search { _ in .good } == .neverBad)
    #expect(bisector.probes == 2)
  }

  @Test func bisectorTriesNeighboursOfSkippedIndices() throws {
    var bisector = Bisector(last: 16)
    var probed: [Int] = []
    let outcome = try bisector.search { index in
      probed.append(index)
      if index == 8 { return .skip }
      return index >= 10 ? .bad : .good
    }
    #expect(outcome == .found(10))
    #expect(probed == [0, 16, 8, 9, 12, 10])
    #expect(bisector.probes == 6)
  }

  @Test func bisectorAmbiguousWhenEverythingBetweenIsSkipped() throws {
    var bisector = Bisector(last: 10)
    let outcome = try bisector.search { index in
      if index == 0 { return .good }
      if index == 10 { return .bad }
      return (4...9).contains(index) ? .skip : .good
    }
    #expect(outcome == .ambiguous(candidates: 4...10))
    #expect(bisector.probes == 9)
  }
}
