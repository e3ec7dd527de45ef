import CasePaths

/// The actions of a presented child feature, as its parent receives them: the child's own
/// actions, and `dismiss`.
///
/// ```swift
/// enum Action {
///   case destination(PresentationAction<Destination.Action>)
/// }
/// ```
///
/// Its case key paths reach through `presented`: `\.destination.edit.saveButtonTapped` is
/// `\.destination.presented.edit.saveButtonTapped`.
public enum PresentationAction<Action> {
  /// Dismiss the presented feature: `ifLet` sets its state to `nil` and cancels its effects.
  case dismiss
  /// An action of the presented feature.
  indirect case presented(Action)
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
/// `{"dismiss": {}}` or `{"presented": {"_0": <the action's JSON>}}`, as Swift synthesizes for
/// an enum. `Codable` whatever `Action` is, so a feature's `enum Alert {}` with no cases needs no
/// coding of its own; a presented action whose type is not `Codable` fails, naming its type.
extension PresentationAction: Codable {
  private enum CodingKeys: String, CodingKey {
    case dismiss, presented
  }

  private enum PresentedKeys: String, CodingKey {
    case _0
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.typeMismatch(
        Self.self,
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "Invalid number of keys found, expected one."
        )
      )
    }
    switch key {
    case .dismiss:
      self = .dismiss
    case .presented:
      let payload = try container.nestedContainer(keyedBy: PresentedKeys.self, forKey: .presented)
      self = .presented(try PresentedActionCoding.decode(Action.self, forKey: ._0, in: payload))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .dismiss:
      _ = container.nestedContainer(keyedBy: PresentedKeys.self, forKey: .dismiss)
    case .presented(let action):
      var payload = container.nestedContainer(keyedBy: PresentedKeys.self, forKey: .presented)
      try PresentedActionCoding.encode(action, forKey: ._0, in: &payload)
    }
  }
}

extension PresentationAction: CasePathable {
  /// The case paths of `dismiss` and `presented`, and of the presented feature's cases.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The `dismiss` case.
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(
        embed: { .dismiss },
        extract: {
          guard case .dismiss = $0 else { return nil }
          return ()
        }
      )
    }

    /// The `presented` case.
    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(
        embed: { .presented($0) },
        extract: {
          guard case .presented(let action) = $0 else { return nil }
          return action
        }
      )
    }

    /// A case of the presented feature's action, reached through `presented`.
    public subscript<AppendedAction>(
      dynamicMember keyPath: CaseKeyPath<Action, AppendedAction>
    ) -> AnyCasePath<PresentationAction, AppendedAction> where Action: CasePathable {
      // Key paths are immutable values; they are only not declared `Sendable`.
      let keyPath = UncheckedSendable(keyPath)
      return AnyCasePath(
        embed: { .presented(keyPath.value($0)) },
        extract: {
          guard case .presented(let action) = $0 else { return nil }
          return action[case: keyPath.value]
        }
      )
    }
  }

  /// The case paths of ``PresentationAction``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
