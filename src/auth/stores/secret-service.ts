// A read of the Secret Service (the Linux keychain) over D-Bus, in JavaScript: what every signed-in
// command with its credentials in the keychain does first. @napi-rs/keyring does the same in native
// code, but loading it costs about 3 ms of the main thread, and its sessions are encrypted with a
// Diffie-Hellman exchange that two CPUs' worth of start-up must share with gnome-keyring. This read
// opens a "plain" session, as go-keyring (the GitHub CLI's) does: the secret crosses the user's own
// session bus unencrypted, which only a process of the same user could watch, and such a process can
// read the keychain anyway. Its messages go out while the command loads, and their answers are read
// between its loads.
//
// It only reads, and only says what it is sure of. Whatever it cannot do (no session bus, an address
// that is not a Unix socket, no Secret Service, a locked collection that would need an unlock prompt,
// an answer of a shape it does not expect) fails, and the keychain store asks @napi-rs/keyring instead
// (src/auth/stores/keychain.ts), which prompts, writes, and says what went wrong.
//
// The D-Bus wire format (https://dbus.freedesktop.org/doc/dbus-specification.html), the parts the
// calls below use: little-endian messages out; either byte order in.
import { connect, type Socket } from 'node:net';

/** An entry of the service as the search found it. */
export interface FoundSecret {
  /** Its `username` attribute: the account @napi-rs/keyring names it by. */
  account: string;
  password: string;
}

/** An answer larger than this is not what a search of one service's entries sends back. */
const MAX_MESSAGE = 1 << 20;

const SECRETS = 'org.freedesktop.secrets';
const SECRETS_PATH = '/org/freedesktop/secrets';
const SERVICE = 'org.freedesktop.Secret.Service';

/**
 * The secrets of the service's unlocked entries, each with its account; rejects when it cannot say
 * (see the top of this file), and when `signal` is aborted. `env`: where the session bus is.
 */
export async function searchSecretService(
  service: string,
  { signal, env = process.env }: { signal?: AbortSignal; env?: NodeJS.ProcessEnv } = {},
): Promise<FoundSecret[]> {
  const bus = openBus(busPath(env), signal);
  try {
    void bus.call('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus', 'Hello');
    const session = bus.call(SECRETS, SECRETS_PATH, SERVICE, 'OpenSession', 'sv', (w) => {
      w.string('plain');
      w.signature('s');
      w.string('');
    });
    const search = bus.call(SECRETS, SECRETS_PATH, SERVICE, 'SearchItems', 'a{ss}', (w) =>
      w.array(8, () => {
        w.pad(8);
        w.string('service');
        w.string(service);
      }),
    );
    const [unlocked, locked] = read(await search, 'aoao', (r) => [r.array(4, () => r.string()), r.array(4, () => r.string())]);
    // Such entries are read only after an unlock prompt, which is not this read's to show.
    if (locked.length > 0) throw new Error('an entry is in a locked collection');
    const sessionPath = read(await session, 'vo', (r) => {
      r.skip(r.signature());
      return r.string();
    });
    if (unlocked.length === 0) return [];
    const attributes = unlocked.map((item) =>
      bus.call(SECRETS, item, 'org.freedesktop.DBus.Properties', 'Get', 'ss', (w) => {
        w.string('org.freedesktop.Secret.Item');
        w.string('Attributes');
      }),
    );
    const secrets = bus.call(SECRETS, SECRETS_PATH, SERVICE, 'GetSecrets', 'aoo', (w) => {
      w.array(4, () => {
        for (const item of unlocked) w.string(item);
      });
      w.string(sessionPath);
    });
    // a{o(oayays)}: each item's secret, (session, parameters, value, content type).
    const byItem = new Map(
      read(await secrets, 'a{o(oayays)}', (r) =>
        r.array(8, () => {
          r.align(8);
          const item = r.string();
          r.align(8);
          r.string();
          r.bytes();
          const value = r.bytes();
          r.string();
          return [item, value] as const;
        }),
      ),
    );
    const found: FoundSecret[] = [];
    for (const [i, item] of unlocked.entries()) {
      const pairs = read(await attributes[i], 'v', (r) => {
        const type = r.signature();
        if (type !== 'a{ss}') throw new Error(`the attributes of ${item} are of type ${type}`);
        return r.array(8, () => {
          r.align(8);
          return [r.string(), r.string()] as const;
        });
      });
      const account = pairs.find(([key]) => key === 'username')?.[1];
      // Not an entry @napi-rs/keyring wrote (it names each by its account): not ours to read.
      if (account === undefined) continue;
      const secret = byItem.get(item);
      if (!secret) throw new Error(`no secret came back for ${item}`);
      found.push({ account, password: secret.toString('utf8') });
    }
    return found;
  } finally {
    bus.close();
  }
}

/** A reply's body read by `body`, once its signature is checked; an answer of another shape fails. */
function read<T>(reply: Message | undefined, signature: string, body: (r: Reader) => T): T {
  if (!reply) throw new Error('no answer');
  if (reply.signature !== signature) throw new Error(`an answer of type ${reply.signature || '(none)'} where ${signature} was expected`);
  return body(reply.body);
}

/** The session bus's Unix socket (an abstract one begins with a NUL), from the environment as libdbus reads it. */
export function busPath(env: NodeJS.ProcessEnv): string {
  const address = env.DBUS_SESSION_BUS_ADDRESS;
  if (!address) {
    if (env.XDG_RUNTIME_DIR) return `${env.XDG_RUNTIME_DIR}/bus`;
    throw new Error('no session bus (DBUS_SESSION_BUS_ADDRESS is not set)');
  }
  for (const one of address.split(';')) {
    const colon = one.indexOf(':');
    if (one.slice(0, colon) !== 'unix') continue;
    const keys = new Map(
      one
        .slice(colon + 1)
        .split(',')
        .map((pair) => {
          const eq = pair.indexOf('=');
          return [pair.slice(0, eq), decodeURIComponent(pair.slice(eq + 1))] as const;
        }),
    );
    const path = keys.get('path');
    if (path) return path;
    const abstract = keys.get('abstract');
    if (abstract) return `\0${abstract}`;
  }
  throw new Error('the session bus has no Unix socket address this read knows');
}

interface Bus {
  /** Sends a method call, its body written by `body`, and resolves with its reply. */
  call(destination: string, path: string, iface: string, member: string, signature?: string, body?: (w: Writer) => void): Promise<Message>;
  close(): void;
}

/** Connects to the bus and authenticates as this user (SASL EXTERNAL); calls are sent at once behind. */
function openBus(path: string, signal?: AbortSignal): Bus {
  const socket: Socket = connect({ path });
  const pending = new Map<number, { resolve: (m: Message) => void; reject: (e: Error) => void }>();
  let serial = 0;
  let received: Buffer = Buffer.alloc(0);
  let failure: Error | undefined;

  const fail = (error: Error) => {
    failure ??= error;
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
    socket.destroy();
  };
  const onAbort = () => fail(new Error('stopped'));
  if (signal?.aborted) queueMicrotask(onAbort);
  signal?.addEventListener('abort', onAbort, { once: true });

  // The whole greeting at once, as sd-bus sends it: the bus answers OK, then reads the calls that follow.
  const uid = process.getuid?.() ?? 0;
  socket.write(`\0AUTH EXTERNAL ${Buffer.from(String(uid)).toString('hex')}\r\nBEGIN\r\n`);
  let greeted = false;
  socket.on('error', (error) => fail(error));
  socket.on('close', () => fail(new Error('the session bus closed the connection')));
  socket.on('data', (chunk: Buffer) => {
    received = received.length ? Buffer.concat([received, chunk]) : chunk;
    try {
      if (!greeted) {
        const end = received.indexOf('\r\n');
        if (end < 0) {
          if (received.length > 512) throw new Error('the session bus answered authentication with no line');
          return;
        }
        const line = received.subarray(0, end).toString('latin1');
        if (!line.startsWith('OK ')) throw new Error(`the session bus refused authentication (${line.split(' ')[0]})`);
        received = received.subarray(end + 2);
        greeted = true;
      }
      for (let size = messageSize(received); size !== undefined && received.length >= size; size = messageSize(received)) {
        const message = readMessage(received.subarray(0, size));
        received = received.subarray(size);
        if (message.replySerial === undefined) continue;
        const waiting = pending.get(message.replySerial);
        if (!waiting) continue;
        pending.delete(message.replySerial);
        if (message.type === 2) waiting.resolve(message);
        else if (message.type === 3) {
          const text = message.signature.startsWith('s') ? `: ${message.body.string()}` : '';
          waiting.reject(new Error(`${message.errorName ?? 'an error'}${text}`));
        } else waiting.reject(new Error(`the session bus answered a call with a message of type ${message.type}`));
      }
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
    }
  });

  return {
    call(destination, objectPath, iface, member, signature = '', body = () => undefined) {
      if (failure) return Promise.reject(failure);
      const fields: HeaderField[] = [
        [1, 'o', objectPath],
        [2, 's', iface],
        [3, 's', member],
        [6, 's', destination],
      ];
      const id = ++serial;
      socket.write(encodeMessage(1, id, fields, signature, body));
      const reply = new Promise<Message>((resolve, reject) => pending.set(id, { resolve, reject }));
      // A reply no one waits for (Hello's, or those after the search failed) must not fail the process.
      reply.catch(() => undefined);
      return reply;
    },
    close() {
      signal?.removeEventListener('abort', onAbort);
      failure ??= new Error('closed');
      pending.clear();
      socket.destroy();
    },
  };
}

// ---- The wire format ------------------------------------------------------------------------------

/** A complete message's size from its first 16 bytes, or undefined when they have not all come. */
export function messageSize(data: Buffer): number | undefined {
  if (data.length < 16) return undefined;
  const little = littleEndian(data[0]);
  const body = little ? data.readUInt32LE(4) : data.readUInt32BE(4);
  const fields = little ? data.readUInt32LE(12) : data.readUInt32BE(12);
  const size = align(16 + fields, 8) + body;
  if (size > MAX_MESSAGE) throw new Error(`the session bus sent a message of ${size} bytes`);
  return size;
}

function littleEndian(mark: number | undefined): boolean {
  if (mark === 0x6c) return true; // 'l'
  if (mark === 0x42) return false; // 'B'
  throw new Error('the session bus sent a message with no byte order');
}

const align = (n: number, to: number) => Math.ceil(n / to) * to;

export interface Message {
  /** 1 method call, 2 method return, 3 error, 4 signal. */
  type: number;
  replySerial?: number;
  errorName?: string;
  signature: string;
  /** A reader at the start of the body. */
  body: Reader;
}

/** A whole message: its header read, its body left to the reader its signature calls for. */
export function readMessage(data: Buffer): Message {
  const r = new Reader(data, littleEndian(data[0]));
  r.pos = 12;
  let replySerial: number | undefined;
  let errorName: string | undefined;
  let signature = '';
  r.array(8, () => {
    r.align(8);
    const code = r.byte();
    const type = r.signature();
    if (code === 5 && type === 'u') replySerial = r.u32();
    else if (code === 4 && type === 's') errorName = r.string();
    else if (code === 8 && type === 'g') signature = r.signature();
    else r.skip(type);
  });
  r.align(8);
  return {
    type: data[1] ?? 0,
    ...(replySerial !== undefined && { replySerial }),
    ...(errorName !== undefined && { errorName }),
    signature,
    body: r,
  };
}

/** A header field: its code (1 PATH, 2 INTERFACE, 3 MEMBER, 4 ERROR_NAME, 5 REPLY_SERIAL, 6 DESTINATION, …), type and value. */
export type HeaderField = [code: number, type: 'o' | 's' | 'g', value: string] | [code: number, type: 'u', value: number];

/** A whole little-endian message of `type` (1 call, 2 return, 3 error, 4 signal); the SIGNATURE field is added for a body. */
export function encodeMessage(type: number, serial: number, fields: HeaderField[], signature: string, body: (w: Writer) => void): Buffer {
  const b = new Writer();
  body(b);
  const all: HeaderField[] = signature ? [...fields, [8, 'g', signature]] : fields;
  const h = new Writer();
  for (const byte of [0x6c, type, 0, 1]) h.byte(byte);
  h.u32(b.length);
  h.u32(serial);
  h.array(8, () => {
    for (const field of all) {
      h.pad(8);
      h.byte(field[0]);
      h.signature(field[1]);
      if (field[1] === 'u') h.u32(field[2]);
      else if (field[1] === 'g') h.signature(field[2]);
      else h.string(field[2]);
    }
  });
  h.pad(8);
  return Buffer.concat([h.bytes(), b.bytes()]);
}

/** Writes values in the wire format, little-endian, each aligned as its type asks. */
export class Writer {
  private data = Buffer.alloc(512);
  length = 0;
  bytes(): Buffer {
    return this.data.subarray(0, this.length);
  }
  private room(n: number): void {
    if (this.length + n <= this.data.length) return;
    const larger = Buffer.alloc(Math.max(this.data.length * 2, this.length + n));
    this.data.copy(larger, 0, 0, this.length);
    this.data = larger;
  }
  pad(to: number): void {
    const end = align(this.length, to);
    this.room(end - this.length);
    this.data.fill(0, this.length, end);
    this.length = end;
  }
  byte(n: number): void {
    this.room(1);
    this.data[this.length++] = n;
  }
  u32(n: number): void {
    this.pad(4);
    this.room(4);
    this.length = this.data.writeUInt32LE(n, this.length);
  }
  /** A string or an object path. */
  string(s: string): void {
    this.u32(Buffer.byteLength(s));
    this.text(s);
  }
  signature(s: string): void {
    this.byte(Buffer.byteLength(s));
    this.text(s);
  }
  /** Bytes (ay). */
  bytesOf(value: Buffer): void {
    this.u32(value.length);
    this.room(value.length);
    this.length += value.copy(this.data, this.length);
  }
  /** An array whose elements align to `elementAlignment`, written by `elements`. */
  array(elementAlignment: number, elements: () => void): void {
    this.u32(0);
    const at = this.length - 4;
    this.pad(elementAlignment);
    const start = this.length;
    elements();
    this.data.writeUInt32LE(this.length - start, at);
  }
  private text(s: string): void {
    this.room(Buffer.byteLength(s) + 1);
    this.length += this.data.write(s, this.length);
    this.data[this.length++] = 0;
  }
}

/** Reads values in the wire format, in the message's byte order; a read past the end fails. */
export class Reader {
  pos = 0;
  constructor(
    private readonly data: Buffer,
    private readonly little: boolean,
  ) {}
  align(to: number): void {
    this.pos = align(this.pos, to);
    if (this.pos > this.data.length) throw new RangeError('a message cut short');
  }
  private take(n: number): Buffer {
    if (this.pos + n > this.data.length) throw new RangeError('a message cut short');
    const out = this.data.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  byte(): number {
    return this.take(1).readUInt8(0);
  }
  u32(): number {
    this.align(4);
    const b = this.take(4);
    return this.little ? b.readUInt32LE(0) : b.readUInt32BE(0);
  }
  /** A string or an object path. */
  string(): string {
    const s = this.take(this.u32()).toString('utf8');
    this.take(1);
    return s;
  }
  signature(): string {
    const s = this.take(this.byte()).toString('latin1');
    this.take(1);
    return s;
  }
  /** Bytes (ay). */
  bytes(): Buffer {
    return this.take(this.u32());
  }
  /** An array whose elements align to `elementAlignment`, each read by `element` (which aligns a struct or dict entry itself). */
  array<T>(elementAlignment: number, element: () => T): T[] {
    const n = this.u32();
    this.align(elementAlignment);
    const end = this.pos + n;
    if (end > this.data.length) throw new RangeError('a message cut short');
    const items: T[] = [];
    while (this.pos < end) items.push(element());
    if (this.pos !== end) throw new Error('an array that does not end where its length says');
    return items;
  }
  /** Passes over one value of any single complete type. */
  skip(type: string): void {
    const c = type[0];
    if (c === 'y') this.take(1);
    else if (c === 'n' || c === 'q') {
      this.align(2);
      this.take(2);
    } else if (c === 'b' || c === 'i' || c === 'u' || c === 'h') this.u32();
    else if (c === 'x' || c === 't' || c === 'd') {
      this.align(8);
      this.take(8);
    } else if (c === 's' || c === 'o') this.string();
    else if (c === 'g') this.signature();
    else if (c === 'v') {
      const inner = this.signature();
      if (types(inner).length !== 1) throw new Error(`a variant of ${inner}`);
      this.skip(inner);
    } else if (c === 'a') {
      const element = type.slice(1);
      this.array(alignment(element), () => this.skip(element));
    } else if (c === '(' || c === '{') {
      this.align(8);
      for (const inner of types(type.slice(1, -1))) this.skip(inner);
    } else throw new Error(`a type this read does not know: ${type}`);
  }
}

/** The single complete types of a signature, in order. */
function types(signature: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < signature.length; ) {
    const end = typeEnd(signature, i);
    out.push(signature.slice(i, end));
    i = end;
  }
  return out;
}

/** Where the single complete type that starts at `i` ends. */
function typeEnd(signature: string, i: number): number {
  const c = signature[i];
  if (c === 'a') return typeEnd(signature, i + 1);
  if (c === '(' || c === '{') {
    const close = c === '(' ? ')' : '}';
    let j = i + 1;
    while (signature[j] !== close) {
      if (j >= signature.length) throw new Error(`a signature with no ${close}: ${signature}`);
      j = typeEnd(signature, j);
    }
    return j + 1;
  }
  if (c === undefined || !'ybnqiuxtdhsogv'.includes(c)) throw new Error(`a type this read does not know: ${signature}`);
  return i + 1;
}

/** The alignment of a type's values. */
function alignment(type: string): number {
  const c = type[0];
  if (c === 'y' || c === 'g' || c === 'v') return 1;
  if (c === 'n' || c === 'q') return 2;
  if (c === 'x' || c === 't' || c === 'd' || c === '(' || c === '{') return 8;
  return 4;
}
