// Whether a Secret Service answers here, for the tests and the bench that keep credentials in the
// keychain: a probe entry set, read back and deleted, each call bounded (a D-Bus without a keyring
// daemon can hang a call).
import { spawn, spawnSync } from 'node:child_process';
import { keychainCall } from '../../src/auth/stores/keychain.js';
import { messageOf } from '../../src/errors.js';

/** Why no Secret Service can be used here, or undefined; `who` names the caller in the reason and the probe entry. */
export async function secretServiceProblem(who: 'test' | 'bench'): Promise<string | undefined> {
  if (process.platform !== 'linux') return `this is ${process.platform}; the ${who} drives the Linux Secret Service`;
  try {
    const { AsyncEntry } = await import('@napi-rs/keyring');
    const entry = new AsyncEntry(`wts-${who}-probe`, `probe-${process.pid}`, { linux: { store: 'secret-service' } });
    await keychainCall('probe set', 3000, (signal) => entry.setPassword('probe', signal));
    if ((await keychainCall('probe get', 3000, (signal) => entry.getPassword(signal))) !== 'probe')
      return 'the probe entry did not read back';
    await keychainCall('probe delete', 3000, (signal) => entry.deleteCredential(signal));
    return undefined;
  } catch (err) {
    return messageOf(err);
  }
}

/** A Secret Service of a test's own: a D-Bus session bus and gnome-keyring on it, its keyring in `dir`. */
export interface PrivateSecretService {
  /** DBUS_SESSION_BUS_ADDRESS for the processes that use it. */
  address: string;
  /** Locks the login collection, as a screen lock or a timeout may (the Secret Service's Lock). */
  lock(): void;
  /** Ends the bus; gnome-keyring, which lives on it, ends with it. */
  stop(): Promise<void>;
}

/**
 * Starts one, for a test that changes the keyring's state (locking it) where the suite's own Secret
 * Service is shared by every test file. No display: an unlock prompt cannot be shown, and is dismissed.
 */
export async function privateSecretService(dir: string): Promise<PrivateSecretService> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !['DISPLAY', 'WAYLAND_DISPLAY', 'DBUS_SESSION_BUS_ADDRESS'].includes(k)),
  );
  const bus = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    bus.on('error', reject);
    bus.on('exit', (code) => reject(new Error(`dbus-daemon exited (${code})`)));
    bus.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      if (out.includes('\n')) resolve(out.trim());
    });
  });
  const own = { ...env, DBUS_SESSION_BUS_ADDRESS: address, XDG_DATA_HOME: dir, XDG_RUNTIME_DIR: dir };
  const keyring = spawnSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], { env: own, input: 'test', encoding: 'utf8' });
  if (keyring.status !== 0) {
    bus.kill();
    throw new Error(`gnome-keyring-daemon failed (${keyring.status}): ${keyring.stderr}`);
  }
  return {
    address,
    lock() {
      const r = spawnSync(
        'dbus-send',
        [
          '--session',
          '--print-reply',
          '--dest=org.freedesktop.secrets',
          '/org/freedesktop/secrets',
          'org.freedesktop.Secret.Service.Lock',
          'array:objpath:/org/freedesktop/secrets/collection/login',
        ],
        { env: own, encoding: 'utf8' },
      );
      if (r.status !== 0) throw new Error(`dbus-send Lock failed (${r.status}): ${r.stderr}`);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (bus.exitCode !== null) return resolve();
        bus.removeAllListeners('exit');
        bus.once('exit', () => resolve());
        bus.kill();
      }),
  };
}
