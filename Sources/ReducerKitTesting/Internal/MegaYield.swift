/// Lets the effects the test just started run up to their first suspension.
///
/// Effects run in tasks that start on the main actor after the test yields it. One
/// `Task.yield()` is not always enough for a chain of tasks (a `cancellable` wrapper, then the
/// `run`), so this yields several times through a low-priority detached task, as TCA's
/// `Task.megaYield()` does. It takes no measurable time.
func megaYield(count: Int = 20) async {
  for _ in 0..<count {
    await Task.detached(priority: .background) { await Task.yield() }.value
  }
}
