import Dependencies

private enum IsPresentedKey: DependencyKey {
  static let liveValue = false
  static let testValue = false
}

extension DependencyValues {
  /// Whether the feature reading it runs presented by a parent (`ifLet(\.$child, …)`) or as a
  /// stack element (`forEach(\.path, …)`), in its reducer and its effects.
  public var isPresented: Bool {
    get { self[IsPresentedKey.self] }
    set { self[IsPresentedKey.self] = newValue }
  }
}
