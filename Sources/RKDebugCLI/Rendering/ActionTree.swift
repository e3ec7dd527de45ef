import ReducerKitDebug

/// The actions of a session as a tree of causes: each action emitted by an effect sits under
/// the effect, which sits under the action whose reducer returned it.
///
/// ```
/// 1  Counter.Action.factButtonTapped
///    └─ effect #1 run, finished
///       └─ 2  Counter.Action.factResponse("1 is the loneliest number.")
/// 3  Counter.Action.increment
/// ```
///
/// Every effect of a shown action is listed, with its outcome, even when it emitted nothing
/// (a cancelled request, a failure).
struct ActionTree {
  /// The actions to show, in index order.
  let actions: [LoggedAction]
  /// Every effect of the session.
  let effects: [LoggedEffect]
  /// How the output is styled.
  var terminal = Terminal.plain
  /// The width of the roots' indices; that of the last action's when `nil`. A tree printed a
  /// part at a time gives every part the width of the whole.
  var indexWidth: Int?

  /// The lines of the tree.
  var lines: [String] {
    let shown = Set(actions.map(\.index))
    let width = indexWidth ?? String(actions.last?.index ?? 0).count
    let effectIDs = Set(effects.map(\.id))
    var emitted: [Int: [LoggedAction]] = [:]
    var roots: [LoggedAction] = []
    for action in actions {
      if case let .effect(effectID, parentIndex) = action.source, shown.contains(parentIndex),
        effectIDs.contains(effectID)
      {
        emitted[effectID, default: []].append(action)
      } else {
        roots.append(action)
      }
    }
    let effectsByAction = Dictionary(grouping: effects, by: \.actionIndex)

    var lines: [String] = []
    func add(_ action: LoggedAction, prefix: String, branch: String) {
      let index = String(action.index)
      // Roots line their indices up on the right; nested actions follow their branch.
      let indexWidth = branch.isEmpty ? width : index.count
      let padding = String(repeating: " ", count: indexWidth - index.count)
      var line = prefix + branch + terminal.styled(padding + index, .bold)
      line += "  " + action.singleLineLabel
      if case .effect = action.source, branch.isEmpty {
        line += "  " + terminal.styled("(\(action.source.text))", .dim)
      }
      lines.append(line)
      let childPrefix =
        prefix + (branch.isEmpty ? "" : branch == "└─ " ? "   " : "│  ")
        + String(repeating: " ", count: indexWidth + 2)
      let actionEffects = effectsByAction[action.index] ?? []
      for (position, effect) in actionEffects.enumerated() {
        let isLast = position == actionEffects.count - 1
        lines.append(
          childPrefix + (isLast ? "└─ " : "├─ ") + terminal.styled(Self.describe(effect), .cyan)
        )
        let children = emitted[effect.id] ?? []
        for (childPosition, child) in children.enumerated() {
          add(
            child, prefix: childPrefix + (isLast ? "   " : "│  "),
            branch: childPosition == children.count - 1 ? "└─ " : "├─ "
          )
        }
      }
    }
    for root in roots {
      add(root, prefix: "", branch: "")
    }
    return lines
  }

  /// `effect #3 run, finished`, `effect #4 run, failed: timed out`, `effect #5 run, cancelled:
  /// its screen was popped by action 16`, `effect #6 send, still running …`.
  static func describe(_ effect: LoggedEffect) -> String {
    var text = "effect #\(effect.id) \(effect.kind), "
    switch effect.outcome {
    case .finished?: text += "finished"
    case .cancelled?:
      text += "cancelled"
      if let cause = effect.cancelCause, let index = effect.cancelledBy {
        text += ": " + cause.explanation(action: index)
      }
    case .failed?: text += "failed" + (effect.error.map { ": \($0)" } ?? "")
    case nil: text += "still running when the session ended"
    }
    if !effect.cancelIDs.isEmpty {
      text += " (cancel id " + effect.cancelIDs.joined(separator: ", ") + ")"
    }
    return text
  }

  /// An effect as a JSON object (docs/cli-json.md): `id`, `actionIndex`, `kind`, `cancelIDs`,
  /// `outcome` (`null` while running), `error`, `cancelCause`, `cancelledBy`, `startedAt`,
  /// `endedAt`.
  static func json(_ effect: LoggedEffect) -> JSONValue {
    [
      "id": JSONValue(effect.id),
      "actionIndex": JSONValue(effect.actionIndex),
      "kind": .string(effect.kind),
      "cancelIDs": .array(effect.cancelIDs.map(JSONValue.string)),
      "outcome": .optional(effect.outcome) { .string($0.rawValue) },
      "error": .optional(effect.error, JSONValue.string),
      "cancelCause": .optional(effect.cancelCause) { .string($0.rawValue) },
      "cancelledBy": .optional(effect.cancelledBy) { JSONValue($0) },
      "startedAt": .date(effect.startedAt),
      "endedAt": .optional(effect.endedAt, JSONValue.date),
    ]
  }
}

extension LoggedEffect.CancelCause {
  /// Why the effect was cancelled, in words, with the action that did it:
  /// `its screen was popped by action 16`.
  func explanation(action index: Int) -> String {
    switch self {
    case .cancelID: "by action \(index) (.cancel(id:))"
    case .cancelInFlight: "by action \(index), which started another under its id (cancelInFlight)"
    case .dismissed: "its screen was dismissed by action \(index)"
    case .popped: "its screen was popped by action \(index)"
    case .stateRemoved: "its state was removed by action \(index)"
    case .sessionEnded: "the session ended after action \(index)"
    }
  }
}
