// The packages only some commands use, each loaded on first use as `lazy[NAME]()`: the one list of them.
// From source (tests, tsc) each is the import() below. In the bundle, scripts/bundle.mjs puts each package
// in a chunk file of its own beside dist/wts.cjs (or leaves it in node_modules: the keychain's native
// binding) and builds this module anew from the list below, each entry loading its chunk: bin/wts
// compiles the bundle through node:vm, whose code serves no import() of its own.
export const lazy = {
  '@napi-rs/keyring': () => import('@napi-rs/keyring'),
  open: () => import('open'),
  'openid-client': () => import('openid-client'),
  jose: () => import('jose'),
  '@inquirer/prompts': () => import('@inquirer/prompts'),
  '@inquirer/core': () => import('@inquirer/core'),
  'chrono-node/en': () => import('chrono-node/en'),
  'jq-wasm/inline': () => import('jq-wasm/inline'),
  react: () => import('react'),
  ink: () => import('ink'),
  '@modelcontextprotocol/sdk/server/index.js': () => import('@modelcontextprotocol/sdk/server/index.js'),
  '@modelcontextprotocol/sdk/server/stdio.js': () => import('@modelcontextprotocol/sdk/server/stdio.js'),
  '@modelcontextprotocol/sdk/types.js': () => import('@modelcontextprotocol/sdk/types.js'),
  // `wts sandbox`'s server, with hono and jose: a chunk of its own, which no other command reads.
  './sandbox/server.js': () => import('./sandbox/server.js'),
};
