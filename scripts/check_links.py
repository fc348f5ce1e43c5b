#!/usr/bin/env python3
"""Check that every local link in a generated site resolves to a real file.

Usage:
    python3 scripts/check_links.py SITE_DIR
    python3 scripts/check_links.py --self-test

The site must work when opened straight from disk (file://), so:

* every relative reference (href, src, srcset, poster, CSS url()/@import, ...)
  must name an existing *file* inside SITE_DIR -- a folder is not enough,
  because file:// does not serve index.html for folders;
* root-relative ("/x") and protocol-relative ("//host/x") references are
  errors, since from file:// they point at the filesystem root;
* fragments ("page.html#id", "#id") must name an element id (or <a name>)
  in the target HTML page; "#" and "#top" are always fine;
* references with a scheme (https:, mailto:, data:, ...) are not checked,
  except file:, which never works once the site is published.

Standard library only. Prints "file: reference -> reason" for each problem
and a summary line; exits 1 if there were problems, 2 on usage errors.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from html.parser import HTMLParser
from urllib.parse import unquote

HTML_EXTS = (".html", ".htm", ".xhtml")
CSS_EXTS = (".css",)

# Attributes holding a single URL. Checked on every element; "href" covers
# <a>, <area>, <link>; "src" covers img/script/iframe/source/track/embed/...
URL_ATTRS = {"href", "src", "poster", "xlink:href", "data", "action", "formaction"}
# Attributes holding a srcset-style candidate list.
SRCSET_ATTRS = {"srcset", "imagesrcset"}

SCHEME_RE = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.\-]*:")
CSS_COMMENT_RE = re.compile(r"/\*.*?\*/", re.S)
CSS_URL_RE = re.compile(
    r"""url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)'"\s]*))\s*\)""",
    re.I,
)
CSS_IMPORT_RE = re.compile(r"""@import\s+(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')""", re.I)
META_REFRESH_RE = re.compile(r"^\s*\d*(?:\.\d*)?\s*[;,]?\s*(?:url\s*=\s*)?(['\"]?)(.*?)\1\s*$", re.I | re.S)


def parse_srcset(value: str) -> list[str]:
    """Return the URLs of a srcset attribute (HTML spec algorithm, simplified)."""
    urls: list[str] = []
    i, n = 0, len(value)
    while i < n:
        while i < n and (value[i].isspace() or value[i] == ","):
            i += 1
        if i >= n:
            break
        start = i
        while i < n and not value[i].isspace():
            i += 1
        url = value[start:i]
        if url.endswith(","):
            # "a.jpg, b.jpg 2x": trailing commas end the candidate (no descriptors).
            urls.append(url.rstrip(","))
            continue
        urls.append(url)
        # Skip descriptors up to the next comma that is not inside parentheses.
        depth = 0
        while i < n:
            c = value[i]
            if c == "(":
                depth += 1
            elif c == ")":
                depth = max(0, depth - 1)
            elif c == "," and depth == 0:
                i += 1
                break
            i += 1
    return [u for u in urls if u]


def css_references(text: str) -> list[str]:
    text = CSS_COMMENT_RE.sub(" ", text)
    refs = []
    for m in CSS_URL_RE.finditer(text):
        refs.append(next(g for g in m.groups() if g is not None))
    for m in CSS_IMPORT_RE.finditer(text):
        refs.append(next(g for g in m.groups() if g is not None))
    return [re.sub(r"\\(.)", r"\1", r) for r in refs]


class PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.refs: list[tuple[str, str]] = []  # (reference, where it came from)
        self.ids: set[str] = set()
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        attrs = [(k.lower(), v) for k, v in attrs if v is not None]
        for name, value in attrs:
            if name == "id" or (name == "name" and tag == "a"):
                self.ids.add(value)
        for name, value in attrs:
            if name in URL_ATTRS:
                if name == "href" and tag == "base":
                    self.refs.append((value, "<base href> (not supported by this checker)"))
                else:
                    self.refs.append((value, f"<{tag} {name}>"))
            elif name in SRCSET_ATTRS:
                for url in parse_srcset(value):
                    self.refs.append((url, f"<{tag} {name}>"))
            elif name == "style":
                for url in css_references(value):
                    self.refs.append((url, f"<{tag} style>"))
        if tag == "meta":
            d = dict(attrs)
            if d.get("http-equiv", "").lower() == "refresh" and "content" in d:
                m = META_REFRESH_RE.match(d["content"])
                if m and m.group(2):
                    self.refs.append((m.group(2), "<meta refresh>"))
        if tag == "style":
            self._in_style = True

    def handle_endtag(self, tag):
        if tag == "style":
            self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            for url in css_references(data):
                self.refs.append((url, "<style>"))


def read_text(path: str) -> str:
    with open(path, "r", encoding="utf-8", errors="replace") as f:
        return f.read()


class Checker:
    def __init__(self, root: str) -> None:
        self.root = os.path.realpath(root)
        self.problems: list[str] = []
        self.files_checked = 0
        self.refs_checked = 0
        self.ids: dict[str, set[str]] = {}  # realpath of HTML file -> ids
        self._listdir_cache: dict[str, set[str]] = {}
        self._seen: set[str] = set()

    def rel(self, path: str) -> str:
        return os.path.relpath(path, self.root)

    def problem(self, path: str, ref: str, reason: str) -> None:
        line = f"{self.rel(path)}: {ref} -> {reason}"
        if line not in self._seen:  # same bad reference twice in one file: report once
            self._seen.add(line)
            self.problems.append(line)

    def run(self) -> int:
        html_files, css_files = [], []
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames.sort()
            for name in sorted(filenames):
                full = os.path.join(dirpath, name)
                lower = name.lower()
                if lower.endswith(HTML_EXTS):
                    html_files.append(full)
                elif lower.endswith(CSS_EXTS):
                    css_files.append(full)

        if not html_files:
            self.problems.append(f"{self.root}: (none) -> no HTML files found")

        pending: list[tuple[str, str, str]] = []  # (file, ref, origin)
        for path in html_files:
            parser = PageParser()
            parser.feed(read_text(path))
            parser.close()
            self.ids[os.path.realpath(path)] = parser.ids
            pending.extend((path, ref, origin) for ref, origin in parser.refs)
        for path in css_files:
            pending.extend((path, ref, "css url()") for ref in css_references(read_text(path)))

        self.files_checked = len(html_files) + len(css_files)
        for path, ref, origin in pending:
            self.check(path, ref, origin)

        for line in self.problems:
            print(line)
        print(f"checked {self.files_checked} files, {self.refs_checked} references, "
              f"{len(self.problems)} problems")
        return 1 if self.problems else 0

    def exists_exact_case(self, target: str) -> bool:
        """True if every component of target exists with exactly this spelling
        (so links also work on case-sensitive web servers when the site is
        built on a case-insensitive filesystem)."""
        rel = os.path.relpath(target, self.root)
        current = self.root
        for part in rel.split(os.sep):
            if part in ("", "."):
                continue
            names = self._listdir_cache.get(current)
            if names is None:
                try:
                    names = set(os.listdir(current))
                except OSError:
                    names = set()
                self._listdir_cache[current] = names
            if part not in names:
                return False
            current = os.path.join(current, part)
        return True

    def check(self, path: str, ref: str, origin: str) -> None:
        raw = ref
        ref = ref.strip(" \t\n\r\f")
        is_css = path.lower().endswith(CSS_EXTS)

        if origin.startswith("<base"):
            self.refs_checked += 1
            self.problem(path, raw, origin)
            return
        if SCHEME_RE.match(ref):
            if ref.lower().startswith("file:"):
                self.refs_checked += 1
                self.problem(path, raw, "file: URL (only works on the build machine)")
            return  # external (http:, https:, mailto:, tel:, data:, ...): not checked
        self.refs_checked += 1

        if ref == "":
            if origin.startswith("<a ") or origin.startswith("<link ") or origin.startswith("<area "):
                return  # empty href = this document
            self.problem(path, raw, f"empty reference in {origin}")
            return
        if ref.startswith("//"):
            self.problem(path, raw, "protocol-relative URL (breaks from file://)")
            return
        if ref.startswith("/"):
            self.problem(path, raw, "root-relative URL (breaks from file://; use a relative path)")
            return
        if "\\" in ref:
            self.problem(path, raw, "backslash in URL (use '/')")
            return

        url, _, fragment = ref.partition("#")
        url = url.split("?", 1)[0]

        if url == "":
            if is_css:
                return  # url(#id) in CSS refers to SVG content; not checked
            target = os.path.realpath(path)  # same-page fragment / query
        else:
            decoded = unquote(url)
            target = os.path.normpath(os.path.join(os.path.dirname(path), decoded))
            real = os.path.realpath(target)
            if os.path.commonpath([self.root, real]) != self.root:
                self.problem(path, raw, "points outside the site root")
                return
            if not os.path.lexists(target) or not self.exists_exact_case(target):
                self.problem(path, raw, f"missing file {self.rel(target)}")
                return
            if os.path.isdir(target):
                hint = ""
                if os.path.isfile(os.path.join(target, "index.html")):
                    hint = f" (link to {self.rel(os.path.join(target, 'index.html'))} instead)"
                self.problem(path, raw, "is a directory; file:// needs a file name" + hint)
                return
            if not os.path.isfile(real):
                self.problem(path, raw, "not a regular file (broken symlink?)")
                return
            target = real

        if fragment and fragment.lower() != "top":
            ids = self.ids.get(target)
            if ids is None:
                return  # fragment into a non-HTML file (SVG sprite, PDF, ...): not checked
            if fragment not in ids and unquote(fragment) not in ids:
                where = "this page" if url == "" else self.rel(target)
                self.problem(path, raw, f"no element with id \"{unquote(fragment)}\" in {where}")


def check_site(root: str) -> int:
    if not os.path.isdir(root):
        print(f"check_links: {root}: not a directory", file=sys.stderr)
        return 2
    return Checker(root).run()


# ---------------------------------------------------------------------------
# Self-test

def self_test() -> int:
    import contextlib
    import io

    files = {
        "index.html": """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>t</title><link rel="stylesheet" href="css/site.css">
<link rel="alternate" type="application/atom+xml" href="feed.xml">
<style>.x { background: url("img/a.jpg") } .y { background: url(img/gone.png) }</style>
</head><body id="body">
<h1 id="top-heading">Home</h1><a name="legacy"></a>
<a href="posts/first.html">ok</a>
<a href="posts/first.html#intro">ok fragment</a>
<a href="posts/first%20draft.html">ok encoded</a>
<a href="posts/first.html?ref=home#intro">ok query</a>
<a href="#top-heading">ok same page</a><a href="#legacy">ok a name</a>
<a href="#">ok empty fragment</a><a href="#top">ok #top</a><a href="">ok empty</a>
<a href="https://example.com/x">external</a><a href="mailto:a@b.c">mail</a>
<a href="tel:+123">tel</a><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="">
<a href="HTTPS://EXAMPLE.COM">external upper</a>
<img src="img/a.jpg" srcset="img/a.jpg 1x, img/a@2x.jpg 2x" alt="a">
<picture><source srcset="img/a.webp 480w,img/missing.webp 960w" type="image/webp">
<img src="img/a.jpg" alt=""></picture>
<video poster="img/poster.jpg" src="media/clip.mp4"></video>
<a href="posts/">BAD directory</a>
<a href="posts">BAD directory no slash</a>
<a href="missing.html">BAD missing</a>
<a href="/posts/first.html">BAD root-relative</a>
<a href="//cdn.example.com/x.js">BAD protocol-relative</a>
<a href="../outside.html">BAD escapes root</a>
<a href="posts/first.html#nope">BAD fragment</a>
<a href="#nowhere">BAD same-page fragment</a>
<a href="Posts/First.html">BAD wrong case</a>
<a href="file:///etc/passwd">BAD file url</a>
<video poster="img/no-poster.jpg"></video>
<div style="background-image: url('img/no-style.png')"></div>
<img src="img/gone.png" alt="reported once, not twice">
</body></html>""",
        "posts/first.html": """<!DOCTYPE html><html lang="en"><head><title>f</title></head>
<body><p id="intro">Hi</p><a href="../index.html#body">ok up</a>
<a href="../index.html">ok</a><a href="./first.html">ok self</a>
<img src="../img/a.jpg" alt=""><img src="a.jpg" alt="BAD relative to wrong folder">
</body></html>""",
        "posts/first draft.html": "<!DOCTYPE html><title>d</title><p>draft</p>",
        "posts/index.html": "<!DOCTYPE html><title>i</title><a href='first.html'>ok</a>",
        "css/site.css": """/* url(commented-out.png) is ignored */
@import "base.css";
@import url(print.css) print;
body { background: url(../img/a.jpg) no-repeat; }
.logo { background: url( "../img/logo.svg#icon" ); }
.bad { background: url('../img/nope.png'); }
.ext { background: url(https://example.com/a.png); }
.d { background: url(data:image/png;base64,AAAA); }
.f { filter: url(#svgfilter); }
@font-face { src: url("../fonts/x.woff2?v=1") format("woff2"); }
""",
        "css/base.css": "h1 { color: red; }",
        "css/print.css": "h1 { color: black; }",
        "img/a.jpg": "", "img/a@2x.jpg": "", "img/a.webp": "", "img/poster.jpg": "",
        "img/logo.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
        "media/clip.mp4": "", "feed.xml": "<feed/>", "fonts/x.woff2": "",
    }
    expected = {
        "index.html: img/gone.png -> missing file img/gone.png",
        "index.html: img/missing.webp -> missing file img/missing.webp",
        "index.html: posts/ -> is a directory; file:// needs a file name (link to posts/index.html instead)",
        "index.html: posts -> is a directory; file:// needs a file name (link to posts/index.html instead)",
        "index.html: missing.html -> missing file missing.html",
        "index.html: /posts/first.html -> root-relative URL (breaks from file://; use a relative path)",
        "index.html: //cdn.example.com/x.js -> protocol-relative URL (breaks from file://)",
        "index.html: ../outside.html -> points outside the site root",
        'index.html: posts/first.html#nope -> no element with id "nope" in posts/first.html',
        'index.html: #nowhere -> no element with id "nowhere" in this page',
        "index.html: Posts/First.html -> missing file Posts/First.html",
        "index.html: file:///etc/passwd -> file: URL (only works on the build machine)",
        "index.html: img/no-poster.jpg -> missing file img/no-poster.jpg",
        "index.html: img/no-style.png -> missing file img/no-style.png",
        "posts/first.html: a.jpg -> missing file posts/a.jpg",
        "css/site.css: ../img/nope.png -> missing file img/nope.png",
    }

    failures = []

    def expect(cond: bool, msg: str) -> None:
        if not cond:
            failures.append(msg)

    with tempfile.TemporaryDirectory() as tmp:
        site = os.path.join(tmp, "site")
        for rel, content in files.items():
            full = os.path.join(site, rel)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as f:
                f.write(content)
        with open(os.path.join(tmp, "outside.html"), "w") as f:
            f.write("<!DOCTYPE html><title>o</title>")  # exists, but outside the root

        checker = Checker(site)
        with contextlib.redirect_stdout(io.StringIO()) as out:
            rc = checker.run()
        got = set(checker.problems)
        expect(rc == 1, f"exit code {rc}, expected 1")
        for line in sorted(expected - got):
            expect(False, f"missing expected problem: {line}")
        for line in sorted(got - expected):
            expect(False, f"unexpected problem: {line}")
        expect(len(checker.problems) == len(got), "duplicate problems reported")
        expect("posts/first.html: a.jpg -> missing file posts/a.jpg" in got, "sanity")
        summary = out.getvalue().strip().splitlines()[-1]
        expect(re.fullmatch(rf"checked 7 files, \d+ references, {len(expected)} problems", summary)
               is not None, f"bad summary line: {summary!r}")

        # A clean site passes.
        clean = os.path.join(tmp, "clean")
        os.makedirs(clean)
        with open(os.path.join(clean, "index.html"), "w") as f:
            f.write('<!DOCTYPE html><title>c</title><a id="a" href="index.html#a">self</a>')
        with contextlib.redirect_stdout(io.StringIO()):
            expect(Checker(clean).run() == 0, "clean site reported problems")

        # An empty folder is a failure (nothing was generated).
        empty = os.path.join(tmp, "empty")
        os.makedirs(empty)
        with contextlib.redirect_stdout(io.StringIO()):
            expect(Checker(empty).run() == 1, "empty site passed")

    expect(parse_srcset("a.jpg 1x, b.jpg 2x") == ["a.jpg", "b.jpg"], "srcset basic")
    expect(parse_srcset("a.jpg, b.jpg 2x") == ["a.jpg", "b.jpg"], "srcset no descriptor")
    expect(parse_srcset("a.jpg 1x,b.jpg 2x") == ["a.jpg", "b.jpg"], "srcset no space")
    # Per the HTML spec a comma inside a run of non-space characters is part of the URL.
    expect(parse_srcset("a.jpg,b.jpg 2x") == ["a.jpg,b.jpg"], "srcset comma in URL")
    expect(parse_srcset(" x.png 100w , y%20z.png 200w ") == ["x.png", "y%20z.png"], "srcset spaces")

    if failures:
        print("check_links self-test FAILED:")
        for f in failures:
            print("  " + f)
        return 1
    print(f"check_links self-test passed ({len(expected)} expected problems found)")
    return 0


def main(argv: list[str]) -> int:
    if argv == ["--self-test"]:
        return self_test()
    if len(argv) != 1 or argv[0].startswith("-"):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    return check_site(argv[0])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
