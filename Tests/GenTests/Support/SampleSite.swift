import Foundation
@testable import GenBuild
import GenLoad
@testable import GenPlan
import GenResolve

extension TestSite {
    /// The bundled sample (or another content folder) up to the plan stage, as the pipeline prepares it, from
    /// loaded documents (which have digests).
    static func sampleInput(content: URL = repositoryContent) throws -> SiteInput {
        let config = try ConfigLoader.load(contentDirectory: content)
        let typed = DocumentDecoder.decode(try ExportLoader.load(contentDirectory: content), timeZone: config.timeZone)
        let inputs = OrganizationResolver.resolve(typed, config: config).organizations.map { org in
            let computed = ReportStep.run(org, config: config)
            return OrganizationInput(
                organization: org, mileage: computed.mileage, summaries: computed.summaries, forms: computed.forms,
                timeZone: config.timeZone)
        }
        return SiteInput(config: config, organizations: inputs, pages: [])
    }
}
