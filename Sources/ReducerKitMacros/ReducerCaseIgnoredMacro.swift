import SwiftSyntax
import SwiftSyntaxMacros

/// Marks a case of a `@Reducer` enum that holds no child reducer: ``ReducerMacro`` keeps it in
/// `State` as written and gives it no action.
///
/// The attribute only tags the case: it expands to nothing.
///
/// ```swift
/// @Reducer
/// enum Destination {
///   @ReducerCaseIgnored case alert(AlertState<Alert>)
///   case edit(EditForm)
/// }
/// ```
public enum ReducerCaseIgnoredMacro: PeerMacro {
  /// Expands to no declarations.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
