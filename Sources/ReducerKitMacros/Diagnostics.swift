import SwiftDiagnostics
import SwiftSyntax

/// The errors ``ObservableStateMacro`` reports.
enum ObservableStateDiagnostic: String, DiagnosticMessage {
  /// The attribute is on a class.
  case appliedToClass
  /// The attribute is on an actor.
  case appliedToActor
  /// The attribute is on a protocol.
  case appliedToProtocol
  /// The attribute is on some other declaration (an extension, for instance).
  case appliedToOther

  /// The diagnostic for a declaration group that is neither a struct nor an enum, or `nil`.
  init?(notAStructOrEnum declaration: some DeclGroupSyntax) {
    switch Syntax(declaration).as(SyntaxEnum.self) {
    case .structDecl, .enumDecl: return nil
    case .classDecl: self = .appliedToClass
    case .actorDecl: self = .appliedToActor
    case .protocolDecl: self = .appliedToProtocol
    default: self = .appliedToOther
    }
  }

  var message: String {
    let advice: String
    switch self {
    case .appliedToClass, .appliedToActor: advice = "declare this state as a struct"
    case .appliedToProtocol: advice = "apply it to each conforming struct"
    case .appliedToOther: advice = "apply it to the struct's declaration"
    }
    return "'@ObservableState' can only be applied to a struct or an enum; \(advice)"
  }

  var diagnosticID: MessageID {
    MessageID(domain: "ReducerKitMacros", id: "ObservableState.\(rawValue)")
  }

  var severity: DiagnosticSeverity { .error }
}

/// The errors ``ReducerMacro`` reports.
enum ReducerDiagnostic: String, DiagnosticMessage {
  /// The attribute is on a class, an actor, a protocol or an extension.
  case notAStructOrEnum

  var message: String {
    "'@Reducer' can only be applied to a struct or an enum of child reducers"
  }

  var diagnosticID: MessageID {
    MessageID(domain: "ReducerKitMacros", id: "Reducer.\(rawValue)")
  }

  var severity: DiagnosticSeverity { .error }
}
