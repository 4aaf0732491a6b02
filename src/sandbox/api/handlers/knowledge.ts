// Knowledge sources belong to the organization: every agent of it may consult them.
import type { KnowledgeRec } from '../../model.js';
import { ServiceError } from '../../problem.js';
import { dataOf, removeWhere, requireKnowledge } from '../access.js';
import type { HandlerGroup } from '../handlers.js';
import { sortedBy } from '../paging.js';
import { deletedView, knowledgeView, listPage } from '../views.js';

type KnowledgeOps =
  | 'list_knowledge_sources'
  | 'read_knowledge_source'
  | 'add_knowledge_link'
  | 'update_knowledge_source'
  | 'remove_knowledge_source';

export const knowledgeHandlers: HandlerGroup<KnowledgeOps> = {
  list_knowledge_sources: (call) => {
    const sources = dataOf(call).knowledge.filter((k) => k.orgId === call.principal.orgId);
    return listPage(sortedBy(sources, (k) => [k.createdAt, k.id]).map(knowledgeView));
  },

  read_knowledge_source: (call, { path }) => knowledgeView(requireKnowledge(call, path.sourceId)),

  add_knowledge_link: (call, { body }) => {
    const source: KnowledgeRec = {
      id: call.ctx.store.nextId('ks'),
      orgId: call.principal.orgId,
      name: body.name,
      note: body.note ?? '',
      url: body.url,
      fileName: null,
      createdAt: call.ctx.clock.iso(),
    };
    dataOf(call).knowledge.push(source);
    return knowledgeView(source);
  },

  update_knowledge_source: (call, { path, body }) => {
    const source = requireKnowledge(call, path.sourceId);
    if (body.url !== undefined && source.fileName !== null) {
      throw new ServiceError(
        'conflict',
        `knowledge source ${source.id} is a file (${source.fileName}); a file source has no address to change`,
      );
    }
    if (body.name !== undefined) source.name = body.name;
    if (body.note !== undefined) source.note = body.note;
    if (body.url !== undefined) source.url = body.url;
    return knowledgeView(source);
  },

  remove_knowledge_source: (call, { path }) => {
    const source = requireKnowledge(call, path.sourceId);
    removeWhere(dataOf(call).knowledge, (k) => k.id === source.id);
    return deletedView(source.id);
  },
};
