// The internal modules of undici the client loads instead of its entry point (see src/api/transport.ts).
declare module 'undici/lib/dispatcher/agent.js' {
  import type { Agent } from 'undici';
  const AgentClass: typeof Agent;
  export default AgentClass;
}
declare module 'undici/lib/core/util.js' {
  /** An answer's raw header lines as an object: lower-case names, a repeated header's values in an array. */
  export function parseHeaders(headers: Buffer[]): Record<string, string | string[] | undefined>;
}
declare module 'undici/lib/dispatcher/proxy-agent.js' {
  import type { ProxyAgent } from 'undici';
  const ProxyAgentClass: typeof ProxyAgent;
  export default ProxyAgentClass;
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  import type { Dispatcher } from 'undici';
  const DispatcherClass: typeof Dispatcher;
  export default DispatcherClass;
}
declare module 'undici/lib/api/api-connect.js' {
  const connect: (this: unknown, ...args: unknown[]) => unknown;
  export default connect;
}
