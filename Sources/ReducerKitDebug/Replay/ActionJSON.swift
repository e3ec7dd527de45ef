import Foundation

/// Decodes a logged or typed action's JSON, refusing first what would crash the decoder.
///
/// Every command that decodes an action (record, replay, bisect, testgen, the stepper and the
/// inspector) goes through ``decode(_:from:decoder:)``, which refuses an `IndexSet` range
/// Foundation would trap on (see ``IndexSetBounds``) with a `DecodingError` that names its place.
public enum ActionJSON {
  /// The action `json` encodes, as `type`: read from the parsed tree where it can be
  /// (``JSONValue/decodedFromTree(as:userInfo:)``, which follows `JSONDecoder`'s default
  /// strategies), else by `decoder`, whose errors are the ones reported. Pass a decoder with
  /// the default strategies; one is reused across calls to save making it.
  public static func decode<Action: Decodable>(
    _ type: Action.Type, from json: String, decoder: JSONDecoder = JSONDecoder()
  ) throws -> Action {
    try IndexSetBounds.check(json)
    if decoder.userInfo.isEmpty, let tree = try? JSONValue(parsing: json),
      let action = tree.decodedFromTree(as: type)
    {
      return action
    }
    return try decoder.decode(type, from: Data(json.utf8))
  }
}
