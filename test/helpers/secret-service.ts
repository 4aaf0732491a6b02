// Whether a Secret Service answers here, for the tests and the bench that keep credentials in the
// keychain: a probe entry set, read back and deleted, each call bounded (a D-Bus without a keyring
// daemon can hang a call).
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
