// Agent handbooks (sections with an agentId) and the company handbook (sections with agentId null, one
// per organization) behave alike; only how a section is found differs.
import type { SectionRec } from '../../model.js';
import { ServiceError } from '../../problem.js';
import { dataOf, requireAgent, requireAgentSection, requireCompanySection } from '../access.js';
import type { CallContext } from '../dispatch.js';
import type { HandlerGroup } from '../handlers.js';
import type { Page } from '../../../contract/operations.js';
import { entryView, listPage, pieceView } from '../views.js';
import type { Resource } from '../../../contract/resources.js';

type HandbookOps =
  | 'list_agent_instructions'
  | 'read_agent_instruction_section'
  | 'update_agent_instruction_section'
  | 'reorder_agent_instruction_sections'
  | 'list_company_handbook_sections'
  | 'read_company_handbook_section'
  | 'update_company_handbook_section'
  | 'reorder_company_handbook_sections';

type Entries = Page<Resource<'HandbookEntry'>>;

function inOrder(sections: SectionRec[]): SectionRec[] {
  return [...sections].sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function agentSections(call: CallContext, agentId: string): SectionRec[] {
  return inOrder(dataOf(call).sections.filter((s) => s.agentId === agentId));
}

function companySections(call: CallContext): SectionRec[] {
  return inOrder(dataOf(call).sections.filter((s) => s.agentId === null && s.orgId === call.principal.orgId));
}

function read(section: SectionRec, offset: number): Resource<'HandbookPiece'> {
  if (offset > section.body.length) throw new ServiceError('invalid_request', `offset: must be at most ${section.body.length}`);
  return pieceView(section, offset);
}

function update(
  call: CallContext,
  section: SectionRec,
  body: { title?: string | undefined; body?: string | undefined },
): Resource<'HandbookEntry'> {
  if (body.title !== undefined) section.title = body.title;
  if (body.body !== undefined) section.body = body.body;
  if (body.title !== undefined || body.body !== undefined) section.updatedAt = call.ctx.clock.iso();
  return entryView(section);
}

/** Puts a handbook's entries in the given order, which must name every entry exactly once. */
function reorder(sections: SectionRec[], ids: string[]): Entries {
  const byId = new Map(sections.map((s) => [s.id, s]));
  const seen = new Set<string>();
  const ordered: SectionRec[] = [];
  const refuse = (why: string) => new ServiceError('invalid_request', `sectionIds: must list every entry exactly once; ${why}`);
  for (const id of ids) {
    const section = byId.get(id);
    if (!section) throw refuse(`${id} is not an entry of this handbook`);
    if (seen.has(id)) throw refuse(`${id} is listed twice`);
    seen.add(id);
    ordered.push(section);
  }
  const missing = sections.filter((s) => !seen.has(s.id)).map((s) => s.id);
  if (missing.length > 0) throw refuse(`missing ${missing.join(', ')}`);
  ordered.forEach((section, position) => {
    section.position = position;
  });
  return listPage(ordered.map(entryView));
}

export const handbookHandlers: HandlerGroup<HandbookOps> = {
  list_agent_instructions: (call, { path }) => listPage(agentSections(call, requireAgent(call, path.agentId).agent.id).map(entryView)),
  read_agent_instruction_section: (call, { path, query }) => read(requireAgentSection(call, path.sectionId).section, query.offset),
  update_agent_instruction_section: (call, { path, body }) => update(call, requireAgentSection(call, path.sectionId).section, body),
  reorder_agent_instruction_sections: (call, { path, body }) =>
    reorder(agentSections(call, requireAgent(call, path.agentId).agent.id), body.sectionIds),

  list_company_handbook_sections: (call) => listPage(companySections(call).map(entryView)),
  read_company_handbook_section: (call, { path, query }) => read(requireCompanySection(call, path.sectionId), query.offset),
  update_company_handbook_section: (call, { path, body }) => update(call, requireCompanySection(call, path.sectionId), body),
  reorder_company_handbook_sections: (call, { body }) => reorder(companySections(call), body.sectionIds),
};
