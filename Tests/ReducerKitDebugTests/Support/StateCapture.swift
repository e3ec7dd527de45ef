import Foundation
import ReducerKit
import Synchronization

/// Captures the JSON of the live state after every action, the way the log promises to
/// reconstruct it.
final class StateCapture: Sendable {
  private let states = Mutex<[String]>([])

  var all: [String] { states.withLock { $0 } }

  func append(_ json: String) {
    states.withLock { $0.append(json) }
  }

  static func json(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try! encoder.encode(value), as: UTF8.self)
  }
}

/// Wraps a reducer to capture the state JSON before the first action and after every action.
struct Capturing<Base: Reducer>: Reducer where Base.State: Encodable {
  let base: Base
  let capture: StateCapture

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    if capture.all.isEmpty { capture.append(StateCapture.json(state)) }
    let effect = base.reduce(into: &state, action: action)
    capture.append(StateCapture.json(state))
    return effect
  }
}

/// A temporary directory removed when the value goes away.
final class TemporaryDirectory: Sendable {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("rkdebug-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
