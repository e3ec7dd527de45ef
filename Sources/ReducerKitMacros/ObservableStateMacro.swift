import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Generates the `ObservableStateProtocol` conformance of a struct or an enum.
///
/// An enum (the `State` of a `@Reducer` enum, say) is observed as a whole and lists no
/// properties: the recorder diffs inside the associated value of a case that did not change.
///
/// Every stored instance property becomes one observed key path, in declaration order. Static
/// and computed properties, `lazy` properties and properties marked `@ObservationStateIgnored`
/// are left out; ignored properties are still listed in `_$observableProperties`, which the
/// recorder reads, because `Codable` encodes them. For
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   var count = 0
/// }
/// ```
///
/// the macro generates
///
/// ```swift
/// extension State: ReducerKit.ObservableStateProtocol {
///   static var _$observableKeyPaths: [PartialKeyPath<Self>] {
///     [\Self.count]
///   }
///   static func hasChanged(
///     _ keyPath: PartialKeyPath<Self>, from old: Self, to new: Self
///   ) -> Bool {
///     switch keyPath {
///     case \Self.count:
///       return ReducerKit._$isChanged(old.count, new.count)
///     default:
///       return true
///     }
///   }
///   static var _$observableProperties: [ReducerKit.ObservableProperty<Self>] {
///     [
///       ReducerKit.ObservableProperty("count", \Self.count),
///     ]
///   }
/// }
/// ```
///
/// The members have the struct's effective access level, so that they can witness the
/// protocol's requirements: `public` or `package` when the struct and the types it is nested in
/// are, no modifier when that level is internal, `fileprivate` when it is private. The
/// conformance clause is left out when the compiler reports that the struct already conforms.

///
/// A property's name in `_$observableProperties` is its key in the struct's `Codable`
/// representation: the raw value of its case in a nested `CodingKeys` enum when the struct
/// declares one. A property without a case is not encoded, so it is left out of that list, but
/// still observed. Stored properties declared inside `#if` blocks are not observed: a key path
/// to one of them is reported as changed after every action.
public enum ObservableStateMacro: ExtensionMacro {
  /// Generates the extension that holds the conformance and its members.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    if let diagnostic = ObservableStateDiagnostic(notAStructOrEnum: declaration) {
      context.diagnose(Diagnostic(node: node, message: diagnostic))
      return []
    }
    if declaration.is(EnumDeclSyntax.self) {
      return enumExpansion(of: type, conformingTo: protocols)
    }
    guard let structDecl = declaration.as(StructDeclSyntax.self) else { return [] }

    let stored = StoredProperty.all(in: structDecl.memberBlock)
    let properties = stored.filter { !$0.isIgnored }
    let codingKeys = codingKeys(in: structDecl.memberBlock)
    let access = AccessLevel.effective(of: structDecl, in: context.lexicalContext).modifier
    let conformance = protocols.isEmpty ? "" : ": ReducerKit.ObservableStateProtocol"

    let keyPaths = properties.map { "\\Self.\($0.storageIdentifier)" }
    // Ignored properties are not observed, but the recorder still needs them: `Codable` encodes
    // them, so a patch that left them out would not rebuild the state.
    let encoded = stored.compactMap { property -> (name: String, identifier: String)? in
      let key = if let codingKeys { codingKeys[property.name] } else { Optional(property.name) }
      guard let key else { return nil }
      return ("\(StringLiteralExprSyntax(content: key))", property.storageIdentifier)
    }
    let observed = encoded.map {
      "ReducerKit.ObservableProperty(\($0.name), \\Self.\($0.identifier)),"
    }

    var lines = ["extension \(type.trimmed)\(conformance) {"]
    lines.append("  \(access)static var _$observableKeyPaths: [PartialKeyPath<Self>] {")
    let inlineKeyPaths = "    [\(keyPaths.joined(separator: ", "))]"
    if inlineKeyPaths.count <= 100 {
      lines.append(inlineKeyPaths)
    } else {
      lines.append("    [")
      lines += keyPaths.map { "      \($0)," }
      lines.append("    ]")
    }
    lines += [
      "  }",
      "  \(access)static func hasChanged(",
      "    _ keyPath: PartialKeyPath<Self>, from old: Self, to new: Self",
      "  ) -> Bool {",
      "    switch keyPath {",
    ]
    for property in properties {
      let id = property.storageIdentifier
      lines.append("    case \\Self.\(id):")
      lines.append("      return ReducerKit._$isChanged(old.\(id), new.\(id))")
    }
    lines += [
      "    default:",
      "      return true",
      "    }",
      "  }",
      "  \(access)static var _$observableProperties: [ReducerKit.ObservableProperty<Self>] {",
    ]
    if observed.isEmpty {
      lines.append("    []")
    } else {
      lines.append("    [")
      lines += observed.map { "      \($0)" }
      lines.append("    ]")
    }
    lines += ["  }", "}"]

    let decl = DeclSyntax(stringLiteral: lines.joined(separator: "\n"))
    guard let extensionDecl = decl.as(ExtensionDeclSyntax.self) else { return [] }
    return [extensionDecl]
  }

  /// The conformance of an enum: it is observed as a whole, and the recorder diffs inside the
  /// associated value of an unchanged case, so it lists no properties.
  private static func enumExpansion(
    of type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax]
  ) -> [ExtensionDeclSyntax] {
    guard !protocols.isEmpty else { return [] }
    let decl: DeclSyntax = "extension \(type.trimmed): ReducerKit.ObservableStateProtocol {}"
    return decl.as(ExtensionDeclSyntax.self).map { [$0] } ?? []
  }

  /// The coding key of each property named in a nested `enum CodingKeys`, or `nil` when the
  /// struct declares no such enum.
  ///
  /// A case's key is its string raw value when it has one, its name otherwise.
  private static func codingKeys(in memberBlock: MemberBlockSyntax) -> [String: String]? {
    guard
      let codingKeys = memberBlock.members.lazy
        .compactMap({ $0.decl.as(EnumDeclSyntax.self) })
        .first(where: { $0.name.identifier?.name == "CodingKeys" })
    else { return nil }
    var keys: [String: String] = [:]
    for member in codingKeys.memberBlock.members {
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      for element in caseDecl.elements {
        let name = element.name.identifier?.name ?? element.name.text
        let rawValue = element.rawValue?.value.as(StringLiteralExprSyntax.self)?
          .representedLiteralValue
        keys[name] = rawValue ?? name
      }
    }
    return keys
  }
}

/// The access levels a declaration can have, from the most restrictive.
enum AccessLevel: Int, Comparable {
  case `private`, `fileprivate`, `internal`, `package`, `public`

  /// The level a modifier list spells out, if any (`open` counts as `public`).
  init?(_ modifiers: DeclModifierListSyntax) {
    for modifier in modifiers {
      // `private(set)` and the like restrict a setter, not the declaration.
      guard modifier.detail == nil else { continue }
      switch modifier.name.tokenKind {
      case .keyword(.private): self = .private
      case .keyword(.fileprivate): self = .fileprivate
      case .keyword(.internal): self = .internal
      case .keyword(.package): self = .package
      case .keyword(.public), .keyword(.open): self = .public
      default: continue
      }
      return
    }
    return nil
  }

  /// The modifier, followed by a space, that the members of an extension of a type at this
  /// level need to witness a protocol requirement: none for internal, and `fileprivate` for
  /// private, since the extension is at file scope.
  var modifier: String {
    switch self {
    case .private, .fileprivate: return "fileprivate "
    case .internal: return ""
    case .package: return "package "
    case .public: return "public "
    }
  }

  static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The level a type is visible at: the lowest of its own and of the types it is nested in.
  ///
  /// - Parameters:
  ///   - declaration: The type's declaration.
  ///   - lexicalContext: The declarations that enclose it, innermost first.
  /// - Returns: The effective access level of the type.
  static func effective(of declaration: StructDeclSyntax, in lexicalContext: [Syntax]) -> Self {
    let chain = [Syntax(declaration)] + lexicalContext
    var level = Self.public
    for (index, node) in chain.enumerated() {
      guard
        node.is(StructDeclSyntax.self) || node.is(ClassDeclSyntax.self)
          || node.is(EnumDeclSyntax.self) || node.is(ActorDeclSyntax.self),
        let modifiers = node.asProtocol((any WithModifiersSyntax).self)?.modifiers
      else { continue }
      // A type without a modifier gets the default of the extension it is declared in, if that
      // extension has one (`public extension Outer { struct Inner {} }`), and internal otherwise.
      let enclosingExtension = chain.dropFirst(index + 1).first?.as(ExtensionDeclSyntax.self)
      let own = Self(modifiers) ?? enclosingExtension.flatMap { Self($0.modifiers) } ?? .internal
      level = min(level, own)
    }
    return level
  }
}

/// A stored instance property of the struct the macro expands on.
struct StoredProperty {
  /// The property's name as written in code, with backticks when it has them.
  var identifier: String
  /// The property's name without backticks: its default coding key.
  var name: String
  /// Whether the property is marked `@ObservationStateIgnored`: not observed by the store, but
  /// still listed for the recorder.
  var isIgnored = false
  /// Whether the property is a `@Shared` or `@SharedReader`: its value lives in a reference, so
  /// it is observed and recorded through the wrapper (`_name`), whose `==` and diff can see the
  /// value before a change, rather than through the value the wrapper reads now.
  var isShared = false

  /// How the generated code reaches the property: the wrapper's storage for a shared one.
  var storageIdentifier: String { isShared ? "_\(name)" : identifier }

  /// The stored instance properties of a member block that are not `lazy`, in declaration
  /// order.
  static func all(in memberBlock: MemberBlockSyntax) -> [StoredProperty] {
    var properties: [StoredProperty] = []
    for member in memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self), isStored(variable)
      else { continue }
      let isIgnored = isMarkedIgnored(variable)
      let isShared = isMarkedShared(variable)
      for binding in variable.bindings {
        if let accessorBlock = binding.accessorBlock, isComputed(accessorBlock) { continue }
        let start = properties.count
        collect(binding.pattern, into: &properties)
        for index in start..<properties.count {
          properties[index].isIgnored = isIgnored
          properties[index].isShared = isShared
        }
      }
    }
    return properties
  }

  /// Whether a variable declaration can hold stored instance properties the macro lists: it is
  /// not static or `lazy` (whose getter mutates).
  private static func isStored(_ variable: VariableDeclSyntax) -> Bool {
    let excludedModifiers: Set<Keyword> = [.static, .class, .lazy]
    for modifier in variable.modifiers {
      if case .keyword(let keyword) = modifier.name.tokenKind, excludedModifiers.contains(keyword) {
        return false
      }
    }
    return true
  }

  /// Whether a variable declaration is marked `@ObservationStateIgnored`.
  private static func isMarkedIgnored(_ variable: VariableDeclSyntax) -> Bool {
    for attribute in variable.attributes {
      guard let attribute = attribute.as(AttributeSyntax.self) else { continue }
      let name = attribute.attributeName.trimmedDescription
      if name == "ObservationStateIgnored" || name == "ReducerKit.ObservationStateIgnored" {
        return true
      }
    }
    return false
  }

  /// Whether a variable declaration is wrapped by `@Shared` or `@SharedReader`.
  private static func isMarkedShared(_ variable: VariableDeclSyntax) -> Bool {
    let names: Set<String> = [
      "Shared", "SharedReader", "ReducerKit.Shared", "ReducerKit.SharedReader",
    ]
    return variable.attributes.contains { attribute in
      guard let attribute = attribute.as(AttributeSyntax.self) else { return false }
      var name = attribute.attributeName.trimmedDescription
      if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
      return names.contains(name)
    }
  }

  /// Whether an accessor block makes its property computed: it has accessors other than the
  /// `willSet` and `didSet` observers of a stored property.
  private static func isComputed(_ accessorBlock: AccessorBlockSyntax) -> Bool {
    switch accessorBlock.accessors {
    case .getter:
      return true
    case .accessors(let accessors):
      return accessors.contains { accessor in
        switch accessor.accessorSpecifier.tokenKind {
        case .keyword(.willSet), .keyword(.didSet): return false
        default: return true
        }
      }
    }
  }

  /// Appends the names a binding pattern declares: one for `x`, several for `(x, y)`.
  private static func collect(_ pattern: PatternSyntax, into properties: inout [StoredProperty]) {
    if let identifier = pattern.as(IdentifierPatternSyntax.self) {
      let token = identifier.identifier
      properties.append(
        StoredProperty(identifier: token.text, name: token.identifier?.name ?? token.text)
      )
    } else if let tuple = pattern.as(TuplePatternSyntax.self) {
      for element in tuple.elements {
        collect(element.pattern, into: &properties)
      }
    }
  }
}
