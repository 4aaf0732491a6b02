import type { SandboxContext } from '../context.js';
import { ClientIdDocumentError, ClientIdDocuments, isClientIdUrl } from './client-id-document.js';
import { oauthState, own, type ClientRec } from './state.js';

/** Why a client_id names no usable client; its message is safe to show on a page or in an error. */
export class UnknownClientError extends Error {}

/** Finds a client: dynamically registered ones in the state, URL client IDs by their metadata document. */
export class ClientDirectory {
  private readonly documents = new ClientIdDocuments();
  constructor(private readonly ctx: SandboxContext) {}

  async resolve(clientId: string): Promise<ClientRec> {
    if (isClientIdUrl(clientId)) {
      try {
        return await this.documents.resolve(clientId);
      } catch (err) {
        if (err instanceof ClientIdDocumentError) throw new UnknownClientError(err.message);
        throw err;
      }
    }
    const client = own(oauthState(this.ctx).clients, clientId);
    if (!client) throw new UnknownClientError('unknown client_id');
    return client;
  }
}
