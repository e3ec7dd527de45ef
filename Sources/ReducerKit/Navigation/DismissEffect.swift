import Dependencies
import IssueReporting

/// Dismisses the presented feature, or pops the stack element, whose effect calls it.
///
/// Read it with `@Dependency(\.dismiss) var dismiss` in a child feature and call it from an
/// effect; the parent's `ifLet(\.$destination, …)` or `forEach(\.path, …)` receives
/// `.dismiss` or `.popFrom(id:)`, removes the child and cancels its effects:
///
/// ```swift
/// case .closeButtonTapped:
///   return .run { _ in await dismiss() }
/// ```
public struct DismissEffect: Sendable {
  private let dismiss: @MainActor @Sendable () async -> Void

  /// A dismissal that runs `dismiss`; tests use it to check that a feature dismisses itself.
  public init(_ dismiss: @escaping @MainActor @Sendable () async -> Void) {
    self.dismiss = dismiss
  }

  /// Dismisses the feature. Called outside a presented feature's effect, it reports an issue.
  @MainActor
  public func callAsFunction(fileID: StaticString = #fileID, line: UInt = #line) async {
    await dismiss()
  }
}

extension DismissEffect {
  /// Sends the dismissal action of the innermost presentation or stack element whose effect is
  /// running, and reports an issue where there is none.
  static let presentationContext = presentationContext {
    reportIssue(
      """
      "dismiss" was called from an effect that is not inside a presented feature or a stack \
      element. Call it from the effects of a feature integrated with \
      "ifLet(\\.$destination, action:)" or "forEach(\\.path, action:)".
      """
    )
  }

  /// Sends the dismissal action of the innermost presentation or stack element whose effect is
  /// running; where there is none, the root feature dismisses itself: `dismissRoot` runs (a
  /// `TestStore` notes it, as TCA's `isDismissed`).
  package static func presentationContext(
    orElse dismissRoot: @escaping @MainActor @Sendable () -> Void
  ) -> DismissEffect {
    DismissEffect {
      guard let dismissal = NavigationDismissal.current else {
        dismissRoot()
        return
      }
      await dismissal.send()
    }
  }
}

private enum DismissKey: DependencyKey {
  static let liveValue = DismissEffect.presentationContext
  static let testValue = DismissEffect.presentationContext
}

extension DependencyValues {
  /// Dismisses the presented feature or stack element whose effect calls it.
  public var dismiss: DismissEffect {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }
}

/// The dismissal of the presentation or stack element whose effect is running: set around each
/// effect of a presented child, innermost last.
struct NavigationDismissal: Sendable {
  // The task local holds this struct, never a bare closure: Swift 6.3's optimized `withValue`
  // asks the runtime for a closure value's metadata by its SIL type, gets nil and crashes
  // (swiftlang/swift#88321). DismissEffectTests runs it optimized in CI.
  @TaskLocal static var current: NavigationDismissal?

  /// Sends the dismissal action through the effect's own `send`.
  let send: @MainActor @Sendable () async -> Void
}
