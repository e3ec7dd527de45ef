/// A test store's own feature dismissing itself (``TestStore/isDismissed``): its effects'
/// `dismiss` dependency, outside any presentation, notes it and cancels the store's effects.
@MainActor
final class RootDismissal {
  private(set) var isDismissed = false
  /// Cancels every effect of the store.
  var cancelEffects: () -> Void = {}

  func dismiss() {
    isDismissed = true
    cancelEffects()
  }
}
