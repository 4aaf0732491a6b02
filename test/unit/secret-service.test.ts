// Our D-Bus read of the Secret Service (src/auth/stores/secret-service.ts) where no real one is needed:
// the bus address, the wire format read in either byte order, and what it does with a bus that does not
// answer as a Secret Service should: it fails (the store then asks @napi-rs/keyring), never hangs or
// guesses. Its reads against gnome-keyring are in test/e2e/keychain.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  busPath,
  encodeMessage,
  type HeaderField,
  messageSize,
  readMessage,
  searchSecretService,
} from '../../src/auth/stores/secret-service.js';

/** A reply to call `serial` whose body is one string. */
const stringReply = (serial: number, text: string) => encodeMessage(2, 100 + serial, [[5, 'u', serial]], 's', (w) => w.string(text));

describe('the session bus address', () => {
  it.each([
    ['unix:path=/run/user/1000/bus', '/run/user/1000/bus'],
    ['unix:path=/tmp/dbus-x,guid=0123abcd', '/tmp/dbus-x'],
    ['unix:abstract=/tmp/dbus-y,guid=0123abcd', '\0/tmp/dbus-y'],
    ['tcp:host=localhost,port=1;unix:path=/tmp/a%20b', '/tmp/a b'],
  ])('%s is the socket %j', (address, path) => {
    expect(busPath({ DBUS_SESSION_BUS_ADDRESS: address })).toBe(path);
  });

  it('is $XDG_RUNTIME_DIR/bus when none is set, as libdbus and sd-bus have it; without either there is none', () => {
    expect(busPath({ XDG_RUNTIME_DIR: '/run/user/1000' })).toBe('/run/user/1000/bus');
    expect(() => busPath({})).toThrow('no session bus');
  });

  it('is not one this read can use when no address is a Unix socket', () => {
    expect(() => busPath({ DBUS_SESSION_BUS_ADDRESS: 'tcp:host=localhost,port=1' })).toThrow('no Unix socket address');
  });
});

describe('the wire format', () => {
  it('reads a big-endian reply (another machine byte order a bus may pass on unchanged)', () => {
    // A method return to call 2, of signature "s", holding "hi"; written out by hand from the specification.
    const hex =
      '42 02 00 01 00000007 00000005 0000000f' + // 'B', return, flags, version 1; body 7 bytes; serial 5; fields 15 bytes
      ' 05 01 75 00 00000002' + // REPLY_SERIAL, variant "u": 2
      ' 08 01 67 00 01 73 00 00' + // SIGNATURE, variant "g": "s"; padded to 8
      ' 00000002 68 69 00'; // the body: "hi"
    const bytes = Buffer.from(hex.replaceAll(' ', ''), 'hex');
    expect(messageSize(bytes)).toBe(bytes.length);
    const message = readMessage(bytes);
    expect([message.type, message.replySerial, message.signature, message.body.string()]).toEqual([2, 2, 's', 'hi']);
  });

  it('reads back what it writes: an array of dict entries after padding, bytes, a variant passed over', () => {
    // a{o(oayays)} as GetSecrets answers, then a variant: the array's length counts from after the padding
    // that aligns its first entry to 8, which a reader counting from the length field gets wrong.
    const message = encodeMessage(
      2,
      9,
      [
        [5, 'u', 4],
        [7, 's', ':1.7'],
      ],
      'ua{o(oayays)}v',
      (w) => {
        w.u32(1);
        w.array(8, () => {
          for (const [item, secret] of [
            ['/a/1', 'one'],
            ['/a/2', 'twö'],
          ] as const) {
            w.pad(8);
            w.string(item);
            w.pad(8);
            w.string('/s');
            w.bytesOf(Buffer.from(''));
            w.bytesOf(Buffer.from(secret));
            w.string('text/plain');
          }
        });
        w.signature('a{ss}');
        w.array(8, () => {
          w.pad(8);
          w.string('k');
          w.string('v');
        });
      },
    );
    expect(messageSize(message)).toBe(message.length);
    const { replySerial, signature, body: r } = readMessage(message);
    expect([replySerial, signature, r.u32()]).toEqual([4, 'ua{o(oayays)}v', 1]);
    const entries = r.array(8, () => {
      r.align(8);
      const item = r.string();
      r.align(8);
      return [item, r.string(), r.bytes().toString(), r.bytes().toString(), r.string()];
    });
    expect(entries).toEqual([
      ['/a/1', '/s', '', 'one', 'text/plain'],
      ['/a/2', '/s', '', 'twö', 'text/plain'],
    ]);
    r.skip('v');
    expect(r.pos).toBe(message.length);
  });

  it('refuses a message larger than a search answer can be, from its first 16 bytes', () => {
    const head = Buffer.from('6c020001' + '00001000' + '01000000' + '00000000', 'hex'); // a body of 1 MiB
    expect(() => messageSize(head)).toThrow('a message of');
  });

  it('refuses a message cut short, a byte order it does not know, and a type it does not know', () => {
    const whole = stringReply(1, 'hello');
    expect(() => readMessage(whole.subarray(0, 20))).toThrow('cut short');
    expect(() => readMessage(whole).body.skip('a(ss)')).toThrow('cut short'); // the body read as a longer type
    expect(() => messageSize(Buffer.concat([Buffer.from('X'), whole.subarray(1)]))).toThrow('no byte order');
    const odd = encodeMessage(
      2,
      1,
      [
        [5, 'u', 1],
        [7, 's', ':1.7'],
      ],
      '',
      () => undefined,
    );
    odd[odd.indexOf(Buffer.from([7, 1, 0x73, 0])) + 2] = 0x7a; // the SENDER field's variant made of type "z"
    expect(() => readMessage(odd)).toThrow('a type this read does not know');
  });
});

/** A bus on a Unix socket of the test's own, answering each connection as `answer` says. */
async function fakeBus(answer: (socket: Socket, calls: ReturnType<typeof readMessage>[], serials: number[]) => void): Promise<string> {
  const path = join(dir, `bus-${++buses}`);
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    let greeted = false;
    let received = Buffer.alloc(0);
    const calls: ReturnType<typeof readMessage>[] = [];
    const serials: number[] = [];
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!greeted) {
        const begin = received.indexOf('BEGIN\r\n');
        if (begin < 0) return;
        received = received.subarray(begin + 'BEGIN\r\n'.length);
        greeted = true;
        socket.write('OK 0123456789abcdef0123456789abcdef\r\n');
      }
      for (let size = messageSize(received); size !== undefined && received.length >= size; size = messageSize(received)) {
        calls.push(readMessage(received.subarray(0, size)));
        serials.push(received.readUInt32LE(8));
        received = received.subarray(size);
      }
      answer(socket, calls, serials);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return `unix:path=${path}`;
}

const dir = mkdtempSync(join(tmpdir(), 'wts-secret-service-'));
const servers: Server[] = [];
const sockets: Socket[] = [];
let buses = 0;
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  rmSync(dir, { recursive: true, force: true });
});

const search = (address: string, signal?: AbortSignal) =>
  searchSecretService('wts', { env: { DBUS_SESSION_BUS_ADDRESS: address }, ...(signal && { signal }) });

describe('a bus that does not answer as a Secret Service', () => {
  it('refusing to let us in fails the read', async () => {
    const path = join(dir, `bus-${++buses}`);
    const server = createServer((socket) => {
      sockets.push(socket);
      socket.end('REJECTED EXTERNAL\r\n');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(path, resolve));
    await expect(search(`unix:path=${path}`)).rejects.toThrow('the session bus refused authentication (REJECTED)');
  });

  it('nothing listening fails the read', async () => {
    await expect(search(`unix:path=${join(dir, 'nobody')}`)).rejects.toThrow(/ENOENT/);
  });

  it('closing the connection midway fails the read', async () => {
    const address = await fakeBus((socket, calls) => {
      if (calls.length >= 3) socket.destroy();
    });
    await expect(search(address)).rejects.toThrow('the session bus closed the connection');
  });

  it('an answer of another shape fails the read, not read as if it were right', async () => {
    // Every call answered with a string: SearchItems's answer should be two arrays of object paths.
    const address = await fakeBus((socket, _calls, serials) => {
      for (const serial of serials.splice(0)) socket.write(stringReply(serial, 'x'));
    });
    await expect(search(address)).rejects.toThrow('an answer of type s where aoao was expected');
  });

  it('an error answer fails the read with its name', async () => {
    const address = await fakeBus((socket, _calls, serials) => {
      for (const serial of serials.splice(0)) {
        const fields: HeaderField[] = [
          [4, 's', 'org.freedesktop.DBus.Error.ServiceUnknown'],
          [5, 'u', serial],
        ];
        socket.write(encodeMessage(3, 100 + serial, fields, 's', (w) => w.string('no secrets here')));
      }
    });
    await expect(search(address)).rejects.toThrow('org.freedesktop.DBus.Error.ServiceUnknown: no secrets here');
  });

  it('a call answered by a message that is neither a return nor an error fails the read at once', async () => {
    // A signal (type 4) that names the call's serial as the one it answers: no return will follow it.
    const address = await fakeBus((socket, _calls, serials) => {
      for (const serial of serials.splice(0)) socket.write(encodeMessage(4, 100 + serial, [[5, 'u', serial]], '', () => undefined));
    });
    await expect(search(address)).rejects.toThrow('the session bus answered a call with a message of type 4');
  });

  it('a bus that never answers holds the read only until it is stopped', async () => {
    const address = await fakeBus(() => undefined);
    const controller = new AbortController();
    const read = search(address, controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(read).rejects.toThrow('stopped');
  });
});
