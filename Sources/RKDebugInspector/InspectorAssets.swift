/// The page's files, compiled into the binary (Assets/): plain HTML, CSS and JavaScript with
/// no build step.
public enum InspectorAssets {
  /// The single page: the session list, or one session's views.
  public static var indexHTML: [UInt8] { PackageResources.index_html }
  /// The page's script.
  public static var appJS: [UInt8] { PackageResources.app_js }
  /// The page's style sheet.
  public static var appCSS: [UInt8] { PackageResources.app_css }
}
