import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitSamples

struct SortFigures {
  /// The plain store's send of the sort.
  var sort: Double
  /// The recording store's send beyond the plain one's: the recorder's share of the send path.
  var overhead: Double
  /// The same in the sending thread's CPU time.
  var overheadCPU: Double
  /// How long the log writer then takes to commit the sort (a flush right after the send).
  var writer: Double
  /// The operations and compact-form bytes of the recorded patch.
  var operations: Int
  var bytes: Int
  /// What a reader then takes to parse that patch and apply it to the state's JSON.
  var reading: Double
}

/// Times one `sortCompletedTodos` over `rows` Todos rows whose every other row is complete (half
/// the rows move), on a plain store and on a recording one, `runs` times with fresh stores,
/// alternating which goes first; the recording store's session is opened by a send that
/// changes nothing, outside the timed code.
@MainActor
func measureSort(rows: Int, runs: Int, directory: String) throws -> SortFigures {
  var state = Fixtures.todos(rows: rows)
  for index in stride(from: 0, to: rows, by: 2) { state.todos[index].isComplete = true }
  let path = directory + "/sort-\(rows).sqlite"
  removeDatabase(path)
  let log = try ActionLog(path: path)
  var sorts: [Double] = []
  var overheads: [Double] = []
  var overheadCPUs: [Double] = []
  var writers: [Double] = []
  func time(_ store: Store<Todos>) -> (wall: Double, cpu: Double) {
    let cpu = currentThreadCPUSeconds()
    let wall = seconds { store.send(.sortCompletedTodos) }
    return (wall, currentThreadCPUSeconds() - cpu)
  }
  for run in 0...runs {
    let plain = Store<Todos>(
      initialState: state, reducer: Todos(), withDependencies: Fixtures.todosDependencies
    )
    let recording = Store<Todos>(
      initialState: state, reducer: Todos().recording(to: log, feature: "sort"),
      withDependencies: Fixtures.todosDependencies
    )
    recording.send(.filterPicked(.all))
    try log.flush()
    let base: (wall: Double, cpu: Double)
    let recorded: (wall: Double, cpu: Double)
    let writer: Double
    if run % 2 == 0 {
      base = time(plain)
      recorded = time(recording)
      writer = try seconds { try log.flush() }
    } else {
      recorded = time(recording)
      writer = try seconds { try log.flush() }
      base = time(plain)
    }
    // Run 0 warms the code and the log up.
    guard run > 0 else { continue }
    sorts.append(base.wall)
    overheads.append(recorded.wall - base.wall)
    overheadCPUs.append(recorded.cpu - base.cpu)
    writers.append(writer)
  }
  let reader = try log.reader()
  let patch = try reader.actions().last?.patch ?? []
  let text = try patch.compactText()
  let before = try reader.stateJSON(at: 1)
  var readings: [Double] = []
  for _ in 0..<runs {
    var state = before
    readings.append(try seconds { try state.apply([JSONPatchOperation](compactText: text)) })
  }
  try log.close()
  removeDatabase(path)
  let figures = SortFigures(
    sort: median(sorts), overhead: median(overheads), overheadCPU: median(overheadCPUs),
    writer: median(writers), operations: patch.count, bytes: text.utf8.count,
    reading: median(readings)
  )
  say(
    "  todos-\(rows)-sort: sort \(fmtTime(figures.sort)) plain; recorder's overhead "
      + "\(fmtTime(figures.overhead)) on the send path (sending thread's CPU "
      + "\(fmtTime(figures.overheadCPU))), the writer's commit \(fmtTime(figures.writer)); "
      + "patch of \(figures.operations) operations, \(fmtBytes(Double(figures.bytes))), "
      + "which a reader parses and applies in \(fmtTime(figures.reading)) "
      + "(median of \(runs) fresh stores)"
  )
  return figures
}
