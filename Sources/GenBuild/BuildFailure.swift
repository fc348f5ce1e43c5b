import GenModel

/// Why a build stopped. Everything here exits with code 2: the input (or the output folder)
/// cannot be used. Data problems are never failures; they are diagnostics.
public enum BuildFailure: Error, CustomStringConvertible {
    case input(InputError)
    case render(String)
    case write(String)

    public var description: String {
        switch self {
        case .input(let e): return e.description
        case .render(let m): return m
        case .write(let m): return m
        }
    }
}
