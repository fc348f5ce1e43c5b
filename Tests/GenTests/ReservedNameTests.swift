import Foundation
import GenResolve
import XCTest

/// A person whose id is a name gen writes itself (`index`, `assets`, a sort order such as `all-oldest`, a
/// month, in any case) still has every page of their own, and so has a school: every family takes its names
/// from `SiteFolder`.
final class ReservedNameTests: XCTestCase {
    /// Every file and folder name an organization's tree holds, with and without its extension.
    private func namesGenWrites(under folder: URL) -> Set<String> {
        var names: Set<String> = []
        for path in TestSite.files(under: folder) + TestSite.folders(under: folder) {
            for part in path.split(separator: "/").map(String.init) {
                names.insert(part)
                for (i, c) in part.enumerated() where c == "." && i > 0 { names.insert(String(part.prefix(i))) }
            }
        }
        return names
    }

    private func write(_ site: TestSite, people ids: [String]) throws {
        try site.writeCollection(
            "users",
            ids.enumerated().map { i, id in Doc.user(id, org: "o1", first: "Person\(i)", last: "Z") })
        try site.writeCollection(
            "dailyJobReports",
            ids.enumerated().map { i, id in
                Doc.report("r\(i)", org: "o1", user: id, date: "2024-09-\(String(format: "%02d", i % 28 + 1))", extra: ["mileage": 12])
            })
        try site.writeCollection(
            "photoCritiques",
            ids.enumerated().map { i, id in
                var critique = Doc.critique("c\(i)", org: "o1", target: id, notes: "n\(i)")
                critique["targetPhotographerName"] = "Person\(i) Z"
                critique["submitterId"] = id
                critique["submitterName"] = "Person\(i) Z"
                return critique
            })
        try site.writeCollection("reportTemplates", [Doc.template(org: "o1")])
        try site.writeCollection("schools", ids.enumerated().map { i, id in Doc.school(id, org: "o1", name: "Person\(i) Z") })
    }

    func testEveryPersonHasEveryPageWhateverTheirId() async throws {
        let plain = try TestSite()
        defer { plain.remove() }
        try write(plain, people: ["u1"])
        try await plain.build()
        let written = namesGenWrites(under: plain.output.appendingPathComponent("o1")).subtracting(["u1", "u1.html"])
            .union(SiteFolder.all.flatMap(\.ownNames))
        for name in ["index", "assets", "all-oldest", "good-newest", "mileage.columns", "other.csv", "data-quality", "photographer"] {
            XCTAssertTrue(written.contains(name), "\(name) is among the names gen writes: \(written.sorted())")
        }
        // The names, and their case twins: a site copied to a Mac or a Windows share ignores case.
        let ids = Array(Set(written.flatMap { [$0, $0.uppercased(), $0.prefix(1).uppercased() + $0.dropFirst()] })).sorted()

        let site = try TestSite()
        defer { site.remove() }
        try write(site, people: ids)
        try await site.build()
        let org = site.output.appendingPathComponent("o1")
        for folder in [SiteFolder.mileage, .statisticsPhotographers, .statisticsManagers, .schools] {
            let files = TestSite.files(under: org.appendingPathComponent(folder.path))
            let own = files.filter { folder.ownNames.contains($0) }
            XCTAssertEqual(files.count - own.count, ids.count, "\(folder.path): one page per person besides \(own)")
            XCTAssertEqual(Set(files.map { $0.lowercased() }).count, files.count, "\(folder.path): no two differ only in case")
            let pages = files.filter { !own.contains($0) }.map {
                (try? String(contentsOf: org.appendingPathComponent("\(folder.path)/\($0)"), encoding: .utf8)) ?? ""
            }
            for i in ids.indices {
                XCTAssertEqual(pages.filter { $0.contains("Person\(i) Z<") }.count, 1, "\(folder.path): the page of \(ids[i])")
            }
        }
        let galleries = try FileManager.default.contentsOfDirectory(
            atPath: org.appendingPathComponent(SiteFolder.critiqueGalleries.path).path)
        XCTAssertEqual(galleries.count, ids.count)
        let galleryPages = try galleries.map {
            try String(contentsOf: org.appendingPathComponent("\(SiteFolder.critiqueGalleries.path)/\($0)/index.html"), encoding: .utf8)
        }
        for i in ids.indices {
            XCTAssertEqual(galleryPages.filter { $0.contains("Person\(i) Z<") }.count, 1, "the gallery of \(ids[i])")
        }
    }
}
