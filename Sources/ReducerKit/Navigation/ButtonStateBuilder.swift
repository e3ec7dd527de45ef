/// Builds the buttons of an ``AlertState`` or a ``ConfirmationDialogState`` from a list of
/// ``ButtonState`` expressions, with `if`, `if`/`else`, `switch` and `for`.
@resultBuilder
public enum ButtonStateBuilder<Action> {
  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }

  public static func buildBlock(_ parts: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    parts.flatMap { $0 }
  }

  public static func buildOptional(_ part: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    part ?? []
  }

  public static func buildEither(first part: [ButtonState<Action>]) -> [ButtonState<Action>] {
    part
  }

  public static func buildEither(second part: [ButtonState<Action>]) -> [ButtonState<Action>] {
    part
  }

  public static func buildArray(_ parts: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    parts.flatMap { $0 }
  }

  public static func buildLimitedAvailability(
    _ part: [ButtonState<Action>]
  ) -> [ButtonState<Action>] {
    part
  }
}
