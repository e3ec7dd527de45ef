import Foundation
import ReducerKit
import ReducerKitDebug

extension TypedFeature {
  func renderChange(
    actionJSON: String, oldState: JSONValue, newState: JSONValue
  ) throws -> String {
    let decoder = JSONDecoder()
    let action = try decoder.decode(R.Action.self, from: Data(actionJSON.utf8))
    let old = try decoder.decode(R.State.self, from: oldState.serializedData())
    let new = try decoder.decode(R.State.self, from: newState.serializedData())
    return ChangeFormatter.text(action: action, oldState: old, newState: new)
  }
}
