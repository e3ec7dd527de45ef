import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitSamples

/// `rkbench --child-send KIND ROWS COUNT MODE PATH`: benchmark 1's Todos case alone, for a
/// profiler. Sends COUNT actions (KIND `toggle` or `rename`, on random rows, from a list of
/// 1,000 sent round and round) to a Todos store of ROWS rows, plain (MODE `plain`) or recording
/// into the log at PATH (MODE `recording`), and prints the sending thread's time per action
/// after 200 warm-up actions.
///
/// Instructions counted by callgrind do not depend on the machine's mood; the difference between
/// two COUNTs is the cost of the extra actions alone, without start-up:
///
/// ```sh
/// valgrind --tool=callgrind --separate-threads=yes \
///   rkbench --child-send rename 10 2000 recording /tmp/r.sqlite
/// ```
@MainActor
func childSend(kind: String, rows: Int, count: Int, mode: String, path: String) throws {
  guard kind == "toggle" || kind == "rename", mode == "plain" || mode == "recording",
    rows > 0, count > 200
  else {
    throw BenchError("--child-send wants toggle|rename, ROWS > 0, COUNT > 200, plain|recording")
  }
  // A fixed list, sent round and round: building it costs the same whatever COUNT is, so the
  // difference between two COUNTs holds sends only (building an action makes its row's UUID
  // from text, 12,000 to 14,000 instructions).
  let actions =
    kind == "toggle"
    ? Fixtures.toggles(rows: rows, count: 1_000, seed: 1)
    : Fixtures.renames(rows: rows, count: 1_000, seed: 2)
  removeDatabase(path)
  let log = try ActionLog(path: path)
  let reducer = Todos()
  let state = Fixtures.todos(rows: rows)
  let store =
    mode == "plain"
    ? Store<Todos>(
      initialState: state, reducer: reducer, withDependencies: Fixtures.todosDependencies
    )
    : Store<Todos>(
      initialState: state, reducer: reducer.recording(to: log, feature: "todos"),
      withDependencies: Fixtures.todosDependencies
    )
  for action in actions.prefix(200) { store.send(action) }
  let cpu = currentThreadCPUSeconds()
  let wall = seconds {
    for sent in 200..<count { store.send(actions[sent % actions.count]) }
  }
  let cpuPerAction = (currentThreadCPUSeconds() - cpu) / Double(count - 200)
  print(
    "\(mode) \(kind), \(rows) rows: \(fmtTime(wall / Double(count - 200))) per action, "
      + "sending thread's CPU \(fmtTime(cpuPerAction))"
  )
  try log.flush()
  try log.close()
}
