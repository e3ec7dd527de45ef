import CustomDump
import Foundation
import IdentifiedCollections
import ReducerKit
import ReducerKitDebug
import ReducerKitLive
import ReducerKitSamples

/// Median seconds per call of `body`, over `runs` timed repetitions of a calibrated number of
/// calls (at least `minSeconds` each).
func perCall(runs: Int, minSeconds: Double = 0.02, _ body: () throws -> Void) rethrows -> Double {
  var calls = 1
  while true {
    let elapsed = try seconds { for _ in 0..<calls { try body() } }
    if elapsed >= minSeconds || calls >= 1 << 22 { break }
    calls *= elapsed < minSeconds / 16 ? 8 : 2
  }
  var samples: [Double] = []
  for _ in 0..<runs {
    samples.append(try seconds { for _ in 0..<calls { try body() } } / Double(calls))
  }
  return median(samples)
}

struct SendFigures {
  var base: Double
  var recorded: Double
  var overhead: Double
  /// The same, in CPU time of the sending thread: what the send path itself costs, without the
  /// time the thread spends descheduled while the writer thread (or anything else on the
  /// machine) has the cores.
  var baseCPU: Double
  var recordedCPU: Double
  var overheadCPU: Double
}

/// Times `store.send` per action on a plain store and on the same store recording into a file
/// log, in interleaved batches; the log is flushed between batches, outside the timed code, so
/// the batches time the send path and not the writer (whose queue never fills).
///
/// `initial` is evaluated once a store, so states holding `Shared(value:)` get a share each and
/// neither store sees the other's changes. Given `step`, a batch calls it with each action
/// instead of sending it (a change made outside the store, say).
///
/// With `linked`, both stores record (into logs of their own) and the second has its live link
/// open with nobody attached: "plain" is then the recording store without the link, and the
/// overhead what the open link costs the send path.
@MainActor
func measureSend<R: Reducer>(
  label: String, initial: @autoclosure () -> R.State, reducer: R,
  dependencies: @escaping (inout DependencyValues) -> Void, actions: [R.Action], batch: Int,
  runs: Int, directory: String, linked: Bool = false,
  step: ((Store<R>, R.Action) -> Void)? = nil
) async throws -> SendFigures
where R.State: ObservableStateProtocol & Codable, R.Action: Codable & Sendable {
  let path = directory + "/send-\(label).sqlite"
  let basePath = directory + "/send-\(label)-unlinked.sqlite"
  removeDatabase(path)
  removeDatabase(basePath)
  let log = try ActionLog(path: path)
  let baseLog = try linked ? ActionLog(path: basePath) : nil
  let plain =
    if let baseLog {
      Store<R>(
        initialState: initial(), reducer: reducer.recording(to: baseLog, feature: label),
        withDependencies: dependencies)
    } else {
      Store<R>(initialState: initial(), reducer: reducer, withDependencies: dependencies)
    }
  let recorder = reducer.recording(to: log, feature: label)
  let recording = Store<R>(
    initialState: initial(), reducer: recorder, withDependencies: dependencies
  )
  let link = linked ? try await LiveDebugLink.open(store: recording, recording: recorder) : nil
  let step = step ?? { store, action in store.send(action) }
  var cursor = 0
  func nextBatch() -> ArraySlice<R.Action> {
    if cursor + batch > actions.count { cursor = 0 }
    defer { cursor += batch }
    return actions[cursor..<(cursor + batch)]
  }
  /// Wall and CPU seconds per action.
  func time(_ store: Store<R>, _ slice: ArraySlice<R.Action>) -> (Double, Double) {
    let cpu = currentThreadCPUSeconds()
    let wall = seconds { for action in slice { step(store, action) } }
    return (wall / Double(slice.count), (currentThreadCPUSeconds() - cpu) / Double(slice.count))
  }

  // Warm up both (the first recorded action also creates the session).
  for _ in 0..<2 {
    let slice = nextBatch()
    _ = time(plain, slice)
    _ = time(recording, slice)
    try log.flush()
    try baseLog?.flush()
    await Fixtures.drain()
  }

  var bases: [Double] = []
  var recordeds: [Double] = []
  var overheads: [Double] = []
  var baseCPUs: [Double] = []
  var recordedCPUs: [Double] = []
  var overheadCPUs: [Double] = []
  for run in 0..<runs {
    let slice = nextBatch()
    let base: (Double, Double)
    let recorded: (Double, Double)
    if run % 2 == 0 {
      base = time(plain, slice)
      await Fixtures.drain()
      recorded = time(recording, slice)
    } else {
      recorded = time(recording, slice)
      await Fixtures.drain()
      base = time(plain, slice)
    }
    try log.flush()
    try baseLog?.flush()
    await Fixtures.drain()
    bases.append(base.0)
    recordeds.append(recorded.0)
    overheads.append(recorded.0 - base.0)
    baseCPUs.append(base.1)
    recordedCPUs.append(recorded.1)
    overheadCPUs.append(recorded.1 - base.1)
  }
  await link?.close()
  try log.close()
  try baseLog?.close()
  removeDatabase(path)
  removeDatabase(basePath)
  let figures = SendFigures(
    base: median(bases), recorded: median(recordeds), overhead: median(overheads),
    baseCPU: median(baseCPUs), recordedCPU: median(recordedCPUs),
    overheadCPU: median(overheadCPUs)
  )
  let (without, with) = linked ? ("recording", "with the link open") : ("plain", "recording")
  say(
    "  \(label): send \(fmtTime(figures.base)) \(without), \(fmtTime(figures.recorded)) \(with); "
      + "overhead \(fmtTime(figures.overhead)) per action (\(runs) batches of \(batch)); "
      + "sending thread's CPU: \(fmtTime(figures.baseCPU)) \(without), "
      + "\(fmtTime(figures.recordedCPU)) \(with), overhead \(fmtTime(figures.overheadCPU))"
  )
  // The pairs' spread: batches slowed by the machine, more often one side than the other,
  // move the median.
  let percentiles = [0.1, 0.25, 0.5, 0.75, 0.9].map { fmtTime(quantile(overheads, $0)) }
  say(
    "    overhead per pair, 10th/25th/50th/75th/90th percentiles: "
      + percentiles.joined(separator: ", ")
  )
  return figures
}

struct BaselineFigures {
  var diff: Double
  var wholeJSON: Double
  var changedJSON: Double
}

/// The per-action cost of the other designs, on the same states: swift-custom-dump's `diff` of
/// the old and new state (`_printChanges()`), JSONEncoder of the whole new state (Redux
/// DevTools), and JSONEncoder of only the changed value.
func measureBaselines<State: Codable>(
  label: String, old: State, new: State, changed: some Encodable, runs: Int
) throws -> BaselineFigures {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  let diffTime = perCall(runs: runs) { blackHole(CustomDump.diff(old, new)) }
  let jsonTime = try perCall(runs: runs) { blackHole(try encoder.encode(new)) }
  let changedTime = try perCall(runs: runs) { blackHole(try encoder.encode(changed)) }
  say(
    "  \(label) baselines: custom-dump diff \(fmtTime(diffTime)), whole-state JSON "
      + "\(fmtTime(jsonTime)), changed-value JSON \(fmtTime(changedTime))"
  )
  return BaselineFigures(diff: diffTime, wholeJSON: jsonTime, changedJSON: changedTime)
}

@MainActor
func benchSendOverhead(_ config: Config, directory: String) async throws {
  say("\n## 1. Recording overhead on the send path")
  let report = Report.shared
  let runs = config.runs
  let goal = 5e-6

  func ratios(_ overhead: Double, _ baselines: BaselineFigures) -> String {
    let safe = max(overhead, 1e-9)
    return "diff baseline \(fmtTime(baselines.diff)) = \(fmt(baselines.diff / safe, 0))×; "
      + "whole-state JSON \(fmtTime(baselines.wholeJSON)) = \(fmt(baselines.wholeJSON / safe, 1))×; "
      + "changed-value JSON \(fmtTime(baselines.changedJSON))"
  }

  // Counter: increments and decrements (no effects).
  do {
    let actions: [Counter.Action] = (0..<(config.sendBatch * 4)).map {
      $0 % 5 == 4 ? .decrement : .increment
    }
    let figures = try await measureSend(
      label: "counter", initial: Counter.State(count: 41), reducer: Counter(),
      dependencies: Fixtures.counterDependencies, actions: actions, batch: config.sendBatch, runs: config.sendRuns, directory: directory
    )
    let baselines = try measureBaselines(
      label: "counter", old: Counter.State(count: 41), new: Counter.State(count: 42),
      changed: 42, runs: runs
    )
    report.add(
      "1", "send overhead, Counter (`increment`)", fmtTime(figures.overhead),
      vs: "plain send \(fmtTime(figures.base)); overhead in sending-thread CPU \(fmtTime(figures.overheadCPU)); " + ratios(figures.overhead, baselines),
      goal: "≤ 5 µs", verdict(figures.overhead <= goal)
    )
  }

  // A reducer that reads one `uuid()` per action: the recorder logs the value it read.
  do {
    let figures = try await measureSend(
      label: "uuid", initial: UUIDStamp.State(), reducer: UUIDStamp(),
      dependencies: UUIDStamp.dependencies,
      actions: Array(repeating: .stamp, count: config.sendBatch * 4), batch: config.sendBatch,
      runs: config.sendRuns, directory: directory
    )
    report.add(
      "1", "send overhead, a reducer that reads `uuid()` (logged with its action)",
      fmtTime(figures.overhead),
      vs: "plain send \(fmtTime(figures.base)); overhead in sending-thread CPU "
        + fmtTime(figures.overheadCPU),
      goal: "≤ 5 µs", verdict(figures.overhead <= goal)
    )
  }

  // Todos, toggling one row (starts the cancellable sort effect) and renaming one row (no
  // effect), at 10 and at 10,000 rows.
  var toggle: [Int: Double] = [:]
  var rename: [Int: Double] = [:]
  // RKBENCH_ROWS=10000 runs only that list size (for profiling one case).
  let onlyRows = ProcessInfo.processInfo.environment["RKBENCH_ROWS"].flatMap { Int($0) }
  // RKBENCH_KIND=toggle, rename, sort, push, presented, favorite or outside runs only that action
  // kind (for profiling one case).
  let onlyKind = ProcessInfo.processInfo.environment["RKBENCH_KIND"]
  func wants(_ kind: String) -> Bool { onlyKind == nil || onlyKind == kind }
  let empty = SendFigures(
    base: 0, recorded: 0, overhead: 0, baseCPU: 0, recordedCPU: 0, overheadCPU: 0
  )
  for rows in [10, config.bigTodoRows] where onlyRows == nil || onlyRows == rows {
    let batch = rows > 1000 ? max(20, config.sendBatch / 10) : config.sendBatch
    // A 10,000-row send costs 120-210 µs here, mostly the copy of the rows that both stores
    // make, so the overhead is a small difference of two noisy times: three times the pairs.
    let sendRuns = rows > 1000 ? config.sendRuns * 3 : config.sendRuns
    let state = Fixtures.todos(rows: rows)
    var toggled = state
    toggled.todos[id: UUID(rows / 2 + 1)]!.isComplete.toggle()
    let baselines = try measureBaselines(
      label: "todos-\(rows)", old: state, new: toggled,
      changed: toggled.todos[id: UUID(rows / 2 + 1)]!, runs: rows > 1000 ? min(runs, 5) : runs
    )
    let toggleFigures = !wants("toggle") ? empty : try await measureSend(
      label: "todos-\(rows)-toggle", initial: state, reducer: Todos(),
      dependencies: Fixtures.todosDependencies, actions: Fixtures.toggles(rows: rows, count: batch * 4, seed: 1), batch: batch,
      runs: sendRuns, directory: directory
    )
    let renameFigures = !wants("rename") ? empty : try await measureSend(
      label: "todos-\(rows)-rename", initial: state, reducer: Todos(),
      dependencies: Fixtures.todosDependencies, actions: Fixtures.renames(rows: rows, count: batch * 4, seed: 2), batch: batch,
      runs: sendRuns, directory: directory
    )
    toggle[rows] = toggleFigures.overhead
    rename[rows] = renameFigures.overhead
    let rowsText = fmtCount(rows)
    report.add(
      "1", "send overhead, Todos \(rowsText) rows, toggle a row (`checkBoxToggled`, starts the sort effect)",
      fmtTime(toggleFigures.overhead),
      vs: "plain send \(fmtTime(toggleFigures.base)); overhead in sending-thread CPU \(fmtTime(toggleFigures.overheadCPU)); " + ratios(toggleFigures.overhead, baselines),
      goal: "≤ 5 µs", verdict(toggleFigures.overhead <= goal)
    )
    report.add(
      "1", "send overhead, Todos \(rowsText) rows, rename a row (`titleChanged`, no effect)",
      fmtTime(renameFigures.overhead),
      vs: "plain send \(fmtTime(renameFigures.base)); overhead in sending-thread CPU \(fmtTime(renameFigures.overheadCPU)); " + ratios(renameFigures.overhead, baselines),
      goal: "≤ 5 µs", verdict(renameFigures.overhead <= goal)
    )
  }
  // Issue 41: a recording store whose live link is open with nobody attached, against the same
  // recording store without it: the link must cost the send path nothing (within 5%).
  if wants("rename"), onlyRows == nil || onlyRows == 10 {
    let linked = try await measureSend(
      label: "todos-10-rename-linked", initial: Fixtures.todos(rows: 10), reducer: Todos(),
      dependencies: Fixtures.todosDependencies,
      actions: Fixtures.renames(rows: 10, count: config.sendBatch * 4, seed: 2),
      batch: config.sendBatch, runs: config.sendRuns * 3, directory: directory, linked: true
    )
    let ratio = linked.recordedCPU / max(linked.baseCPU, 1e-12)
    report.add(
      "1",
      "recording send with the live link open, nobody attached ÷ without it (Todos rename, 10 rows)",
      fmt(ratio) + "×",
      vs: "sending-thread CPU \(fmtTime(linked.recordedCPU)) with the link, "
        + "\(fmtTime(linked.baseCPU)) without; wall \(fmtTime(linked.recorded)) vs "
        + "\(fmtTime(linked.base))",
      goal: "≤ 1.05×", verdict(ratio <= 1.05)
    )
  }

  let big = config.bigTodoRows
  // Issue 44: one sort of a big list, half of whose rows move, recorded within 1 ms of the sort.
  if wants("sort"), onlyRows == nil || onlyRows == big {
    let sort = try measureSort(rows: big, runs: max(runs, 5), directory: directory)
    report.add(
      "1", "recorder's overhead on one sort of \(fmtCount(big)) Todos rows (half of them move)",
      fmtTime(sort.overhead),
      vs: "the sort itself \(fmtTime(sort.sort)); sending-thread CPU overhead "
        + "\(fmtTime(sort.overheadCPU)); then the writer's commit \(fmtTime(sort.writer)) off "
        + "the send path; patch \(sort.operations) operations, "
        + "\(fmtBytes(Double(sort.bytes))), parsed and applied by a reader in \(fmtTime(sort.reading))",
      goal: "≤ 1 ms", verdict(sort.overhead <= 1e-3)
    )
  }
  if toggle[10] != nil, toggle[big] != nil {
    let toggleScaling = toggle[big]! / max(toggle[10]!, 1e-9)
    let renameScaling = rename[big]! / max(rename[10]!, 1e-9)
    report.add(
      "1", "overhead at \(fmtCount(big)) rows ÷ at 10 rows, toggle", fmt(toggleScaling) + "×",
      vs: "\(fmtTime(toggle[big]!)) vs \(fmtTime(toggle[10]!))", goal: "≤ 1.5×",
      verdict(toggleScaling <= 1.5)
    )
    report.add(
      "1", "overhead at \(fmtCount(big)) rows ÷ at 10 rows, rename", fmt(renameScaling) + "×",
      vs: "\(fmtTime(rename[big]!)) vs \(fmtTime(rename[10]!))", goal: "≤ 1.5×",
      verdict(renameScaling <= 1.5)
    )
  }

  // The Library's navigation (issue 28): pushing a book's screen (`bookTapped`) and popping it
  // (`.path(.popFrom(id:))`), by turns, so the stack keeps its size, and a binding action of the
  // presented new book form, over 10 and over `bigTodoRows` screens. Its overhead is held to
  // twice a 10-row Todos row action's, measured above in this run.
  var push: [Int: Double] = [:]
  for screens in [10, big] where onlyRows == nil || onlyRows == screens {
    let state = Fixtures.library(screens: screens)
    let dependencies = Fixtures.libraryDependencies(screens: screens)
    let baselineRuns = screens > 1000 ? min(runs, 5) : runs
    // A send over 10,000 screens copies them (both stores do): a tenth of the batch.
    let pushBatch = screens > 1000 ? max(20, config.sendBatch / 10) : config.sendBatch
    var pushed = state
    withDependencies(dependencies) {
      pushed.path.append(.detail(BookDetail.State(book: Book.shelf[1])))
    }
    let pushBaselines = try measureBaselines(
      label: "library-\(screens)-push", old: state, new: pushed, changed: pushed.path.last!,
      runs: baselineRuns
    )
    let pushFigures = !wants("push") ? empty : try await measureSend(
      label: "library-\(screens)-push", initial: state, reducer: Library(),
      dependencies: dependencies,
      actions: Fixtures.pushesAndPops(count: pushBatch * 4, screens: screens, seed: 3),
      batch: pushBatch, runs: config.sendRuns, directory: directory
    )
    var edited = state
    edited.addBook!.book.pages = 273
    let presentedBaselines = try measureBaselines(
      label: "library-\(screens)-presented", old: state, new: edited, changed: 273,
      runs: baselineRuns
    )
    let presentedFigures = !wants("presented") ? empty : try await measureSend(
      label: "library-\(screens)-presented", initial: state, reducer: Library(),
      dependencies: dependencies,
      actions: Fixtures.presentedEdits(count: config.sendBatch * 4, seed: 4),
      batch: config.sendBatch, runs: config.sendRuns, directory: directory
    )
    push[screens] = pushFigures.overhead
    let screensText = fmtCount(screens)
    for (name, figures, baselines) in [
      ("push a book's screen and pop it, by turns", pushFigures, pushBaselines),
      (
        "presented form's binding (`.addBook(.presented(.binding(.set(\\.book.pages, n))))`)",
        presentedFigures, presentedBaselines
      ),
    ] {
      report.add(
        "1", "send overhead, Library \(screensText) screens, \(name)",
        fmtTime(figures.overhead),
        vs: "plain send \(fmtTime(figures.base)); overhead in sending-thread CPU "
          + "\(fmtTime(figures.overheadCPU)); " + ratios(figures.overhead, baselines)
      )
      // Issue 28: recording a navigation action costs no more than twice a Todos row action.
      guard let rename = rename[10], let toggle = toggle[10], rename > 0, toggle > 0 else {
        continue
      }
      let ratio = figures.overhead / rename
      report.add(
        "1", "overhead of that ÷ Todos 10 rows rename's", fmt(ratio) + "×",
        vs: "\(fmtTime(figures.overhead)) vs \(fmtTime(rename)); ÷ the toggle's "
          + fmt(figures.overhead / toggle) + "×",
        goal: "≤ 2×", verdict(ratio <= 2)
      )
    }
  }
  // Shared state (issue 40): a Playlist's presented player marks its song a favorite, a shared
  // change made by an action to a value the list's row and the player both hold; and the same
  // songs changed with `withLock` from outside the store, as an effect or the disk would, each
  // change an entry of its own. Held to twice a 10-row Todos row action's overhead.
  for songs in [10, big] where onlyRows == nil || onlyRows == songs {
    let songsText = fmtCount(songs)
    let sharedBatch = songs > 1000 ? max(20, config.sendBatch / 10) : config.sendBatch
    let favoriteFigures = !wants("favorite") ? empty : try await measureSend(
      label: "playlist-\(songs)-favorite", initial: Fixtures.playlist(rows: songs),
      reducer: Playlist(), dependencies: { _ in },
      actions: Fixtures.favorites(count: sharedBatch * 4), batch: sharedBatch,
      runs: songs > 1000 ? config.sendRuns * 3 : config.sendRuns, directory: directory
    )
    // A session starts, and hears of shared changes, at its first action: one per store, sent
    // in the warm-up.
    var started: Set<ObjectIdentifier> = []
    let outsideFigures = !wants("outside") ? empty : try await measureSend(
      label: "playlist-\(songs)-outside", initial: Fixtures.playlist(rows: songs),
      reducer: Playlist(), dependencies: { _ in },
      actions: (0..<(sharedBatch * 4)).map { .removeSong(UUID($0 % songs + 1)) },
      batch: sharedBatch, runs: songs > 1000 ? config.sendRuns * 3 : config.sendRuns,
      directory: directory
    ) { store, action in
      // The action only names the song: its seconds played change through the store's share.
      guard case let .removeSong(id) = action else { return }
      if started.insert(ObjectIdentifier(store)).inserted {
        store.send(.player(.presented(.favoriteButtonTapped)))
      }
      store.state.$songs.withLock { $0[id: id]!.secondsPlayed += 1 }
    }
    for (name, figures) in [
      ("player's favorite button (`withLock` in the reducer; the song held at two places)",
        favoriteFigures),
      ("`withLock` outside the store (an entry of its own)", outsideFigures),
    ] {
      report.add(
        "1", "send overhead, Playlist \(songsText) shared songs, \(name)",
        fmtTime(figures.overhead),
        vs: "plain \(fmtTime(figures.base)); overhead in sending-thread CPU "
          + fmtTime(figures.overheadCPU)
      )
      guard let rename = rename[10], rename > 0, figures.overhead != 0 else { continue }
      let ratio = figures.overhead / rename
      report.add(
        "1", "overhead of that ÷ Todos 10 rows rename's", fmt(ratio) + "×",
        vs: "\(fmtTime(figures.overhead)) vs \(fmtTime(rename))", goal: "≤ 2×",
        verdict(ratio <= 2)
      )
    }
  }
  if let small = push[10], let large = push[big], small > 0, large > 0 {
    let scaling = large / small
    report.add(
      "1", "push and pop overhead over \(fmtCount(big)) screens ÷ over 10",
      fmt(scaling) + "×",
      vs: "\(fmtTime(large)) vs \(fmtTime(small))", goal: "≤ 1.5× (as rows)",
      verdict(scaling <= 1.5)
    )
  }
}
