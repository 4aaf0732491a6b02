// `wts dash` on the terminal: Ink (React for terminals) draws the state of src/dash/model.ts with the
// lines of src/dash/layout.ts, and src/dash/keys.ts turns keys into changes of it. Ink and React are
// loaded here only (a chunk of their own, see scripts/bundle.mjs), so no other command pays for them:
// the hooks below take React as an argument, and the components are written with createElement (no JSX).
// The terminal (the alternate screen, given back however the dashboard ends) is src/dash/terminal.ts.
import type { CommandContext } from '../context.js';
import { ApiError, describeFailure } from '../errors.js';
import { pollDelay } from '../follow/poll.js';
import type { Notifier } from '../inbox/notify.js';
import { Columns } from './actions.js';
import { loadTaskDetail, type TaskDetail } from './detail.js';
import { handleKey, type DashControls } from './keys.js';
import { screenLines, type Details, type Prompt, type Status } from './layout.js';
import { loadSections, type DashScope, type ShowSections } from './load.js';
import { emptyState, replaceSections, selectedItem, type DashState, type Item } from './model.js';
import { onAlternateScreen, type Suspend } from './terminal.js';
import { lazy } from '../lazy.js';

type ReactLib = typeof import('react');
type InkLib = typeof import('ink');

export interface DashOptions {
  scope: DashScope;
  /** Seconds between refreshes. */
  refreshSeconds: number;
  /** Shown in the header: what the dashboard covers. */
  title: string;
  /** `--notify`: told of the inbox items that arrive on a refresh (a bell, a desktop notification). */
  notifier?: Notifier;
}

/** What the dashboard component is drawn with. */
interface DashProps {
  React: ReactLib;
  ink: InkLib;
  ctx: CommandContext;
  options: DashOptions;
  suspended: Suspend;
  columns: Columns;
}

/** Runs the dashboard until the person quits; the terminal is as it was when it returns or throws. */
export async function runDash(ctx: CommandContext, options: DashOptions): Promise<void> {
  const [React, ink] = await Promise.all([lazy.react(), lazy.ink()]);
  // The terminal itself: the command runs only when stdin and stdout are one (io.canPrompt).
  const { stdout, stdin, stderr } = process;
  const columns = new Columns(ctx);
  // The client's notices belong in the status line (Dash takes them once it is drawn), not on the screen.
  ctx.notices = () => {};
  await onAlternateScreen((suspended) =>
    ink.render(React.createElement(Dash, { React, ink, ctx, options, suspended, columns }), {
      stdout,
      stdin,
      stderr,
      exitOnCtrlC: false,
      patchConsole: false,
    }),
  );
}

function Dash(props: DashProps) {
  const { React, ink, ctx, options } = props;
  const { useState, useRef, useCallback, useEffect } = React;
  const { exit } = ink.useApp();
  const [state, showState] = useState<DashState>(emptyState);
  const [prompt, showPrompt] = useState<Prompt>({ mode: 'none' });
  // Keys can arrive faster than renders (and a render shows before the key handler that sees it is in
  // place): each key works on the prompt, and on the sections, selection and filters, as the keys before
  // it left them, not as the last render saw them (an Esc's cleared filter, a j's selected item).
  const promptNow = useRef<Prompt>(prompt);
  const setPrompt = useCallback((p: Prompt) => {
    promptNow.current = p;
    showPrompt(p);
  }, []);
  const stateNow = useRef<DashState>(state);
  const setState = useCallback((update: (s: DashState) => DashState) => {
    stateNow.current = update(stateNow.current);
    showState(stateNow.current);
  }, []);
  const [status, setStatus] = useState<Status>({ text: 'loading…', tone: 'info' });
  useEffect(() => {
    ctx.notices = (line) => setStatus({ text: line, tone: 'info' });
  }, [ctx]);
  const [scroll, setScroll] = useState(0);
  const size = useSize(React);
  const kept = useRef(new Map<string, string>());
  const changes = useRef(0);
  const sections = useSections(React, { ctx, options, setState, setStatus, changes });
  const item = selectedItem(state);
  const details = useDetails(React, ctx, item?.kind === 'task' ? item.id : undefined, sections.generation);
  const arrived = useArrivalMarks(React, sections.arrived, item, sections.clearArrived);
  useEffect(() => setScroll(0), [item?.id, state.current]);

  const controls: DashControls = {
    ctx,
    columns: props.columns,
    suspended: props.suspended,
    promptNow,
    stateNow,
    setPrompt,
    setState,
    setStatus,
    setScroll,
    report: sections.report,
    refresh: sections.refresh,
    changes,
    kept: kept.current,
    exit,
  };
  ink.useInput((input, key) => handleKey(controls, input, key));

  const lines = screenLines(ctx, {
    state,
    prompt,
    status,
    details,
    scroll,
    size,
    refreshedAt: sections.refreshedAt,
    title: options.title,
    arrived,
  });
  const { Box, Text } = ink;
  const h = React.createElement;
  const width = Math.max(20, size.columns);
  const line = (text: string, key: string) =>
    h(Box, { key, width, height: 1 }, h(Text, { wrap: 'truncate-end' }, text === '' ? ' ' : text));
  return h(Box, { flexDirection: 'column', width, height: Math.max(8, size.rows) }, ...lines.map((l, i) => line(l, `l${i}`)));
}

/** The terminal's size, followed as it is resized. */
function useSize(React: ReactLib) {
  const { stdout } = process;
  const [size, setSize] = React.useState({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  React.useEffect(() => {
    const resized = () => setSize({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
    stdout.on('resize', resized);
    return () => void stdout.off('resize', resized);
  }, []);
  return size;
}

/** The detail of the selected task, loaded when it is first selected after each refresh. */
function useDetails(React: ReactLib, ctx: CommandContext, taskId: string | undefined, generation: number): Details {
  const { useState, useEffect } = React;
  const [details, setDetails] = useState<Map<string, TaskDetail | { error: string }>>(new Map());
  // A refresh forgets them: each is loaded again when it is next selected.
  useEffect(() => setDetails(new Map()), [generation]);
  useEffect(() => {
    if (taskId === undefined || details.has(taskId)) return;
    let live = true;
    loadTaskDetail(ctx, taskId).then(
      (d) => live && setDetails((m) => new Map(m).set(taskId, d)),
      async (err: unknown) => {
        const { message } = await describeFailure(err);
        if (live) setDetails((m) => new Map(m).set(taskId, { error: message }));
      },
    );
    return () => {
      live = false;
    };
  }, [taskId, details]);
  return details;
}

/** The inbox items a refresh brought in (`--notify`), less each one once it has been selected. */
function useArrivalMarks(React: ReactLib, arrived: ReadonlySet<string>, item: Item | undefined, clear: (id: string) => void) {
  // An arrived item, once selected, is seen: its mark goes.
  React.useEffect(() => {
    const id = item?.id;
    if (id !== undefined && arrived.has(id)) clear(id);
  }, [item?.id, arrived, clear]);
  return arrived;
}

interface SectionsInput {
  ctx: CommandContext;
  options: DashOptions;
  setState(update: (s: DashState) => DashState): void;
  setStatus: (status: Status | ((s: Status) => Status)) => void;
  /** Counts what this dashboard changed: a refresh that began before a change may hold what it replaced. */
  changes: { current: number };
}

/** The sections from the service: loaded at the start, then refreshed on a timer (and on R, and after each action). */
function useSections(React: ReactLib, input: SectionsInput) {
  const { ctx, options, setState, setStatus, changes } = input;
  const { useState, useRef, useCallback, useEffect } = React;
  const [refreshedAt, setRefreshedAt] = useState<number | undefined>(undefined);
  /** Counts the refreshes that brought new sections (the details loaded before are dropped then). */
  const [generation, setGeneration] = useState(0);
  const refreshing = useRef(false);
  /** Whether no load has begun yet (the first shows its sections as they come). */
  const first = useRef(true);
  /** The inbox's item ids at the last refresh (none before the first), and those that arrived since, not yet selected. */
  const inboxIds = useRef<Set<string> | undefined>(undefined);
  const [arrived, setArrived] = useState<ReadonlySet<string>>(new Set());
  const clearArrived = useCallback((id: string) => setArrived((marked) => new Set([...marked].filter((m) => m !== id))), []);

  const report = useCallback(
    async (err: unknown) => setStatus({ text: `✗ ${(await describeFailure(err)).message}`, tone: 'error' }),
    [setStatus],
  );

  /** `--notify`: the inbox items a refresh brought in are marked, and told with a bell (and on the desktop). */
  const noteArrivals = useCallback(
    (notifier: Notifier, items: Item[]) => {
      const before = inboxIds.current;
      inboxIds.current = new Set(items.map((i) => i.id));
      const fresh = before === undefined ? [] : items.filter((i) => !before.has(i.id));
      if (fresh.length === 0) return;
      setArrived((marked) => new Set([...marked, ...fresh.map((i) => i.id)]));
      setStatus({ text: `${fresh.length} new item${fresh.length === 1 ? '' : 's'} in the inbox (marked +)`, tone: 'info' });
      void notifier.notify(fresh.flatMap((i) => (i.kind === 'pending' ? [i.waiting] : [])));
    },
    [setStatus],
  );

  /** Refreshes every section; resolves to the Retry-After of the failure, if one said it (the next refresh waits it out). */
  const refresh = useCallback(
    async (announce: boolean): Promise<number | undefined> => {
      if (refreshing.current) return undefined;
      refreshing.current = true;
      if (announce) setStatus({ text: 'refreshing…', tone: 'info' });
      try {
        let loaded: Awaited<ReturnType<typeof loadSections>>;
        let began: number;
        do {
          began = changes.current;
          const since = began;
          // The first load shows each section as it comes (partial ones marked loading); a refresh keeps
          // the screen as it is until the whole is read (docs/dash.md). What a change made stale is not shown.
          const show: ShowSections | undefined = first.current
            ? (fresh) => {
                if (since !== changes.current) return;
                setState((s) => replaceSections(s, fresh));
                const inbox = fresh.inbox;
                if (inbox?.loading && inbox.note) {
                  const text = `loading… inbox: ${inbox.note}`;
                  setStatus((s) => (s.text.startsWith('loading…') ? { text, tone: 'info' } : s));
                }
              }
            : undefined;
          first.current = false;
          loaded = await loadSections(ctx, options.scope, show);
        } while (began !== changes.current);
        setState((s) => replaceSections(s, loaded.sections));
        if (options.notifier) noteArrivals(options.notifier, loaded.sections.inbox.items);
        setGeneration((g) => g + 1);
        setRefreshedAt(ctx.now());
        if (announce) setStatus({ text: 'refreshed', tone: 'info' });
        return undefined;
      } catch (err) {
        await report(err);
        return err instanceof ApiError ? err.retryAfterSeconds : undefined;
      } finally {
        refreshing.current = false;
      }
    },
    [ctx, options, changes, setState, setStatus, noteArrivals, report],
  );

  useEffect(() => {
    // Each refresh is timed from the end of the last one, by the one rule of every loop that asks
    // again (pollDelay): at least the configured interval, longer when the service said Retry-After.
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const next = (retryAfter: number | undefined) => {
      if (stopped) return;
      const delay = pollDelay(options.refreshSeconds * 1000, retryAfter);
      timer = setTimeout(() => void refresh(false).then(next), 'waitMs' in delay ? delay.waitMs : options.refreshSeconds * 1000);
    };
    void refresh(false).then((retryAfter) => {
      setStatus((s) => (s.text.startsWith('loading…') ? { text: '', tone: 'info' } : s));
      next(retryAfter);
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [refresh, options, setStatus]);

  return { refresh, report, refreshedAt, generation, arrived, clearArrived };
}
