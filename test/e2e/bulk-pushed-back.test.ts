// A bulk run that the service pushes back (429 and Retry-After) as a real process: its requests each wait
// on the client's one signal, up to 64 at once, and nothing but its own lines may reach stderr. Node 20
// wrote "MaxListenersExceededWarning: Possible EventTarget memory leak detected" there past 10 waiting.
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { runWtsProcess } from '../helpers/wts-process.js';

const IDS = 100;
const sandbox = useSandbox({ seedTasks: IDS, faults: { rate429: 0.5, retryAfterSeconds: 1 } });

describe('a bulk run pushed back by 429s', () => {
  it('tags 100 tasks piped, exit 0, and writes nothing to stderr', async () => {
    const ids = Array.from({ length: IDS }, (_, i) => `task_bulk_${i + 1}`);
    const r = await runWtsProcess(['task', 'tag', ...ids, '--add', 'pushed-back'], { env: sandbox.env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter((line) => line.includes('\tok\t'))).toHaveLength(IDS);
    expect(sandbox.ctx.store.state.data.tasks.filter((t) => t.tags.includes('pushed-back'))).toHaveLength(IDS);
  }, 120_000);
});
