/// Presented state that goes away by itself when one of its actions arrives: alerts and
/// confirmation dialogs, whose buttons dismiss them.
///
/// `ifLet(\.$alert, action: \.alert)` sets the state to `nil` after the parent has received
/// the action of a button; a `@Reducer` enum case holding such a state is dismissed the same
/// way.
public protocol _EphemeralState {}

/// Whether `state`, or the associated value of the enum case it is in, is ephemeral.
func isEphemeral(_ state: Any) -> Bool {
  if state is any _EphemeralState { return true }
  let mirror = Mirror(reflecting: state)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else {
    return false
  }
  return payload is any _EphemeralState
}

extension AlertState: _EphemeralState {}
extension ConfirmationDialogState: _EphemeralState {}
