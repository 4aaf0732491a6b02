// `wts dash` on the terminal: Ink (React for terminals) draws the state of src/dash/model.ts with the
// lines of src/dash/screen.ts and src/dash/detail.ts, and turns keys into changes of it. Ink and React
// are loaded here only (a chunk of their own, see scripts/bundle.mjs), so no other command pays for them.
// The components are written with createElement (no JSX): the bundle imports Ink and React only
// through import().
//
// The terminal: the dashboard runs on the alternate screen with the cursor hidden, and whatever ends it —
// q, Ctrl-C, SIGTERM, SIGHUP, a crash — leaves the alternate screen, shows the cursor and turns raw mode
// off, so the shell gets its screen and its terminal settings back as they were.
import { Writable } from 'node:stream';
import { approveAction, editDraft } from '../approvals/decisions.js';
import { ApiError, describeFailure } from '../errors.js';
import { pollDelay } from '../follow/poll.js';
import type { Notifier } from '../inbox/notify.js';
import type { CommandContext } from '../context.js';
import { wrapText } from '../output/format.js';
import { terminalLine } from '../output/sanitize.js';
import { displayWidth, padToWidth, truncateToWidth } from '../output/width.js';
import { actionForKey, afterFailure, Columns, confirmQuestion, sendAction, taskOf, type ActionName, type DashAction } from './actions.js';
import { loadTaskDetail, paneText, pendingLines, scheduleLines, taskLines, type TaskDetail } from './detail.js';
import { loadSections, type DashScope } from './load.js';
import {
  cycleSection,
  editLine,
  emptyState,
  moveSelection,
  replaceSections,
  scrollTop,
  sectionNumbered,
  selectedItem,
  setFilter,
  type DashState,
  type Item,
  type LineInput,
} from './model.js';
import { helpLines, keysLine, listRows, rowLine, tabsLine } from './screen.js';

const ENTER_SCREEN = '\x1b[?1049h\x1b[H\x1b[2J\x1b[?25l';
const LEAVE_SCREEN = '\x1b[?25h\x1b[?1049l';

export interface DashOptions {
  scope: DashScope;
  /** Seconds between refreshes. */
  refreshSeconds: number;
  /** Shown in the header: what the dashboard covers. */
  title: string;
  /** `--notify`: told of the inbox items that arrive on a refresh (a bell, a desktop notification). */
  notifier?: Notifier;
}

/** What the bottom line is doing: showing a result, taking a filter or a text, or asking to confirm. */
type Prompt =
  | { mode: 'none' }
  | { mode: 'filter'; line: LineInput }
  | { mode: 'text'; action: DashAction; item: Item; prompt: string; optional: boolean; line: LineInput }
  | { mode: 'confirm'; name: ActionName; item: Item; question: string; text?: string; resolved?: string }
  | { mode: 'busy'; what: string }
  | { mode: 'help' };

interface Status {
  text: string;
  tone: 'ok' | 'error' | 'info';
}

/** Runs the dashboard until the person quits; the terminal is as it was when it returns or throws. */
export async function runDash(ctx: CommandContext, options: DashOptions): Promise<void> {
  const [React, ink] = await Promise.all([import('react'), import('ink')]);
  const h = React.createElement;
  const { useState, useEffect, useRef, useCallback } = React;
  const { Box, Text, useInput, useApp } = ink;
  const { chalk } = ctx;
  // The terminal itself: the command runs only when stdin and stdout are one (io.canPrompt).
  const { stdout, stdin, stderr } = process;
  const columns = new Columns(ctx);

  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    try {
      if (stdin.isTTY) stdin.setRawMode(false);
    } catch {
      // the terminal is gone
    }
    stdout.write(LEAVE_SCREEN);
  };
  /** Hands the terminal to a program (the editor) and takes it back after. */
  const suspended = async <T>(work: () => Promise<T>): Promise<T> => {
    stdout.write(LEAVE_SCREEN);
    if (stdin.isTTY) stdin.setRawMode(false);
    try {
      return await work();
    } finally {
      if (stdin.isTTY) stdin.setRawMode(true);
      stdout.write(ENTER_SCREEN);
    }
  };

  function Dash() {
    const { exit } = useApp();
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
    const [details, setDetails] = useState<Map<string, TaskDetail | { error: string }>>(new Map());
    const [scroll, setScroll] = useState(0);
    const [size, setSize] = useState({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
    const [refreshedAt, setRefreshedAt] = useState<number | undefined>(undefined);
    const refreshing = useRef(false);
    /** The inbox's item ids at the last refresh (none before the first), and those that arrived since, not yet selected. */
    const inboxIds = useRef<Set<string> | undefined>(undefined);
    const [arrived, setArrived] = useState<ReadonlySet<string>>(new Set());
    /** Text typed for an action that failed for a reason not its own, by action and item: offered again (afterFailure). */
    const kept = useRef(new Map<string, string>());

    const report = useCallback(async (err: unknown) => {
      setStatus({ text: `✗ ${(await describeFailure(err)).message}`, tone: 'error' });
    }, []);

    /** `--notify`: the inbox items a refresh brought in are marked, and told with a bell (and on the desktop). */
    const noteArrivals = (notifier: Notifier, items: Item[]) => {
      const before = inboxIds.current;
      inboxIds.current = new Set(items.map((i) => i.id));
      const fresh = before === undefined ? [] : items.filter((i) => !before.has(i.id));
      if (fresh.length === 0) return;
      setArrived((marked) => new Set([...marked, ...fresh.map((i) => i.id)]));
      setStatus({ text: `${fresh.length} new item${fresh.length === 1 ? '' : 's'} in the inbox (marked +)`, tone: 'info' });
      void notifier.notify(fresh.flatMap((i) => (i.kind === 'pending' ? [i.waiting] : [])));
    };

    /** Counts what this dashboard changed: a refresh that began before a change may hold what it replaced. */
    const changes = useRef(0);
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
            loaded = await loadSections(ctx, options.scope);
          } while (began !== changes.current);
          setState((s) => replaceSections(s, loaded.sections));
          if (options.notifier) noteArrivals(options.notifier, loaded.sections.inbox.items);
          setDetails(new Map());
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
      [report],
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
        setStatus((s) => (s.text === 'loading…' ? { text: '', tone: 'info' } : s));
        next(retryAfter);
      });
      const resized = () => setSize({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
      stdout.on('resize', resized);
      return () => {
        stopped = true;
        clearTimeout(timer);
        stdout.off('resize', resized);
      };
    }, [refresh]);

    const item = selectedItem(state);
    const taskId = item?.kind === 'task' ? item.id : undefined;
    useEffect(() => setScroll(0), [item?.id, state.current]);
    // An arrived item, once selected, is seen: its mark goes.
    useEffect(() => {
      const id = item?.id;
      if (id !== undefined && arrived.has(id)) setArrived((marked) => new Set([...marked].filter((m) => m !== id)));
    }, [item?.id, arrived]);
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

    /** Sends a confirmed action, says what came of it, then refreshes. */
    const send = async (p: Extract<Prompt, { mode: 'confirm' }>) => {
      setPrompt({ mode: 'busy', what: 'sending…' });
      try {
        const message =
          p.name === 'edit' ? (await approveAction(ctx, p.item.id)).message : await sendAction(ctx, p.name, p.item, p.text, p.resolved);
        changes.current++;
        kept.current.delete(`${p.name}:${p.item.id}`);
        setStatus({ text: `✓ ${message}`, tone: 'ok' });
        setPrompt({ mode: 'none' });
        await refresh(false);
      } catch (err) {
        const failure = await describeFailure(err);
        const { keep, note } = afterFailure(p.text, failure.exitCode);
        if (keep === undefined) kept.current.delete(`${p.name}:${p.item.id}`);
        else kept.current.set(`${p.name}:${p.item.id}`, keep);
        setPrompt({ mode: 'none' });
        setStatus({ text: `✗ ${failure.message}${note}`, tone: 'error' });
      }
    };

    /** Edits the draft in the editor (the dashboard steps aside meanwhile), then asks before approving. */
    const edit = async (target: Item & { kind: 'pending' }) => {
      setPrompt({ mode: 'busy', what: 'editing the draft…' });
      // What the editor flow says on stderr (where a kept text is) belongs in the status line.
      const said: string[] = [];
      const sink = new Writable({
        write(chunk, _encoding, done) {
          said.push(String(chunk).trim());
          done();
        },
      });
      const quiet: CommandContext = { ...ctx, io: { ...ctx.io, stderr: sink, isStderrTTY: false } };
      try {
        const edited = await suspended(() => editDraft(quiet, target.waiting.action));
        if (edited) changes.current++;
        if (!edited) {
          setStatus({ text: 'No changes; nothing was sent.', tone: 'info' });
          setPrompt({ mode: 'none' });
          return;
        }
        // The draft as the service now holds it is what the pane shows, and what would be approved.
        const action = edited.action;
        const updated: Item = { ...target, waiting: { ...target.waiting, action } };
        setState((s) =>
          replaceSections(s, {
            [s.current]: { ...s.sections[s.current], items: s.sections[s.current].items.map((i) => (i.id === target.id ? updated : i)) },
          }),
        );
        setStatus({ text: `✓ ${edited.message}`, tone: 'ok' });
        setPrompt({ mode: 'confirm', name: 'edit', item: updated, question: confirmQuestion('edit', updated, undefined) });
      } catch (err) {
        setPrompt({ mode: 'none' });
        await report(err);
        if (said.length) setStatus((s) => ({ ...s, text: `${s.text} (${said.map((l) => l.replace(/^wts: /, '')).join('; ')})` }));
      }
    };

    /** The key of an action on the selected item: ask for its text, or straight for the confirmation. */
    const start = (action: DashAction, target: Item, typed = '') => {
      if (action.name === 'edit') {
        if (target.kind === 'pending') void edit(target);
        return;
      }
      const ask = action.ask?.(target);
      if (ask) {
        const text = typed
          ? editLine({ text: '', cursor: 0 }, { input: typed }).text
          : (kept.current.get(`${action.name}:${target.id}`) ?? '');
        setPrompt({
          mode: 'text',
          action,
          item: target,
          prompt: ask.prompt,
          optional: Boolean(ask.optional),
          line: { text, cursor: text.length },
        });
        return;
      }
      setPrompt({ mode: 'confirm', name: action.name, item: target, question: confirmQuestion(action.name, target, undefined) });
    };

    /** Enter on a typed text: refuse a blank one that is required, resolve a column, then confirm. */
    const submit = async (p: Extract<Prompt, { mode: 'text' }>) => {
      const text = p.line.text;
      if (!text.trim() && !p.optional) {
        setStatus({ text: 'Type it first: Enter alone sends nothing (Esc cancels)', tone: 'error' });
        return;
      }
      if (p.action.name === 'move') {
        const task = taskOf(p.item);
        if (!task) return;
        try {
          const column = await columns.resolve(task.workspaceId, text);
          setPrompt({
            mode: 'confirm',
            name: 'move',
            item: p.item,
            text,
            resolved: column.key,
            question: confirmQuestion('move', p.item, text, column.label),
          });
        } catch (err) {
          await report(err);
        }
        return;
      }
      const value = text.trim() || undefined;
      const { answerFor } = await import('./actions.js');
      const resolved = p.action.name === 'answer' ? answerFor(p.item, text) : undefined;
      setPrompt({
        mode: 'confirm',
        name: p.action.name,
        item: p.item,
        ...(value !== undefined && { text: value }),
        ...(resolved !== undefined && { resolved }),
        question: confirmQuestion(p.action.name, p.item, value, resolved),
      });
    };

    useInput((input, key) => {
      if (key.ctrl && input === 'c') {
        exit();
        return;
      }
      let prompt = promptNow.current;
      // Text and Enter read together: the text is typed, then Enter counts.
      if ((prompt.mode === 'text' || prompt.mode === 'filter') && !key.ctrl && input.length > 1 && /[\r\n]$/.test(input)) {
        const line = editLine(prompt.line, { input: input.replace(/[\r\n]+$/, '') });
        prompt = { ...prompt, line };
        setPrompt(prompt);
        if (prompt.mode === 'filter') setState((s) => setFilter(s, line.text));
        input = '';
        key = { ...key, return: true };
      }
      switch (prompt.mode) {
        case 'busy':
          return;
        case 'help':
          setPrompt({ mode: 'none' });
          return;
        case 'confirm':
          if (input === 'y' || input === 'Y') void send(prompt);
          else if (input === 'n' || input === 'N' || key.escape || key.return) {
            if (prompt.text !== undefined) kept.current.set(`${prompt.name}:${prompt.item.id}`, prompt.text);
            setPrompt({ mode: 'none' });
            setStatus({
              text: prompt.name === 'edit' ? 'Not approved; the edited draft waits.' : 'Cancelled; nothing was sent.',
              tone: 'info',
            });
          }
          return;
        case 'filter':
          if (key.escape) {
            setState((s) => setFilter(s, ''));
            setPrompt({ mode: 'none' });
          } else if (key.return) setPrompt({ mode: 'none' });
          else {
            const line = editLine(prompt.line, { ...key, input, backspace: key.backspace || key.delete, delete: false });
            setPrompt({ mode: 'filter', line });
            setState((s) => setFilter(s, line.text));
          }
          return;
        case 'text':
          if (key.escape) {
            if (prompt.line.text) kept.current.set(`${prompt.action.name}:${prompt.item.id}`, prompt.line.text);
            setPrompt({ mode: 'none' });
            setStatus({ text: 'Cancelled; nothing was sent.', tone: 'info' });
          } else if (key.return) void submit(prompt);
          else
            setPrompt({ ...prompt, line: editLine(prompt.line, { ...key, input, backspace: key.backspace || key.delete, delete: false }) });
          return;
        case 'none':
          break;
      }
      // Esc and the next key read together arrive as that key with meta: the Esc clears the filter first.
      if (key.meta && !key.escape && input.length > 0) {
        setState((s) => setFilter(s, ''));
        if (input === '/') return setPrompt({ mode: 'filter', line: { text: '', cursor: 0 } });
      }
      // Keys typed faster than they are read arrive together: each moving key counts.
      if (input.length > 1 && !key.ctrl && !key.meta && /^[jkgG1-4]+$/.test(input)) {
        for (const ch of input) {
          if (/[1-4]/.test(ch)) setState((s) => sectionNumbered(s, Number(ch)));
          else setState((s) => moveSelection(s, ch === 'j' ? 1 : ch === 'k' ? -1 : ch === 'g' ? -Infinity : Infinity));
        }
        return;
      }
      // A key and what was typed after it, read together: the rest is the start of the filter or the text.
      const rest = input.length > 1 && !key.ctrl && !key.meta ? input.slice(1) : '';
      if (rest) input = input.slice(0, 1);
      if (input === 'q') return exit();
      if (key.downArrow || input === 'j') return setState((s) => moveSelection(s, 1));
      if (key.upArrow || input === 'k') return setState((s) => moveSelection(s, -1));
      if (input === 'g' || key.home) return setState((s) => moveSelection(s, -Infinity));
      if (input === 'G' || key.end) return setState((s) => moveSelection(s, Infinity));
      if (key.pageDown || input === 'J') return setScroll((n) => n + (key.pageDown ? 10 : 1));
      if (key.pageUp || input === 'K') return setScroll((n) => Math.max(0, n - (key.pageUp ? 10 : 1)));
      if (key.tab) return setState((s) => cycleSection(s, key.shift ? -1 : 1));
      if (/^[1-4]$/.test(input)) return setState((s) => sectionNumbered(s, Number(input)));
      const now = stateNow.current;
      if (input === '/') {
        const text = rest ? editLine({ text: '', cursor: 0 }, { input: rest }).text : (now.filters[now.current] ?? '');
        if (rest) setState((s) => setFilter(s, text));
        return setPrompt({ mode: 'filter', line: { text, cursor: text.length } });
      }
      if (key.escape) return setState((s) => setFilter(s, ''));
      if (input === 'R') return void refresh(true);
      if (input === '?') return setPrompt({ mode: 'help' });
      const action = actionForKey(input);
      const selected = selectedItem(now);
      if (action && selected && action.applies(selected)) return start(action, selected, rest);
      if (action)
        setStatus({
          text: `${action.key} (${action.label}) does not apply to ${selected ? 'this item' : 'an empty list'}; ? shows the keys`,
          tone: 'error',
        });
    });

    // ---- Layout ----
    const width = Math.max(20, size.columns);
    const height = Math.max(8, size.rows);
    const bodyHeight = height - 5;
    const listWidth = Math.max(24, Math.min(72, Math.floor(width * 0.42)));
    const detailWidth = Math.max(10, width - listWidth - 3);
    const line = (text: string) => h(Text, { wrap: 'truncate-end' }, text === '' ? ' ' : text);

    const updated = refreshedAt === undefined ? '' : `refreshed ${new Date(refreshedAt).toTimeString().slice(0, 8)}`;
    const title = `wts dash · ${terminalLine(options.title)}`;
    const header = padToWidth(truncateToWidth(title, width - displayWidth(updated) - 1), width - displayWidth(updated)) + updated;

    let body: string[];
    let detail: string[] = [];
    if (prompt.mode === 'help') {
      body = helpLines()
        .slice(0, bodyHeight)
        .map((l) => padToWidth(truncateToWidth(l, width), width));
    } else {
      const section = state.sections[state.current];
      const rows = listRows(state);
      const at = rows.findIndex((r) => 'item' in r && r.selected);
      const top = scrollTop(Math.max(0, at), rows.length, bodyHeight);
      const listLines = rows.slice(top, top + bodyHeight).map((r) => rowLine(chalk, r, listWidth, ctx.now(), arrived));
      const filter = state.filters[state.current];
      if (rows.length === 0 && filter && section.items.length > 0)
        listLines.push(
          padToWidth(truncateToWidth(`Nothing matches "${terminalLine(filter)}" (Esc clears the filter)`, listWidth), listWidth),
        );
      else if (section.note && rows.length === 0)
        listLines.push(padToWidth(truncateToWidth(terminalLine(section.note), listWidth), listWidth));
      else if (section.note) listLines.unshift(chalk.dim(padToWidth(truncateToWidth(terminalLine(section.note), listWidth), listWidth)));
      if (item?.kind === 'pending') detail = pendingLines(ctx, item, detailWidth);
      else if (item?.kind === 'schedule') detail = scheduleLines(ctx, item, detailWidth);
      else if (item?.kind === 'task') {
        const d = details.get(item.id);
        detail =
          d === undefined
            ? [chalk.dim('loading…')]
            : 'error' in d
              ? paneText(terminalLine(`✗ ${d.error}`), detailWidth)
              : taskLines(ctx, d, detailWidth);
      }
      const shown = detail.slice(
        Math.min(scroll, Math.max(0, detail.length - 1)),
        Math.min(scroll, Math.max(0, detail.length - 1)) + bodyHeight,
      );
      if (detail.length > bodyHeight && shown.length === bodyHeight)
        shown[bodyHeight - 1] = chalk.dim(
          `… ${detail.length - bodyHeight - Math.min(scroll, detail.length - 1) + 1} more lines (J/K or PgDn/PgUp)`,
        );
      body = Array.from(
        { length: bodyHeight },
        (_, i) => `${padToWidth(listLines[i] ?? '', listWidth)} ${chalk.dim('│')} ${shown[i] ?? ''}`,
      );
    }

    while (body.length < bodyHeight) body.push('');

    // The two lines above the keys: a result or a question may take both (wrapped at spaces); a typed
    // line keeps the last result above it, so both show.
    const rule = chalk.dim('─'.repeat(width));
    const filtered = state.filters[state.current];
    const filterLine = filtered ? chalk.dim(`filter: ${terminalLine(filtered)} (/ to change, Esc to clear)`) : rule;
    const tone = (text: string) => (status.tone === 'error' ? chalk.red(text) : status.tone === 'ok' ? chalk.green(text) : text);
    const twoLines = (text: string): [string, string] => {
      const wrapped = wrapText(terminalLine(text), width).split('\n');
      const [first = '', ...more] = wrapped;
      return more.length === 0 ? ['', first] : [first, more.join(' ')];
    };
    let above: string;
    let bottom: string;
    switch (prompt.mode) {
      case 'filter':
        [above, bottom] = [status.text ? tone(terminalLine(status.text)) : rule, typedLine('/', prompt.line, width)];
        break;
      case 'text':
        [above, bottom] = [status.text ? tone(terminalLine(status.text)) : rule, typedLine(`${prompt.prompt} `, prompt.line, width)];
        break;
      case 'confirm': {
        const [first, second] = twoLines(`${prompt.question} (y/N)`);
        [above, bottom] = [first ? chalk.bold(first) : status.text ? tone(terminalLine(status.text)) : rule, chalk.bold(second)];
        break;
      }
      case 'busy':
        [above, bottom] = [status.text ? tone(terminalLine(status.text)) : rule, prompt.what];
        break;
      default: {
        const [first, second] = twoLines(status.text);
        [above, bottom] = [first ? tone(first) : filterLine, tone(second)];
      }
    }

    return h(
      Box,
      { flexDirection: 'column', width, height },
      line(chalk.bold(header)),
      line(tabsLine(chalk, state, width, arrived)),
      ...body.map((l, i) => h(Box, { key: `b${i}`, width, height: 1 }, line(l))),
      line(above),
      line(bottom),
      line(keysLine(chalk, state, width)),
    );
  }

  /**
   * A prompt and the line typed after it, with the cursor shown (inverse, or an underscore without
   * colors), sanitized; when it is too wide, its start gives way (…), so the cursor stays in sight.
   */
  function typedLine(label: string, l: LineInput, width: number): string {
    const before = terminalLine(l.text.slice(0, l.cursor));
    const at = terminalLine(l.text.slice(l.cursor, l.cursor + 1));
    const after = terminalLine(l.text.slice(l.cursor + 1));
    const plain = `${label}${before}${at}${at ? '' : '_'}${after}`;
    if (displayWidth(plain) <= width)
      return chalk.level > 0
        ? `${label}${before}${chalk.inverse(at || ' ')}${after}`
        : `${label}${before}${at}${chalk.level > 0 || at ? '' : '_'}${after}`;
    // Too wide: what is left of the cursor, cut from the start.
    const head = `${label}${before}`;
    let cut = head;
    while (cut.length > 0 && displayWidth(`…${cut}_`) > width) cut = cut.slice(1);
    return `…${cut}_`;
  }

  // Leave the terminal as it was however the process ends.
  const onSignal = (signal: NodeJS.Signals) => {
    instance.unmount();
    restore();
    process.exit(128 + (signal === 'SIGTERM' ? 15 : signal === 'SIGHUP' ? 1 : 2));
  };
  const onExit = () => restore();
  stdout.write(ENTER_SCREEN);
  process.on('exit', onExit);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  const instance = ink.render(h(Dash), { stdout, stdin, stderr, exitOnCtrlC: false, patchConsole: false });
  try {
    await instance.waitUntilExit();
  } finally {
    process.off('SIGTERM', onSignal);
    process.off('SIGHUP', onSignal);
    process.off('exit', onExit);
    restore();
  }
}
