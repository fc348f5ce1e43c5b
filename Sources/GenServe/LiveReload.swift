import Foundation

/// What the preview adds to the HTML it serves, never to the files on disk (the site is browsed from
/// `file://` too): a script that listens for finished builds and reloads the page, and while the last build
/// failed, its error above the page.
public enum LiveReload {
    /// The preview's own paths. A name starting with a dot is never served from the output (`SiteFiles`), so
    /// no page of the site can take these.
    public static let eventsPath = "/.gen-serve/events"

    /// The script, told the build the page came from: on connecting, and after every build, the server names the
    /// latest build; a page from another build reloads. A build that finished between the page and the
    /// connection is not missed, and a restarted server (builds counted from one again) reloads too.
    static func script(build: Int) -> String {
        """
        <script>/* gen serve: live reload (added by the preview server, not part of the site) */
        (function () {
          var events = new EventSource("\(eventsPath)");
          events.addEventListener("build", function (event) {
            if (event.data !== "\(build)") { events.close(); location.reload(); }
          });
        })();
        </script>
        """
    }

    /// The failed build's message above the page; the page under it is the last good build's.
    static func banner(error: String) -> String {
        """
        <div id="gen-serve-error" role="alert" style="position:fixed;z-index:2147483647;top:0;left:0;right:0;\
        max-height:50vh;overflow:auto;margin:0;padding:12px 16px;background:#fff0f0;color:#600;\
        border-bottom:3px solid #c00;font:13px/1.4 ui-monospace,monospace;white-space:pre-wrap">\
        <strong>gen serve: the build failed; this is the last good build.</strong>
        \(escape(error))</div>
        """
    }

    /// `html` with the script (and the banner) before its last `</body>`, or at its end when it has none.
    public static func inject(into html: Data, build: Int, error: String?) -> Data {
        let added = Data(((error.map { banner(error: $0) } ?? "") + script(build: build)).utf8)
        let closing = Array("</body>".utf8)
        var index = html.endIndex
        if html.count >= closing.count {
            var i = html.endIndex - closing.count
            while i >= html.startIndex {
                if zip(html[i..<(i + closing.count)], closing).allSatisfy({ lowercase($0) == $1 }) {
                    index = i
                    break
                }
                i -= 1
            }
        }
        var out = Data(capacity: html.count + added.count)
        out.append(html[html.startIndex..<index])
        out.append(added)
        out.append(html[index...])
        return out
    }

    /// The page shown where the site has no page to show: no build has succeeded yet (with the error), a build
    /// is still running, or the path names nothing. It reloads with the next build like every page.
    public static func page(title: String, message: String, build: Int, error: String?) -> Data {
        let body = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title></head>
            <body style="font:15px/1.5 system-ui,sans-serif;margin:2em">
            <h1 style="font-size:1.3em">\(escape(title))</h1>
            <p>\(escape(message))</p>
            \(error.map { "<pre style=\"white-space:pre-wrap;color:#600\">\(escape($0))</pre>" } ?? "")
            </body></html>

            """
        return inject(into: Data(body.utf8), build: build, error: nil)
    }

    /// Text as HTML text or an attribute value: every character that could end either is escaped.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
}
