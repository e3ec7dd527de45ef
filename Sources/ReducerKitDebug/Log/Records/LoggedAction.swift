import Foundation
import GRDB

/// Where a logged action came from.
public enum ActionSource: Codable, Sendable, Equatable {
  /// Sent by the store's caller (a view, a test, `rkdebug record`).
  case send
  /// Emitted by effect `effectID`, which the reducer returned for action `parentIndex`.
  case effect(effectID: Int, parentIndex: Int)
}

/// One recorded action with its metadata and its state patch.
public struct LoggedAction: Codable, Sendable, Equatable {
  /// The action's index: 1 is the first action.
  public var index: Int
  /// The action's `Codable` JSON, for replay.
  public var json: String
  /// The action as swift-custom-dump prints it, for people.
  public var label: String
  /// Who sent the action.
  public var source: ActionSource
  /// When the action was sent.
  public var time: Date
  /// How long the reducer took, in nanoseconds.
  public var durationNanos: Int64
  /// The RFC 6902 operations (with old values) that turn the state at `index - 1` into the
  /// state at `index`.
  public var patch: [JSONPatchOperation]

  static let selection = """
    idx, json, label, source, effect_id, parent_idx, time, duration_ns, patch
    """

  init(row: Row) throws {
    index = row["idx"]
    json = row["json"]
    label = row["label"]
    if let effectID = row["effect_id"] as Int?, let parentIndex = row["parent_idx"] as Int? {
      source = .effect(effectID: effectID, parentIndex: parentIndex)
    } else {
      source = .send
    }
    time = Date(timeIntervalSince1970: row["time"])
    durationNanos = row["duration_ns"]
    let patchText: String = row["patch"]
    do {
      patch = try JSONPatchOperation.operations(parsing: patchText)
    } catch {
      throw LogError.corrupt("the patch of action \(index) does not parse: \(error)")
    }
  }

  /// The label on one line, for lists and headings: custom-dump's lines joined the way the
  /// code would be written, with no space after an opening bracket or parenthesis that ends
  /// a line, nor before a closing one that starts a line.
  ///
  /// ```
  /// Todos.Action.todos(.element(id: UUID(…), action: .checkBoxToggled))
  /// Shelf.Action.addBooks([[0]: "Dune", [1]: "Emma"])
  /// ```
  ///
  /// Only line breaks and the indentation around them change: the text inside a line (a
  /// string's `"( "`, say) is kept as it is.
  public var singleLineLabel: String {
    guard label.contains("\n") else { return label }
    var text = ""
    for line in label.split(separator: "\n") {
      let line = line.trimmingCharacters(in: .whitespaces)
      guard !line.isEmpty else { continue }
      if let last = text.last, !"([{".contains(last), let first = line.first,
        !")]}".contains(first)
      {
        text += " "
      }
      text += line
    }
    return text
  }
}
