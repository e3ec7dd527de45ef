extension Settings: RandomActionGenerating {
  /// A random settings action; every settings action is valid in every state.
  public static func randomAction(
    for state: State, using rng: inout some RandomNumberGenerator
  ) -> Action {
    switch pick(
      [(3, .name), (3, .notifications), (3, .theme), (1, .reset)]
        as [(weight: Int, value: SettingsActionKind)],
      using: &rng
    ) {
    case .name:
      return .displayNameChanged(sampleNames.randomElement(using: &rng)!)
    case .notifications:
      return .notificationsToggled
    case .theme:
      return .themePicked(Theme.allCases.randomElement(using: &rng)!)
    case .reset:
      return .resetButtonTapped
    }
  }

  /// The display names random actions pick from.
  public static let sampleNames = ["Blob", "Blob Jr.", "Blob Sr.", "Ada", "Grace", "Linus"]
}

/// The kinds of action `randomAction(for:using:)` chooses between.
private enum SettingsActionKind {
  case name, notifications, theme, reset
}
