import ArgumentParser
import Foundation
import ReducerKitDebug

/// `rkdebug demo`: records a sample session and runs the other commands on it, explaining what
/// each one shows.
struct DemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Record a sample session and tour the commands on it.",
    discussion: """
      Records 40 seeded random actions of the to-do list sample (feature 'todos') into the log, \
      with live uuid, date and random numbers (--live), and runs sessions, log, changes, state, \
      diff, history, replay and bisect on the new session, printing each command line, a \
      short explanation, and the command's real output. Then it records 40 actions of the \
      navigating sample (feature 'library') and shows its pushes, pops, sheets and alert, \
      and 40 of the sharing sample (feature 'playlist') and shows the changes its player's \
      effect and its file's storage make to a @Shared song with no action. Run the commands \
      yourself afterwards: they are printed as you would type them.

      The log (--db) is created if it does not exist; a log that exists keeps its sessions, \
      and the tour adds three.

      With --live, the demo is an app instead: it runs a store of the to-do list sample \
      (--feature), recording into the log with its live link open, prints the command that \
      attaches to it (rkdebug attach, or rkdebug ui --attach), and taps a random action \
      every --every seconds (--actions of them, or without end); it runs until Ctrl-C, \
      which ends its session.
      """
  )

  @OptionGroup var logOptions: LogOptions

  @Flag(name: .long, help: "Run a sample as a live app to attach to, instead of the tour.")
  var live = false

  @OptionGroup var liveOptions: LiveDemoOptions

  func validate() throws {
    if !live, liveOptions.isSet {
      throw ValidationError("--feature, --port, --token, --every and --actions need --live.")
    }
  }

  /// The feature, size and seed of the demo session.
  static let featureName = "todos"
  static let actionCount = 40
  static let seed = 7
  /// The feature and seed of the navigation session (as long as the first).
  static let navigationFeatureName = "library"
  static let navigationSeed = 3
  /// The feature and seed of the shared-state session (as long as the first).
  static let sharingFeatureName = "playlist"
  static let sharingSeed = 5

  func run() async throws {
    let db = try logOptions.localPath(for: "demo")
    if live { return try await liveOptions.run(db: db) }
    for name in [Self.featureName, Self.navigationFeatureName, Self.sharingFeatureName]
    where FeatureRegistry.feature(named: name) == nil {
      throw RKDebugError(
        "the demo records the '\(name)' sample, which this rkdebug does not register (it "
          + "registers: \(FeatureRegistry.registeredNames))"
      )
    }
    print("Welcome to rkdebug, a time-travel debugger for ReducerKit.\n")
    print(
      Self.wrapped(
        """
        A recording store writes every action, the state patch it caused and the life of \
        every effect into a SQLite log. This tour records a session of the to-do list sample \
        and runs each command on it. Index 0 is the initial state; the state at N is the \
        state after action N.
        """
      )
    )
    try await step(
      """
      First, record a session: 40 random actions, the same ones for the same seed. Effects \
      (the delayed sort of completed rows) run on an immediate clock, and their actions are \
      recorded too. Adding a row reads the uuid, date and random number dependencies; with \
      --live they give real, different values on every run, and the log keeps what the \
      reducer read.
      """,
      [
        "record", "--feature", Self.featureName, "--random", String(Self.actionCount),
        "--seed", String(Self.seed), "--live",
      ],
      db: db
    )
    let reader = try ActionLog.readOnly(path: db).reader()
    let session = String(reader.session.id)
    let actions = try reader.actions()
    let last = reader.actionCount
    let effectAction = actions.first { $0.source != .send }
    let firstChange = actions.first { !$0.patch.isEmpty }?.index ?? 1
    let middle = max(1, last / 2)

    try await step(
      """
      'sessions' lists the sessions in the log: id, feature, start time, action count.
      """,
      ["sessions"], db: db, session: nil
    )
    try await step(
      """
      'log --tree' prints one line per action. Actions emitted by an effect are indented \
      under the action whose effect emitted them.
      """,
      ["log", "--tree"], db: db, session: session
    )
    var from = firstChange
    if let effectAction, case .effect(_, let parent) = effectAction.source {
      from = parent
    }
    let to = min(last, max(from + 2, effectAction?.index ?? from + 2))
    let changesEnd = effectAction == nil ? "." : ", up to the first one an effect sent."
    try await step(
      """
      'changes' prints each action the way TCA's _printChanges() does: the action, then a \
      diff of the state it changed. Here are actions \(from) to \(to)\(changesEnd)
      """,
      ["changes", "--from", String(from), "--to", String(to)], db: db, session: session
    )
    try await step(
      """
      'state --at N' rebuilds the state after action N from the nearest snapshot and the \
      patches. --path picks one value.
      """,
      ["state", "--at", String(middle)], db: db, session: session
    )
    try await step(
      """
      Paths are written Swift-style; .count is the length of an array.
      """,
      ["state", "--at", String(middle), "--path", "todos.count"], db: db, session: session
    )
    try await step(
      """
      'diff' compares the states at two indices.
      """,
      ["diff", "--from", String(max(0, middle - 5)), "--to", String(middle)], db: db,
      session: session
    )
    try await step(
      """
      'history --path' lists every action that changed a value, with its old and new value.
      """,
      ["history", "--path", "filter"], db: db, session: session
    )
    try await step(
      """
      'replay' runs the logged actions through the current reducer (without effects: their \
      actions come from the log) and checks every state. The ids, dates and colours the \
      reducer read live are fed back from the log, so the replay is exact. A reducer change \
      that alters behaviour shows up as a divergence with a diff. Add --step to walk through \
      it interactively.
      """,
      ["replay"], db: db, session: session
    )
    let threshold = try Self.monotonicTodoCount(in: reader)
    try await step(
      """
      'bisect --where' finds the first action after which a predicate holds, with a binary \
      search over the states: it assumes that once the predicate holds, it keeps holding. In \
      this session the list never drops below \(threshold) rows once it has them. --run CMD \
      does the same with a shell command, like git bisect run.
      """,
      ["bisect", "--where", "todos.count >= \(threshold)"], db: db, session: session
    )
    try await navigationTour(db: db)
    try await sharingTour(db: db)
    let folder = (db as NSString).deletingLastPathComponent
    let page = folder.isEmpty ? "rkdebug-demo.html" : folder + "/rkdebug-demo.html"
    try await step(
      """
      'ui' serves a web inspector over the log: the action list, the state at any index as a \
      tree, who changed a value, the diff of two indices, the effects on a timeline and a \
      replay check. With --export it writes a window of the session as one page that opens \
      in a browser with no server, to attach to a bug report.
      """,
      ["ui", "--export", page, "--to", String(min(reader.actionCount, 200))], db: db,
      session: session
    )
    print(
      "\n"
        + Self.wrapped(
          """
          That is the tour. The log is '\(db)'; every command above works on it. Try \
          'rkdebug ui --db \(db)' and open the URL it prints, 'rkdebug testgen --db \(db)' \
          for the session as a TestStore test, 'rkdebug replay --step --db \(db) --session \
          \(session)', or 'rkdebug help'.
          """
        )
    )
  }

  /// Records a session of the navigating sample and shows its stack, sheets and alert.
  private func navigationTour(db: String) async throws {
    try await step(
      """
      Now a feature that navigates as a real app does: a reading list that pushes a book's \
      screen on a stack, presents an edit form as a sheet and a delete confirmation as an \
      alert, and pushes a reading clock whose effect ticks for as long as its screen is \
      shown. Two seconds pass between two random actions, so the clock ticks while the \
      user acts.
      """,
      [
        "record", "--feature", Self.navigationFeatureName, "--random", String(Self.actionCount),
        "--seed", String(Self.navigationSeed),
      ],
      db: db
    )
    let reader = try ActionLog.readOnly(path: db).reader()
    let session = String(reader.session.id)
    try await step(
      """
      A push is an action like any other; element actions name the screen by its stack id \
      (#0, #1, ...). The clock's effect sends a tick every second until it is stopped or its \
      screen is popped, which cancels it.
      """,
      ["log", "--tree"], db: db, session: session
    )
    let actions = try reader.actions()
    if let pop = actions.first(where: { $0.label.contains(".popFrom(") }) {
      try await step(
        """
        In the log, a push is one 'add' of the new screen and a pop one 'remove', never the \
        whole stack. 'changes' prints the pop as _printChanges() does:
        """,
        ["changes", "--from", String(pop.index), "--to", String(pop.index)], db: db,
        session: session
      )
    }
    // The last tick of the clock, and the stack id of the clock's screen.
    if let tick = actions.last(where: { $0.json.contains(#"{"tick":{}}"#) }),
      let element = try? JSONValue(parsing: tick.json)["path"]?["_0"]?["element"],
      let id = element["id"]?.intValue
    {
      try await step(
        """
        Paths reach into a stack element by its id and into the screen's case by its name:
        """,
        ["state", "--at", String(tick.index), "--path", "path[id: \(id)].reading.secondsRead"],
        db: db, session: session
      )
    }
    try await step(
      """
      And the replay is exact: the stack ids the session generated are recorded inputs, fed \
      back as the uuids are.
      """,
      ["replay"], db: db, session: session
    )
  }

  /// Records a session of the sharing sample and shows the shared changes its effect made.
  private func sharingTour(db: String) async throws {
    try await step(
      """
      Last, shared state, as apps written since TCA 1.10 keep their model: a playlist whose \
      songs are @Shared in file storage, and a player presented over it that holds one of \
      them, Shared($songs[id: id]). Marking a favorite changes the song through the player's \
      share, and the list's row with it; playing it runs an effect that adds each second \
      with withLock, a change no action makes; and now and then another device renames a \
      song in the file.
      """,
      [
        "record", "--feature", Self.sharingFeatureName, "--random", String(Self.actionCount),
        "--seed", String(Self.sharingSeed),
      ],
      db: db
    )
    let reader = try ActionLog.readOnly(path: db).reader()
    let session = String(reader.session.id)
    let actions = try reader.actions()
    guard let entry = actions.first(where: \.isSharedChange) else {
      throw RKDebugError("the demo's playlist session holds no shared change; nothing to show")
    }
    try await step(
      """
      Each change the effect made is an entry of its own, under the action whose effect made \
      it, between the actions around it; its label says who changed what:
      """,
      [
        "log", "--tree", "--from", String(max(1, entry.index - 2)),
        "--to", String(min(reader.actionCount, entry.index + 3)),
      ],
      db: db, session: session
    )
    try await step(
      """
      The log holds the entry's change at every place the state holds the song, and \
      'changes' prints it as _printChanges() would: inside the list's row, and the player's \
      song, the same value, as Song(↩︎).
      """,
      ["changes", "--from", String(entry.index), "--to", String(entry.index)], db: db,
      session: session
    )
    let byStorage = { (entry: LoggedAction) in
      entry.isSharedChange && entry.label.contains(" by its storage ")
    }
    if let synced = actions.first(where: byStorage) {
      try await step(
        """
        The file can change too, with no action and no effect: here another device renamed a \
        song in the playlist's file. The storage's change is an entry of its own as well, \
        labelled with the storage, and a replay feeds it back as an input:
        """,
        ["changes", "--from", String(synced.index), "--to", String(synced.index)], db: db,
        session: session
      )
    }
    try await step(
      """
      The replay makes those changes again through the replayed share, and checks that the \
      reducer still shares as it did: a player given a copy of the song would diverge there.
      """,
      ["replay"], db: db, session: session
    )
  }

  /// The largest row count N such that once the to-do list has N rows it keeps at least N to
  /// the end of the session, so `todos.count >= N` is a predicate bisect can trust (1 when
  /// there is none).
  static func monotonicTodoCount(in reader: SessionReader) throws -> Int {
    var counts: [Int] = []
    for index in 0...reader.actionCount {
      counts.append(try reader.stateJSON(at: index)["todos"]?.count ?? 0)
    }
    var suffixMinimum = counts
    for index in counts.indices.dropLast().reversed() {
      suffixMinimum[index] = min(counts[index], suffixMinimum[index + 1])
    }
    for count in stride(from: counts.max() ?? 0, through: 1, by: -1)
    where counts.indices.allSatisfy({ counts[$0] < count || suffixMinimum[$0] >= count }) {
      return count
    }
    return 1
  }

  /// `text` folded into lines of at most `width` columns.
  static func wrapped(_ text: String, width: Int = 78) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines.joined(separator: "\n")
  }

  /// Prints an explanation and the command line, then runs the command in-process.
  private func step(
    _ explanation: String, _ arguments: [String], db: String, session: String? = nil
  ) async throws {
    var arguments = arguments
    arguments += ["--db", db]
    if let session { arguments += ["--session", session] }
    let commandLine = (["rkdebug"] + arguments).map(Self.shellQuoted).joined(separator: " ")
    print("\n\(Self.wrapped(explanation))\n\n$ \(commandLine)")
    fflush(nil)
    do {
      var command = try RKDebug.parseAsRoot(arguments)
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch {
      throw RKDebugError(
        "the demo's step '\(commandLine)' failed: "
          + (ErrorReport(error: error, arguments: arguments).message ?? "\(error)")
      )
    }
    fflush(nil)
  }

  /// `text` quoted for a POSIX shell when it needs to be.
  static func shellQuoted(_ text: String) -> String {
    let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "-_./=".contains($0) }
    return plain && !text.isEmpty
      ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
