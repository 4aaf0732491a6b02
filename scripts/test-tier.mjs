// The test tiers below the whole suite (`npm test`). Usage: node scripts/test-tier.mjs TIER [vitest options]
//   fast   the edit loop (`npm run test:fast`): the unit tests and the e2e tests that run the sandbox and
//          the client in the test's own process; no tmux, Chromium, keychain or spawned wts.
//   lines  what can differ from one Node line to another, run by CI on each line besides the one that runs
//          the whole suite (docs/testing.md says why each file is here).
// A tier is a list of vitest filters (parts of test file paths); vitest fails when one matches no file, so
// a renamed file cannot drop out of a tier unnoticed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const TIERS = {
  fast: [
    'test/unit/',
    'test/e2e/agent.test.ts',
    'test/e2e/api-',
    'test/e2e/auth-token-response.test.ts',
    'test/e2e/client.test.ts',
    'test/e2e/fault-proxy.test.ts',
    'test/e2e/mcp.test.ts',
    'test/e2e/oauth.test.ts',
    'test/e2e/persistence.test.ts',
    'test/e2e/refresh-answers.test.ts',
    'test/e2e/sandbox-strict.test.ts',
    'test/e2e/sandbox.test.ts',
    'test/e2e/wire-paging.test.ts',
    'test/e2e/wire-signin.test.ts',
  ],
  lines: [
    // Pure logic, but Intl's time zones and collation come with each Node's ICU data.
    'test/unit/',
    // The loader: bin/wts's node:vm code cache (V8 versions differ), the bundle's chunks, the packed package.
    'test/e2e/code-cache.test.ts',
    // What a bin/wts process loads, and whether --liftoff-only set at run time holds (it differs by V8).
    'test/e2e/start-up.test.ts',
    'test/e2e/package.test.ts',
    // undici (bundled: the same on every line) on Node's sockets and streams: deadlines, cut, dripped and
    // oversized answers, HTTP/1.1 keep-alive. Answers that come whole but are wrong (answer-shapes) and
    // paging (wire-paging) are the client's own logic over well-formed HTTP: not here.
    'test/e2e/client.test.ts',
    'test/e2e/wire-answers.test.ts',
    // The refresh through a broken token endpoint: openid-client on Node's own fetch (refresh-answers,
    // token responses read whole and 401s from the API, is logic: not here).
    'test/e2e/wire-signin.test.ts',
    // undici's closing and Node's reading of the stack of the error a socket is destroyed with.
    'test/e2e/exit-cost.test.ts',
    // Node's warnings on stderr: Node 20 warns past 10 listeners on one AbortSignal, later lines do not.
    'test/e2e/bulk-pushed-back.test.ts',
    // The keychain's native binding (N-API) against a real Secret Service.
    'test/e2e/keychain.test.ts',
    // Ink and React under each Node (drawing, keys, resize, signals; what the keys do is dash-actions),
    // and jq's WebAssembly (--liftoff-only).
    'test/e2e/dash.test.ts',
    'test/e2e/cli-jq.test.ts',
    // Process-level behaviour: signals, the cross-process refresh lock, child processes, pseudo-terminals
    // (review-pty: keys and lines read, Ctrl-C; the decisions themselves are review-flow).
    'test/e2e/refresh-concurrency.test.ts',
    'test/e2e/cli-editor-abort.test.ts',
    'test/e2e/review-pty.test.ts',
    // Sign-in: openid-client on Node's fetch and WebCrypto, the loopback listener (registrations and
    // profiles, login-registrations, are logic: not here).
    'test/e2e/login.test.ts',
    // The sandbox's /mcp on the MCP SDK and Hono's Node adapter.
    'test/e2e/mcp.test.ts',
  ],
};

const [tier, ...options] = process.argv.slice(2);
if (!(tier in TIERS)) {
  console.error(`usage: node scripts/test-tier.mjs ${Object.keys(TIERS).join('|')} [vitest options]`);
  process.exit(2);
}
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const run = spawnSync(process.execPath, [vitest, 'run', ...TIERS[tier], ...options], { stdio: 'inherit' });
process.exit(run.status ?? 1);
