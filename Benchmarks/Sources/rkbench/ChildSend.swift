import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitLive
import ReducerKitSamples

/// `rkbench --child-send KIND ROWS COUNT MODE PATH`: one case of benchmark 1 alone, for a
/// profiler. Sends COUNT actions to one store, plain (MODE `plain`), recording into the log at
/// PATH (MODE `recording`), or recording with its live link open and nobody attached (MODE
/// `linked`), and prints the sending thread's time per action after 200 warm-up
/// actions. KIND `toggle` or `rename` sends Todos row actions (on random rows of ROWS, from a
/// list of 1,000 sent round and round); `counter` sends Counter increments, a reducer that reads
/// no dependency; `uuid` sends ``UUIDStamp`` actions, a reducer that reads one `uuid()`. KIND
/// `push` pushes a book's screen on the Library's stack of ROWS screens (`bookTapped`) and pops
/// it (`.path(.popFrom(id:))`), by turns, `presented` sends binding actions to the Library's
/// presented new book form (`.addBook(.presented(.binding(.set(\.book.pages, n))))`, over
/// ROWS screens; from a list of 1,000). KIND `favorite` taps the favorite button of a
/// Playlist's presented player, a shared change made by an action (the song is held by the
/// list's row and by the player), over ROWS songs; `outside` changes the playlist's shared songs
/// with `withLock` from outside the store, as an effect of another store or the disk would: each
/// change is a log entry of its own.
///
/// Instructions counted by callgrind do not depend on the machine's mood; the difference between
/// two COUNTs is the cost of the extra actions alone, without start-up:
///
/// ```sh
/// valgrind --tool=callgrind --separate-threads=yes \
///   rkbench --child-send rename 10 2000 recording /tmp/r.sqlite
/// ```
@MainActor
func childSend(kind: String, rows: Int, count: Int, mode: String, path: String) async throws {
  guard
    ["toggle", "rename", "counter", "uuid", "push", "presented", "favorite", "outside"]
      .contains(kind),
    ["plain", "recording", "linked"].contains(mode), rows > 0, count > 200
  else {
    throw BenchError(
      "--child-send wants toggle|rename|counter|uuid|push|presented|favorite|outside, "
        + "ROWS > 0, COUNT > 200, "
        + "plain|recording|linked"
    )
  }
  switch kind {
  case "counter":
    return try await send(
      Array(repeating: .increment, count: 1_000), to: Counter(), from: Counter.State(),
      dependencies: Fixtures.counterDependencies, count: count, mode: mode, path: path,
      label: "counter"
    )
  case "uuid":
    return try await send(
      Array(repeating: .stamp, count: 1_000), to: UUIDStamp(), from: UUIDStamp.State(),
      dependencies: UUIDStamp.dependencies, count: count, mode: mode, path: path, label: "uuid"
    )
  case "push", "presented":
    let actions =
      kind == "push"
      ? Fixtures.pushesAndPops(count: 1_000, screens: rows, seed: 3) : Fixtures.presentedEdits(count: 1_000, seed: 4)
    return try await send(
      actions, to: Library(), from: Fixtures.library(screens: rows),
      dependencies: Fixtures.libraryDependencies(screens: rows), count: count, mode: mode,
      path: path, label: "\(kind), \(rows) screens"
    )
  case "favorite":
    return try await send(
      Fixtures.favorites(count: 1_000), to: Playlist(), from: Fixtures.playlist(rows: rows),
      dependencies: { _ in }, count: count, mode: mode, path: path,
      label: "favorite, \(rows) songs"
    )
  case "outside":
    let state = Fixtures.playlist(rows: rows)
    let songs = state.$songs
    return try await send(
      [Playlist.Action](), to: Playlist(), from: state, dependencies: { _ in }, count: count,
      mode: mode, path: path, label: "outside, \(rows) songs"
    ) { store, sent in
      // A session starts, and hears of shared changes, at its first action.
      if sent == 0 { store.send(.player(.presented(.favoriteButtonTapped))) }
      songs.withLock { $0[id: UUID(sent % rows + 1)]!.secondsPlayed += 1 }
    }
  default:
    break
  }
  // A fixed list, sent round and round: building it costs the same whatever COUNT is, so the
  // difference between two COUNTs holds sends only (building an action makes its row's UUID
  // from text, 12,000 to 14,000 instructions).
  let actions =
    kind == "toggle"
    ? Fixtures.toggles(rows: rows, count: 1_000, seed: 1)
    : Fixtures.renames(rows: rows, count: 1_000, seed: 2)
  try await send(
    actions, to: Todos(), from: Fixtures.todos(rows: rows),
    dependencies: Fixtures.todosDependencies, count: count, mode: mode, path: path,
    label: "\(kind), \(rows) rows"
  )
}

/// Sends `count` of `actions` (round and round) to a store of `reducer`, plain, recording, or
/// recording with its live link open; or, given `perform`, calls it `count` times instead (with
/// the store and the step's number).
@MainActor
private func send<R: Reducer>(
  _ actions: [R.Action], to reducer: R, from state: R.State,
  dependencies: @escaping (inout DependencyValues) -> Void, count: Int, mode: String,
  path: String, label: String, perform: ((Store<R>, Int) -> Void)? = nil
) async throws where R.State: ObservableStateProtocol & Codable, R.Action: Codable & Sendable {
  removeDatabase(path)
  let log = try ActionLog(path: path)
  let recording = reducer.recording(to: log, feature: label)
  let store =
    mode == "plain"
    ? Store<R>(initialState: state, reducer: reducer, withDependencies: dependencies)
    : Store<R>(initialState: state, reducer: recording, withDependencies: dependencies)
  let link =
    mode == "linked" ? try await LiveDebugLink.open(store: store, recording: recording) : nil
  let step = perform ?? { store, sent in store.send(actions[sent % actions.count]) }
  for sent in 0..<200 { step(store, sent) }
  let cpu = currentThreadCPUSeconds()
  let wall = seconds {
    for sent in 200..<count { step(store, sent) }
  }
  let cpuPerAction = (currentThreadCPUSeconds() - cpu) / Double(count - 200)
  print(
    "\(mode) \(label): \(fmtTime(wall / Double(count - 200))) per action, "
      + "sending thread's CPU \(fmtTime(cpuPerAction))"
  )
  await link?.close()
  try log.flush()
  try log.close()
}
