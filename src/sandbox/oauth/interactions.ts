// A sign-in in progress: the validated request and what the person chose so far. Kept in memory (it
// lives for minutes) under an unguessable id, and bound to the browser that started it by a cookie
// scoped to the interaction's path, so that several sign-ins can run side by side in one browser.
import type { SandboxContext } from '../context.js';
import type { AuthorizationRequest } from './authorization-request.js';
import { equalHashes, randomSecret, sha256Hex } from './secrets.js';

const INTERACTION_TTL_MS = 10 * 60 * 1000;
const MAX_INTERACTIONS = 10_000;
export const INTERACTION_COOKIE = 'wts_interaction';

export interface Interaction {
  id: string;
  request: AuthorizationRequest;
  userId: string | null;
  orgId: string | null;
  expiresAt: number;
  browserHash: string;
}

export class Interactions {
  private readonly open = new Map<string, Interaction>();
  constructor(private readonly ctx: SandboxContext) {}

  /** Starts an interaction; the returned Set-Cookie binds it to this browser. */
  start(request: AuthorizationRequest): { interaction: Interaction; setCookie: string } {
    const now = this.ctx.clock.now();
    for (const [id, i] of this.open) if (i.expiresAt <= now) this.open.delete(id);
    const [oldest] = this.open.keys();
    if (this.open.size >= MAX_INTERACTIONS && oldest !== undefined) this.open.delete(oldest);
    const browserSecret = randomSecret();
    const interaction: Interaction = {
      id: randomSecret(),
      request,
      userId: null,
      orgId: null,
      expiresAt: now + INTERACTION_TTL_MS,
      browserHash: sha256Hex(browserSecret),
    };
    this.open.set(interaction.id, interaction);
    const setCookie = `${INTERACTION_COOKIE}=${browserSecret}; Path=${pathOf(interaction.id)}; Max-Age=${INTERACTION_TTL_MS / 1000}; HttpOnly; SameSite=Lax`;
    return { interaction, setCookie };
  }

  /** The interaction, only for the browser holding its cookie and while it has not expired. */
  find(id: string, browserSecret: string | undefined): Interaction | undefined {
    const interaction = this.open.get(id);
    if (!interaction || browserSecret === undefined) return undefined;
    if (interaction.expiresAt <= this.ctx.clock.now()) {
      this.open.delete(id);
      return undefined;
    }
    return equalHashes(sha256Hex(browserSecret), interaction.browserHash) ? interaction : undefined;
  }

  finish(interaction: Interaction): void {
    this.open.delete(interaction.id);
  }
}

export function pathOf(interactionId: string): string {
  return `/oauth/interaction/${interactionId}`;
}

/** Clears the interaction cookie once the sign-in is over. */
export function clearCookie(interactionId: string): string {
  return `${INTERACTION_COOKIE}=; Path=${pathOf(interactionId)}; Max-Age=0; HttpOnly; SameSite=Lax`;
}
